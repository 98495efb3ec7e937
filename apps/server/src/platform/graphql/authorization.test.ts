import {
  ACTIONS,
  type CockpitAction,
  type CockpitArea,
  isOperatorAllowed,
  OPERATOR_ROLES,
  type OperatorRole,
  RESOURCES,
} from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_BATCH_JOB } from '../../modules/products/jobs';
import { DEMO_OPERATORS } from '../../seed/demo';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, signInAsPartner } from '../../test/harness';
import type { Fixtures, ForeignCall, OperationCase } from './authorization-cases';
import { PLATFORM_CASES } from './authorization-cases-platform';
import { SHOP_CASES } from './authorization-cases-shop';
import { PUBLIC_OPERATIONS } from './schema';

/**
 * Walks every operation the server publishes (read by introspection, as any client would), so a new
 * operation is covered the day it is added: it must have its entry in authorization-cases.ts, refuse an
 * anonymous caller unless public, refuse an account lacking its permission, and refuse (or skip) another
 * partner's record named by a caller acting for its own partner — leaving that record as it was.
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
type Operation = { id: string; kind: 'query' | 'mutation'; field: FieldInfo };

const OPERATION_CASES: Record<string, OperationCase> = { ...SHOP_CASES, ...PLATFORM_CASES };

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
const INTROSPECTION = `{ __schema {
  queryType { name } mutationType { name }
  types { name kind enumValues { name } inputFields { name type { ${TYPE_REF} } }
    fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } } }`;

let server: TestServer;
let cz: number;
let sk: number;
let partnerToken: string;
let adminToken: string;
/** An operator signed in as the Czech shop through the cockpit's remote login. */
let impersonationToken: string;
/** The Slovak shop's master, a member of no other shop: the caller naming Czech records. */
let skToken: string;
/** Members of the Czech shop holding every permission but one, by that one ("orders.update"). */
const lacking = new Map<string, string>();
/** A member of the Czech shop holding every permission, but not its master. */
let everyPermissionToken: string;
let fixtures: Fixtures;
let types: Map<string, FullType>;
let operations: Operation[] = [];

const sql = async <T>(text: string, params: unknown[] = []) =>
  (await server.database.executeSql(text, params)).rows as T[];
const one = async (text: string, params: unknown[] = []) =>
  String(Object.values((await sql<Record<string, unknown>>(text, params))[0]!)[0]);

/** A member of the Czech shop made for this walk (the setting, not what is tested). */
async function czMember(email: string, pairs: string[]): Promise<string> {
  const id = await one(
    `insert into accounts (email, password_hash, first_name, last_name, is_confirmed)
     select $1, password_hash, 'Walk', 'Account', true from accounts where email = 'partner@demo.test' returning id`,
    [email],
  );
  await sql(
    'insert into account_partners (partner_id, account_id, is_master, is_default) values ($1, $2, false, true)',
    [cz, id],
  );
  for (const pair of pairs) {
    const [subject, action] = pair.split('.');
    await sql('insert into access_policies (partner_id, account_id, subject, action) values ($1, $2, $3, $4)', [
      cz,
      id,
      subject,
      action,
    ]);
  }
  return (await server.login(email)).token;
}

const impersonate = (partnerId: number) => signInAsPartner(server, adminToken, partnerId);

