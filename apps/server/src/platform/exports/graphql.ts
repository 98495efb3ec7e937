import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { builder } from '../graphql/builder';
import { exportRun, startExport } from './service';
import { EXPORT_FORMATS } from './writers';

/** Literal JSON in a query document (variables arrive already parsed). */
function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      throw new GraphQLError('JSON value expected');
  }
}

const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value; the operation that takes it checks its shape.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});
// The builder declares its scalars up front; JSON is added here beside its only use (export parameters).
const Json = (
  builder as unknown as { addScalarType(name: string, scalar: GraphQLScalarType, options: object): unknown }
).addScalarType('JSON', JsonScalar, {});

const ExportFormatEnum = builder.enumType('ExportFormat', { values: EXPORT_FORMATS });

type Run = Awaited<ReturnType<typeof exportRun>>;

const ExportJobRef = builder.objectRef<Pick<Run, 'id' | 'kind' | 'status'> & Partial<Run>>('ExportJob').implement({
  description: 'A requested export: QUEUED, RUNNING, END (the file is ready) or ERROR (errorCode says why).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind'),
    status: t.exposeString('status'),
    rows: t.int({ nullable: true, resolve: (r) => r.rows ?? null }),
    errorCode: t.string({ nullable: true, resolve: (r) => r.errorCode ?? null }),
    downloadPath: t.string({ nullable: true, resolve: (r) => (r.fileId ? `/api/files/${r.fileId}` : null) }),
  }),
});

builder.mutationField('exportStart', (t) =>
  t.field({
    type: ExportJobRef,
    description: 'Starts an export as a job; progress and the file arrive on the live stream (export_progress).',
    args: {
      kind: t.arg.string({ required: true }),
      format: t.arg({ type: ExportFormatEnum, required: true }),
      params: t.arg({ type: Json as 'String' }),
    },
    resolve: (_, args, ctx) => startExport(ctx, args.kind, args.format, args.params as unknown),
  }),
);

builder.queryField('exportJob', (t) =>
  t.field({
    type: ExportJobRef,
    description: "One of the caller's exports (a page that missed the stream asks here).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => exportRun(ctx, String(args.id)),
  }),
);
