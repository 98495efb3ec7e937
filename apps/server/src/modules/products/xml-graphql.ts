import { builder } from '../../platform/graphql/builder';
import type { productImports } from './tables';
import { latestProductImport } from './xml-import';

const ProductImportRef = builder.objectRef<typeof productImports.$inferSelect>('ProductImport').implement({
  description: 'A product XML import: QUEUED, RUNNING, DONE or FAILED, with its counts so far.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    fileName: t.exposeString('fileName'),
    done: t.exposeInt('done', { description: 'Items read and judged so far' }),
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    failed: t.exposeInt('failed', { description: 'Items refused; their reasons are in the errors tab' }),
    held: t.exposeInt('held', { description: 'Price changes over the 30 % bound held for confirmation' }),
    forced: t.exposeInt('forced', {
      description: 'Price changes over the 30 % bound applied at once because their item said FORCE_PRICE',
    }),
    errorCode: t.exposeString('errorCode', { nullable: true, description: 'Why the whole file was refused' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryField('productImportLatest', (t) =>
  t.field({
    type: ProductImportRef,
    nullable: true,
    description: 'The partner’s newest product XML import, null before the first.',
    resolve: (_root, _args, ctx) => latestProductImport(ctx),
  }),
);
