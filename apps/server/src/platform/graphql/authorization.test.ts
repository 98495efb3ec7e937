import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { PUBLIC_OPERATIONS } from './schema';

/**
 * Walks every operation the server publishes (read by introspection, as any client would), so a new
 * operation is covered the day it is added: each must refuse an anonymous caller unless it is listed as
 * public, and none may answer a partner's caller with another partner's data.
 */
interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface FieldInfo {
  name: string;
  args: { name: string; type: TypeRef }[];
  type: TypeRef;
}
interface FullType {
  name: string;
  kind: string;
  fields: FieldInfo[] | null;
  inputFields: { name: string; type: TypeRef }[] | null;
  enumValues: { name: string }[] | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const INTROSPECTION = `{ __schema {
  queryType { name } mutationType { name }
  types { name kind enumValues { name } inputFields { name type { ${TYPE_REF} } }
    fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } } }`;

let server: TestServer;
let sk: number;
let partnerToken: string;
let types: Map<string, FullType>;
let operations: { id: string; kind: 'query' | 'mutation'; field: FieldInfo }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  sk = await partnerIdByShop(server.database, '100002');
  partnerToken = (await server.login('partner@demo.test')).token;
  const result = await server.gql<{ __schema: { types: FullType[] } }>(INTROSPECTION);
  types = new Map(result.data!.__schema.types.map((t) => [t.name, t]));
  operations = (['Query', 'Mutation'] as const).flatMap((root) =>
    (types.get(root)?.fields ?? []).map((field) => ({
      id: `${root}.${field.name}`,
      kind: root === 'Query' ? ('query' as const) : ('mutation' as const),
      field,
    })),
  );
});
afterAll(async () => server?.close());

function named(type: TypeRef): TypeRef {
  return type.ofType ? named(type.ofType) : type;
}

function sampleValue(type: TypeRef, partner: number | null, argName: string): string {
  if (type.kind === 'NON_NULL') return sampleValue(type.ofType!, partner, argName);
  if (type.kind === 'LIST') return `[${sampleValue(type.ofType!, partner, argName)}]`;
  const full = types.get(type.name!)!;
  if (full.kind === 'ENUM') return full.enumValues![0]!.name;
  if (full.kind === 'INPUT_OBJECT') {
    const required = (full.inputFields ?? []).filter((f) => f.type.kind === 'NON_NULL');
    return `{ ${required.map((f) => `${f.name}: ${sampleValue(f.type, partner, f.name)}`).join(', ')} }`;
  }
  if (type.name === 'Int' || type.name === 'Float') return '1';
  if (type.name === 'Boolean') return 'true';
  if (type.name === 'ID') return `"${/partner/i.test(argName) && partner ? partner : 1}"`;
  return '"sample"';
}

function selection(type: TypeRef): string {
  const full = types.get(named(type).name!)!;
  if (full.kind !== 'OBJECT') return '';
  const scalar = (full.fields ?? []).find(
    (f) => f.args.length === 0 && types.get(named(f.type).name!)?.kind !== 'OBJECT',
  );
  return scalar ? `{ ${scalar.name} }` : '{ __typename }';
}

function operationText(op: (typeof operations)[number], partner: number | null = null): string {
  const args = op.field.args
    .filter((a) => a.type.kind === 'NON_NULL')
    .map((a) => `${a.name}: ${sampleValue(a.type, partner, a.name)}`);
  return `${op.kind} { ${op.field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection(op.field.type)} }`;
}

const isPublic = (id: string) => (PUBLIC_OPERATIONS as readonly string[]).includes(id);

describe('every GraphQL operation', () => {
  it('is found by introspection, public ones included', () => {
    expect(operations.length).toBeGreaterThan(5);
    for (const pub of PUBLIC_OPERATIONS) expect(operations.map((o) => o.id)).toContain(pub);
  });

  it('refuses an anonymous caller unless it is public', async () => {
    const checked: string[] = [];
    for (const op of operations.filter((o) => !isPublic(o.id))) {
      const result = await server.gql(operationText(op));
      expect([op.id, codeOf(result), result.status]).toEqual([op.id, 'AUTHENTICATION_ERROR', 401]);
      checked.push(op.id);
    }
    expect(checked).toEqual(expect.arrayContaining(['Query.session', 'Query.dashboard', 'Query.cockpitPartners']));
  });

  it("never answers a partner's caller with another partner's data", async () => {
    const answeredAbout: string[] = [];
    for (const op of operations.filter((o) => !isPublic(o.id) && o.id !== 'Mutation.logout')) {
      // A Czech partner's account naming the Slovak partner in the header and in arguments.
      const result = await server.gql(operationText(op, sk), {}, { token: partnerToken, partnerId: sk });
      const answered = result.data && Object.values(result.data).some((v) => v !== null);
      if (!answered) {
        expect([op.id, codeOf(result)]).toEqual([op.id, expect.stringMatching(/^(ACCESS_DENIED|ENTITY_NOT_FOUND)$/)]);
        continue;
      }
      // What does answer must be about the caller's own partner, never the one named.
      const text = JSON.stringify(result.data);
      expect([op.id, text.includes('Záhrada Demo') || text.includes('100002')]).toEqual([op.id, false]);
      answeredAbout.push(op.id);
    }
    expect(answeredAbout).toContain('Query.session');
  });
});
