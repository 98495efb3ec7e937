import { WORKFLOW_STATUSES } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { partners } from '../partner/tables';
import { partnerWorkflows } from './tables';

/**
 * The moves each side may make from each status, written out from docs/decisions.md ("Workflow",
 * "Transitions") rather than read from the domain's table, so a wrong row in that table (a partner moving
 * itself to PRODUCTION) fails here.
 */
const PARTNER_MOVES: Record<string, string[]> = {
  REGISTERED: ['VENDOR_CHECK_STANDARD', 'VENDOR_CHECK_VIP', 'ONBOARDING_CANCELLED'],
  VENDOR_CHECK_STANDARD: ['ONBOARDING_CANCELLED'],
  VENDOR_CHECK_VIP: ['ONBOARDING_CANCELLED'],
  DRAFT_CONTRACT: ['ONBOARDING_CANCELLED'],
  PARTNER_ACCESS: ['TESTING', 'ONBOARDING_CANCELLED'],
  TESTING: ['CONTENT_CONTROL', 'ONBOARDING_CANCELLED'],
  CONTENT_CONTROL: ['ONBOARDING_CANCELLED'],
  PRODUCTION: [],
  HIDDEN_ON_WEB: [],
  DEACTIVATED: [],
  ONBOARDING_CANCELLED: [],
};
const OPERATOR_MOVES: Record<string, string[]> = {
  REGISTERED: ['ONBOARDING_CANCELLED'],
  VENDOR_CHECK_STANDARD: ['DRAFT_CONTRACT', 'ONBOARDING_CANCELLED'],
  VENDOR_CHECK_VIP: ['DRAFT_CONTRACT', 'ONBOARDING_CANCELLED'],
  DRAFT_CONTRACT: ['PARTNER_ACCESS', 'ONBOARDING_CANCELLED'],
  PARTNER_ACCESS: ['TESTING', 'ONBOARDING_CANCELLED'],
  TESTING: ['ONBOARDING_CANCELLED'],
  CONTENT_CONTROL: ['PRODUCTION', 'TESTING', 'ONBOARDING_CANCELLED'],
  PRODUCTION: ['HIDDEN_ON_WEB', 'DEACTIVATED'],
  HIDDEN_ON_WEB: ['PRODUCTION', 'DEACTIVATED'],
  DEACTIVATED: ['PRODUCTION'],
  ONBOARDING_CANCELLED: ['REGISTERED'],
};
const STATUSES = Object.keys(PARTNER_MOVES);
/** The statuses whose partner its own accounts no longer reach (the login says why). */
const OUT_OF_REACH = ['DEACTIVATED', 'ONBOARDING_CANCELLED'];

let server: TestServer;
let fresh: number;
let freshToken: string;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerName, 'Nový obchod Demo s.r.o.'));
  fresh = row!.id;
  freshToken = (await server.login('onboarding@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

/** Puts the partner in a status as the setting of a case (the moves into it are tested elsewhere). */
async function setStatus(status: string) {
  await server.database.db.update(partners).set({ workflowStatus: status }).where(eq(partners.id, fresh));
  await server.database.db.delete(partnerWorkflows).where(eq(partnerWorkflows.partnerId, fresh));
  // As every real status change does: sessions read the partner again (a deactivated one is out of reach).
  await server.app.platform.authCache.changed({ all: true });
}

async function statusNow() {
  const [row] = await server.database.db
    .select({ status: partners.workflowStatus })
    .from(partners)
    .where(eq(partners.id, fresh));
  return row!.status;
}

describe('the workflow table', () => {
  it('covers every status the domain knows, which are the spec’s', () => {
    // The spec's list (platform-account-billing.md, "Workflow statuses"), alphabetically.
    const spec = [
      'CONTENT_CONTROL',
      'DEACTIVATED',
      'DRAFT_CONTRACT',
      'HIDDEN_ON_WEB',
      'ONBOARDING_CANCELLED',
      'PARTNER_ACCESS',
      'PRODUCTION',
      'REGISTERED',
      'TESTING',
      'VENDOR_CHECK_STANDARD',
      'VENDOR_CHECK_VIP',
    ];
    expect([...WORKFLOW_STATUSES].sort()).toEqual(spec);
    expect([...STATUSES].sort()).toEqual(spec);
  });

  it.each(STATUSES)('offers each side exactly its decided moves from %s', async (status) => {
    await setStatus(status);
    const partner = await server.gql<{ workflow: { availableStates: string[] } }>(
      '{ workflow { availableStates } }',
      {},
      { token: freshToken, partnerId: fresh },
    );
    const operator = await server.gql<{ cockpitWorkflow: { availableStates: string[] } }>(
      'query($id: ID!) { cockpitWorkflow(partnerId: $id) { availableStates } }',
      { id: fresh },
      { token: adminToken },
    );
    expect({
      partner: [...(partner.data?.workflow.availableStates ?? [])].sort(),
      operator: [...(operator.data?.cockpitWorkflow.availableStates ?? [])].sort(),
    }).toEqual({ partner: [...PARTNER_MOVES[status]!].sort(), operator: [...OPERATOR_MOVES[status]!].sort() });
  });

  it.each(STATUSES)('refuses the partner every other move from %s, and the status stays', async (from) => {
    const refused: string[] = [];
    for (const to of STATUSES.filter((s) => !PARTNER_MOVES[from]!.includes(s))) {
      await setStatus(from);
      const answer = await server.gql(
        'mutation($s: String!) { changeWorkflow(status: $s) { status } }',
        { s: to },
        { token: freshToken, partnerId: fresh },
      );
      // A deactivated or cancelled partner is out of its accounts' reach: refused before the workflow is asked.
      const code = OUT_OF_REACH.includes(from) ? 'ACCESS_DENIED' : 'WORKFLOW_TRANSITION_NOT_ALLOWED';
      expect([to, codeOf(answer), await statusNow()]).toEqual([to, code, from]);
      refused.push(to);
    }
    expect(refused).toContain(from === 'PRODUCTION' ? 'HIDDEN_ON_WEB' : 'PRODUCTION');
  });
});