/** Czech records of every kind a call can name; the few the demo lacks are added as the owner would have them. */
async function czechRecords(): Promise<Fixtures> {
  const of = (table: string, extra = '') =>
    one(`select id from ${table} where partner_id = $1 ${extra} order by id limit 1`, [cz]);
  await sql(
    `insert into partner_deliveries (partner_id, code, transport, title, price) values ($1, 'PPL', 'PPL', 'PPL', 99)`,
    [cz],
  );
  await sql(
    `insert into partner_documents (partner_id, file_id, document_type, title) values ($1, gen_random_uuid(), 'OTHER', 'Smlouva')`,
    [cz],
  );
  await sql(
    `insert into sandbox_accounts (partner_id, email, client_id, secret_hash) values ($1, 'sandbox@sport-demo.cz', 'walk-sandbox', 'x')`,
    [cz],
  );
  const view = await server.gql<{ savedViewCreate: { id: string } }>(
    'mutation { savedViewCreate(gridId: "orders", name: "Czech view", filters: []) { id } }',
    {},
    { token: partnerToken, partnerId: cz },
  );
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const run = await server.gql<{ exportStart: { id: string } }>(
    'mutation($p: JSON) { exportStart(kind: "orders", format: CSV, params: $p) { id } }',
    { p: { filters: [{ field: 'createdAt', operator: 'GREATER_THAN_OR_EQUAL', value: since }] } },
    { token: partnerToken, partnerId: cz },
  );
  const terms = await server.gql<{ currentTerms: { terms: { content: { id: string } } } }>(
    '{ currentTerms { terms { content { id } } } }',
    {},
    { token: partnerToken, partnerId: cz },
  );
  const invited = await server.gql<{ addPartnerAccount: { id: string } }>(
    'mutation { addPartnerAccount(input: { email: "invited@sport-demo.cz", firstName: "Iva", lastName: "Nová", lang: "cs" }) { id } }',
    {},
    { token: partnerToken, partnerId: cz },
  );
  if (!run.data || !invited.data) throw new Error(`fixtures: ${JSON.stringify([run.errors, invited.errors])}`);
  return {
    order: await of('orders'),
    // Product ids are the partner's own codes: one the Slovak shop does not happen to use as well.
    product: await one(
      'select id from products where partner_id = $1 and id not in (select id from products where partner_id = $2) order by id limit 1',
      [cz, sk],
    ),
    address: await of('partner_addresses'),
    contact: await of('partner_contacts'),
    delivery: await of('partner_deliveries'),
    document: await of('partner_documents'),
    conversation: await of('conversations'),
    webhook: await of('webhooks'),
    apiKey: await of('api_keys', 'and revoked_at is null'),
    sandbox: await of('sandbox_accounts'),
    notification: await of('partner_notifications'),
    savedView: view.data!.savedViewCreate.id,
    exportRun: run.data!.exportStart.id,
    billingExport: await one(
      `insert into billing_exports (partner_id, account_id, from_day, to_day)
       select $1, id, '2026-01-01', '2026-03-31' from accounts where email = 'partner@demo.test' returning id`,
      [cz],
    ),
    priceHold: await one(
      `insert into product_price_holds (partner_id, source_id, source, product_id, price_from, price_to)
       values ($1, gen_random_uuid(), 'IMPORT', 'WALK-PRICE', 100, 300) returning source_id`,
      [cz],
    ),
    heurekaCategory: await one(
      `insert into heureka_categories (partner_id, category_text) values ($1, 'Heureka.cz | Sport | Cyklistika | Přilby')
       returning id`,
      [cz],
    ),
    heurekaBoxOverride: await one(
      `insert into heureka_box_overrides (partner_id, product_id, box_type) values ($1, 'WALK-BOX', 'BIGBOX') returning id`,
      [cz],
    ),
    ...(await heurekaPairingFixtures()),
    ...(await mallFeedFixtures()),
    account: await one("select id from accounts where email = 'partner@demo.test'"),
    invitation: invited.data.addPartnerAccount.id,
    termsContent: terms.data!.currentTerms.terms.content.id,
    campaign: await one(
      "select id from campaigns where shops = '{CZ10MA}' and status = 'PUBLISHED' order by id limit 1",
    ),
    invoice: await one('select id from billing_documents where partner_id = $1 order by id limit 1', [cz]),
    passkey: await one(
      `insert into passkeys (account_id, name, credential_id, public_key)
       select id, 'Walk key', 'walk-credential', 'walk-key' from accounts where email = 'partner@demo.test' returning id`,
    ),
    portalDialog: await one(
      "insert into portal_dialogs (shops, valid_from, published, published_at) values ('{CZ10MA}', now(), true, now()) returning id",
    ),
    offsetNumber: await one('select document_number from billing_offsets where partner_id = $1 order by id limit 1', [
      cz,
    ]),
    campaignImport: await one(
      `insert into campaign_imports (partner_id, id, campaign_id, status, file_name)
       values ($1, gen_random_uuid(), (select id from campaigns where shops = '{CZ10MA}' and status = 'PUBLISHED'
         order by id limit 1), 'ERROR', 'walk.csv') returning id`,
      [cz],
    ),
  };
}

