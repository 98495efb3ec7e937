import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { partners } from '../partner/tables';
import { partnerWorkflows, workflowHistory } from './tables';

let server: TestServer;
let fresh: number;
let adminToken: string;

const COCKPIT_CHANGE = `mutation($id: ID!, $status: String!, $ticks: [WorkflowTickInput!], $note: String) {
  cockpitChangeWorkflow(partnerId: $id, status: $status, ticks: $ticks, note: $note) { status } }`;

const tick = (...keys: string[]) => keys.map((text) => ({ text, checked: true }));

async function setStatus(partnerId: number, status: string) {
  await server.database.db.update(partners).set({ workflowStatus: status }).where(eq(partners.id, partnerId));
  await server.database.db.delete(partnerWorkflows).where(eq(partnerWorkflows.partnerId, partnerId));
}

function operatorMove(partnerId: number, status: string, ticks?: { text: string; checked: boolean }[], note?: string) {
  return server.gql<{ cockpitChangeWorkflow: { status: string } }>(
    COCKPIT_CHANGE,
    { id: partnerId, status, ticks, note },
    { token: adminToken },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerName, 'Nový obchod Demo s.r.o.'));
  fresh = row!.id;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('the operator', () => {
  it('lets exactly one of two parallel moves from the same status pass', async () => {
    await setStatus(fresh, 'CONTENT_CONTROL');
    const before = await server.database.db.select().from(workflowHistory).where(eq(workflowHistory.partnerId, fresh));
    const results = await Promise.all([
      operatorMove(fresh, 'PRODUCTION', tick('contentApproved')),
      operatorMove(fresh, 'TESTING'),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.map(codeOf).filter(Boolean)).toEqual(['WORKFLOW_TRANSITION_NOT_ALLOWED']);
    const after = await server.database.db.select().from(workflowHistory).where(eq(workflowHistory.partnerId, fresh));
    expect(after.length - before.length).toBe(1);
  });
});
