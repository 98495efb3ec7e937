import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { webhooks } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let limitedToken: string;

const FIELDS = 'id url event isEnabled status failedInRow lastAttemptAt';
const LIST = `{ webhooks { ${FIELDS} } }`;
const ONE = `query($id: ID!) { webhook(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($data: WebhookInput!) { webhookCreate(data: $data) { secret webhook { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $data: WebhookInput!) { webhookUpdate(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { webhookDelete(id: $id) }';
const ROTATE = 'mutation($id: ID!) { webhookRotateSecret(id: $id) { secret } }';

const hook = { url: 'http://127.0.0.1:9/orders', event: 'ORDER_STATUS_CHANGED', isEnabled: true };
type Fields = { field: string; rule: string }[];

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await server.database.db.delete(webhooks);
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'webhook', ['create', 'update', 'delete']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

const asCz = () => ({ token: czToken, partnerId: cz });

describe('webhooks', () => {
  it('creates, reads, updates and deletes a hook, each audited without the secret', async () => {
    const created = await server.gql<{ webhookCreate: { secret: string; webhook: { id: string } } }>(
      CREATE,
      { data: hook },
      asCz(),
    );
    expect(created.errors).toBeUndefined();
    const { secret, webhook } = created.data!.webhookCreate;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const id = webhook.id;
    const listed = await server.gql<{ webhooks: Record<string, unknown>[] }>(LIST, {}, asCz());
    expect(listed.data!.webhooks).toEqual([
      expect.objectContaining({ id, ...hook, status: 'OK', failedInRow: 0, lastAttemptAt: null }),
    ]);
    const updated = await server.gql<{ webhookUpdate: Record<string, unknown> }>(
      UPDATE,
      { id, data: { url: 'https://hooks.example.com/x', event: 'ORDER_CREATED', isEnabled: false } },
      { ...asCz() },
    );
    // The example domain resolves publicly or not at all; either way the answer is a rule, never INTERNAL.
    if (updated.errors) expect(codeOf(updated)).toBe('WEBHOOK_URL_NOT_ALLOWED');
    const second = await server.gql<{ webhookUpdate: Record<string, unknown> }>(
      UPDATE,
      { id, data: { ...hook, event: 'ORDER_CREATED', isEnabled: false } },
      asCz(),
    );
    expect(second.data!.webhookUpdate).toMatchObject({ event: 'ORDER_CREATED', isEnabled: false });
    const rotated = await server.gql<{ webhookRotateSecret: { secret: string } }>(ROTATE, { id }, asCz());
    expect(rotated.data!.webhookRotateSecret.secret).not.toBe(secret);
    expect((await server.gql(DELETE, { id }, asCz())).data).toEqual({ webhookDelete: true });
    expect(codeOf(await server.gql(ONE, { id }, asCz()))).toBe('WEBHOOK_NOT_FOUND');
    const trail = await server.database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.entity, 'webhook')));
    expect(trail.map((a) => a.action)).toEqual(
      expect.arrayContaining(['webhook.create', 'webhook.update', 'webhook.rotate-secret', 'webhook.delete']),
    );
    expect(JSON.stringify(trail)).not.toContain(secret);
  });

  it('refuses a bad URL or event field by field and writes nothing', async () => {
    for (const [data, field, rule] of [
      [{ ...hook, url: 'ftp://example.com/x' }, 'url', 'url'],
      [{ ...hook, url: 'not a url' }, 'url', 'url'],
      [{ ...hook, url: 'https://user:pw@example.com/x' }, 'url', 'urlCredentials'],
      [{ ...hook, url: `https://example.com/${'a'.repeat(2000)}` }, 'url', 'max'],
      [{ ...hook, url: '' }, 'url', 'required'],
      [{ ...hook, event: 'WEBHOOK_BROKEN' }, 'event', 'required'],
    ] as const) {
      const result = await server.gql(CREATE, { data }, asCz());
      expect(codeOf(result), JSON.stringify(data).slice(0, 60)).toBe('VALIDATION_ERROR');
      const fields = (result.errors![0]!.extensions.fields ?? []) as Fields;
      expect(fields).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await server.database.db.select().from(webhooks)).toHaveLength(0);
  });

  it("keeps each partner's hooks to itself", async () => {
    const created = await server.gql<{ webhookCreate: { webhook: { id: string } } }>(CREATE, { data: hook }, asCz());
    const id = created.data!.webhookCreate.webhook.id;
    const asSk = { token: skToken, partnerId: sk };
    expect((await server.gql<{ webhooks: unknown[] }>(LIST, {}, asSk)).data!.webhooks).toEqual([]);
    expect(codeOf(await server.gql(ONE, { id }, asSk))).toBe('WEBHOOK_NOT_FOUND');
    expect(codeOf(await server.gql(UPDATE, { id, data: hook }, asSk))).toBe('WEBHOOK_NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id }, asSk))).toBe('WEBHOOK_NOT_FOUND');
    expect(codeOf(await server.gql(ROTATE, { id }, asSk))).toBe('WEBHOOK_NOT_FOUND');
    expect(
      await server.database.db
        .select()
        .from(webhooks)
        .where(eq(webhooks.id, Number(id))),
    ).toHaveLength(1);
  });

  it('lets an account read but not change hooks without the webhook create, update and delete rights', async () => {
    const asLimited = { token: limitedToken, partnerId: cz };
    const listed = await server.gql<{ webhooks: unknown[] }>(LIST, {}, asLimited);
    expect(listed.errors).toBeUndefined();
    const id = (listed.data!.webhooks[0] as { id: string }).id;
    expect(codeOf(await server.gql(CREATE, { data: hook }, asLimited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(UPDATE, { id, data: hook }, asLimited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE, { id }, asLimited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(ROTATE, { id }, asLimited))).toBe('ACCESS_DENIED');
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'webhook', ['read']);
    await server.app.platform.authCache.changed({ all: true });
    expect(codeOf(await server.gql(LIST, {}, asLimited))).toBe('ACCESS_DENIED');
  });
});