/** A PARAM name with one value (of the Czech shop's first Heureka feed category) and a MANUFACTURER of its feed. */
async function heurekaPairingFixtures(): Promise<{
  heurekaParam: string;
  heurekaParamValue: string;
  heurekaBrand: string;
}> {
  // Paired with the bike helmets, so that the category's parameters and the name's recommendations are listed.
  await sql(
    `update heureka_categories set category_id = (select id from categories where shop_id = 'CZ10MA' and level = 3
       and names->>'en' = 'Bike helmets') where partner_id = $1`,
    [cz],
  );
  const heurekaParam = await one(
    `insert into heureka_params (partner_id, heureka_category_id, name)
     select partner_id, id, 'Barva' from heureka_categories where partner_id = $1 order by id limit 1 returning id`,
    [cz],
  );
  const heurekaParamValue = await one(
    `insert into heureka_param_values (partner_id, param_id, value) values ($1, $2, 'Černá') returning id`,
    [cz, heurekaParam],
  );
  const heurekaBrand = await one(
    `insert into heureka_brands (partner_id, manufacturer) values ($1, 'Abus') returning id`,
    [cz],
  );
  return { heurekaParam, heurekaParamValue, heurekaBrand };
}

/** A MALL and a Heureka product feed of the Czech shop, each with one finished run (the demo shops have no feed). */
async function mallFeedFixtures(): Promise<{
  mallFeed: string;
  mallFeedRun: string;
  heurekaFeed: string;
  heurekaFeedRun: string;
}> {
  const mallFeed = await one(
    `insert into feeds (partner_id, format, type, url, enabled) values ($1, 'MALL', 'PRODUCTS', 'https://feeds.example.com/p.xml', false)
     returning id`,
    [cz],
  );
  const mallFeedRun = await one(
    `insert into feed_runs (feed_id, partner_id, format, type, trigger, status, started_at, ended_at)
     values ($1, $2, 'MALL', 'PRODUCTS', 'MANUAL', 'DONE', now(), now()) returning id`,
    [mallFeed, cz],
  );
  const heurekaFeed = await one(
    `insert into feeds (partner_id, format, type, url, enabled) values ($1, 'HEUREKA', 'PRODUCTS', 'https://feeds.example.com/h.xml', false)
     returning id`,
    [cz],
  );
  const heurekaFeedRun = await one(
    `insert into feed_runs (feed_id, partner_id, format, type, trigger, status, started_at, ended_at)
     values ($1, $2, 'HEUREKA', 'PRODUCTS', 'MANUAL', 'DONE', now(), now()) returning id`,
    [heurekaFeed, cz],
  );
  return { mallFeed, mallFeedRun, heurekaFeed, heurekaFeedRun };
}

/** Every row the Czech shop owns, as one fingerprint per table. */
async function czechState(): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>(
    `select table_name from information_schema.columns
     where column_name = 'partner_id' and table_schema = 'public' order by table_name`,
  );
  const state: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    state[table] = await one(
      `select md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text), '')) from "${table}" t
       where partner_id = $1`,
      [cz],
    );
  }
  state.accounts = await one(
    `select md5(string_agg(to_jsonb(a)::text, '|' order by a.id)) from accounts a
     where id in (select account_id from account_partners where partner_id = $1)`,
    [cz],
  );
  return state;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partnerToken = (await server.login('partner@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
  impersonationToken = await impersonate(cz);
  const skOwner = await one(
    `insert into accounts (email, password_hash, first_name, last_name, is_confirmed)
     select 'sk-owner@demo.test', password_hash, 'Eva', 'Malá', true from accounts where email = 'partner@demo.test'
     returning id`,
  );
  await sql(
    'insert into account_partners (partner_id, account_id, is_master, is_default) values ($1, $2, true, true)',
    [sk, skOwner],
  );
  skToken = (await server.login('sk-owner@demo.test')).token;
  const pairs = RESOURCES.flatMap((r) => ACTIONS.map((a) => `${r}.${a}`));
  everyPermissionToken = await czMember('walk-every@demo.test', pairs);
  const needed = new Set<string>(Object.values(OPERATION_CASES).map((c) => c.access));
  // "a.read|b.read" is an operation either permission opens: its caller lacks both.
  for (const access of [...needed].filter((a) => a.split('|').every((p) => pairs.includes(p)))) {
    const without = access.split('|');
    lacking.set(
      access,
      await czMember(
        `walk-no-${without.join('-or-')}@demo.test`,
        pairs.filter((p) => !without.includes(p)),
      ),
    );
  }
  fixtures = await czechRecords();
  // As an operator: in production the schema is shown to nobody else (the suite runs once in production mode).
  const result = await server.gql<{ __schema: { types: FullType[] } }>(INTROSPECTION, {}, { token: adminToken });
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

function operationText(op: Operation, partner: number | null = null): string {
  const sample = OPERATION_CASES[op.id]?.sample;
  if (sample) return sample;
  const args = op.field.args
    .filter((a) => a.type.kind === 'NON_NULL')
    .map((a) => `${a.name}: ${sampleValue(a.type, partner, a.name)}`);
  return `${op.kind} { ${op.field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection(op.field.type)} }`;
}

const isPublic = (id: string) => (PUBLIC_OPERATIONS as readonly string[]).includes(id);
// An operation without a case fails the first test; the others still hold it to the strictest answer.
const accessOf = (op: Operation) => OPERATION_CASES[op.id]?.access ?? 'operator';
const foreignOf = (op: Operation) => OPERATION_CASES[op.id]?.foreign ?? { none: 'no case yet' };

describe('every GraphQL operation', () => {
  it('has its decided access and record case, and no case outlives its operation', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(Object.keys(SHOP_CASES).filter((id) => id in PLATFORM_CASES)).toEqual([]);
    const ids = operations.map((o) => o.id).sort();
    expect({
      'operations without a case': ids.filter((id) => !(id in OPERATION_CASES)),
      'cases without an operation': Object.keys(OPERATION_CASES).filter((id) => !ids.includes(id)),
    }).toEqual({ 'operations without a case': [], 'cases without an operation': [] });
    const publicOnes = operations.filter((o) => accessOf(o) === 'public').map((o) => o.id);
    expect(publicOnes.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    // An operation naming a record by id must say what another partner's id gets: "none" is for those naming none.
    const namesAnId = (op: Operation) => op.field.args.some((a) => named(a.type).name === 'ID');
    const unexplained = operations.filter(
      (op) =>
        namesAnId(op) && 'none' in foreignOf(op) && accessOf(op) !== 'public' && !accessOf(op).startsWith('operator'),
    );
    expect(unexplained.map((o) => o.id)).toEqual([]);
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
      if (accessOf(op) !== 'account') {
        expect([op.id, codeOf(result)]).toEqual([op.id, 'ACCESS_DENIED']);
        continue;
      }
      // An account's own operations answer about the caller itself, never the partner named.
      const text = JSON.stringify(result.data);
      expect([op.id, text.includes('Záhrada Demo') || text.includes('100002')]).toEqual([op.id, false]);
      if (result.data && Object.values(result.data).some((v) => v !== null)) answeredAbout.push(op.id);
    }
    expect(answeredAbout).toContain('Query.session');
  });

  it('refuses an account lacking exactly the permission of the operation', async () => {
    const refused: string[] = [];
    for (const op of operations) {
      const access = accessOf(op);
      if (['public', 'account', 'member'].includes(access)) continue;
      const callers =
        access === 'operator' || access.startsWith('operator:')
          ? { master: partnerToken, impersonation: impersonationToken }
          : access === 'master'
            ? { 'every permission': everyPermissionToken }
            : { [`without ${access}`]: lacking.get(access)! };
      for (const [who, token] of Object.entries(callers)) {
        const result = await server.gql(operationText(op, cz), {}, { token, partnerId: cz });
        expect([op.id, who, codeOf(result)]).toEqual([op.id, who, 'ACCESS_DENIED']);
      }
      refused.push(op.id);
    }
    expect(refused).toEqual(expect.arrayContaining(['Mutation.orderUpdate', 'Mutation.changeMasterAccount']));
  });

  it("refuses another partner's record named under the caller's own partner, and leaves it as it was", async () => {
    const before = await czechState();
    const named: string[] = [];
    const otherwise: unknown[] = [];
    for (const op of operations) {
      const foreign = foreignOf(op);
      if ('none' in foreign) continue;
      const result = await server.gql(foreign.document, foreign.variables(fixtures), { token: skToken, partnerId: sk });
      const expected =
        typeof foreign.answer === 'string'
          ? { code: foreign.answer, data: null }
          : { code: undefined, data: foreign.answer(fixtures) };
      const got = { code: codeOf(result), data: result.data };
      if (JSON.stringify(got) !== JSON.stringify(expected)) otherwise.push({ op: op.id, expected, got });
      named.push(op.id);
    }
    expect(otherwise).toEqual([]);
    expect(named.length).toBeGreaterThan(40);
    // What a call queued runs for the caller's partner, not for the one whose ids it named.
    await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
    expect(await czechState()).toEqual(before);
  });

  it('finds those records for their own partner, so the refusals above are about ownership', async () => {
    for (const op of operations.filter((o) => o.kind === 'query')) {
      const foreign = foreignOf(op) as ForeignCall | { none: string };
      if ('none' in foreign) continue;
      const result = await server.gql(foreign.document, foreign.variables(fixtures), {
        token: partnerToken,
        partnerId: cz,
      });
      const value = result.data ? Object.values(result.data)[0] : null;
      expect([op.id, codeOf(result), value === null || (Array.isArray(value) && value.length === 0)]).toEqual([
        op.id,
        undefined,
        false,
      ]);
    }
  });

  it("lets each operator role do exactly what the role grants, and nothing else of the cockpit's", async () => {
    const roleTokens = new Map<OperatorRole, string>();
    for (const [role, email] of Object.entries(DEMO_OPERATORS) as [OperatorRole, string][]) {
      roleTokens.set(role, (await server.login(email)).token);
    }
    const spare = Number(
      await one(
        `select p.id from partners p join account_partners ap on ap.partner_id = p.id
         join accounts a on a.id = ap.account_id where a.email = 'seller0@demo.test'`,
      ),
    );
    const walked: string[] = [];
    for (const op of operations) {
      const access = accessOf(op);
      if (!access.startsWith('operator:')) continue;
      const [area, action] = access.slice('operator:'.length).split('.') as [CockpitArea, CockpitAction];
      for (const role of OPERATOR_ROLES) {
        // The calls a role may make go through with sample values: a spare partner, never the shops the walk reads.
        const result = await server.gql(operationText(op, spare), {}, { token: roleTokens.get(role)! });
        const refused = codeOf(result) === 'ACCESS_DENIED';
        expect([op.id, role, refused]).toEqual([op.id, role, !isOperatorAllowed([role], area, action)]);
      }
      walked.push(op.id);
    }
    expect(walked).toEqual(expect.arrayContaining(['Query.cockpitPartners', 'Mutation.cockpitStartBillingRun']));
  });
});
