import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';

/**
 * Operators' changes side by side on PostgreSQL: two administrators taking the role from each other at the same
 * moment must not leave the cockpit without one (every administrator's row is locked by either change).
 */

let server: TestServer;
const SET_ROLES = 'mutation($id: ID!, $r: [String!]!) { cockpitSetOperatorRoles(id: $id, roles: $r) { id roles } }';

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

async function idOf(email: string): Promise<string> {
  const rows = await server.database.executeSql('select id from accounts where email = $1', [email]);
  return String((rows.rows[0] as { id: number }).id);
}

describe('operators under parallel changes', () => {
  it('keeps one administrator when two demote each other at once, round after round', async () => {
    const admin = (await server.login('admin@demo.test')).token;
    const adminId = await idOf('admin@demo.test');
    const financeId = await idOf('finance@demo.test');
    for (let round = 0; round < 5; round++) {
      await server.gql(SET_ROLES, { id: financeId, r: ['administrator'] }, { token: admin });
      const second = (await server.login('finance@demo.test')).token;
      const results = await Promise.all([
        server.gql(SET_ROLES, { id: financeId, r: ['finance'] }, { token: admin }),
        server.gql(SET_ROLES, { id: adminId, r: ['support'] }, { token: second }),
      ]);
      const codes = results.map(codeOf);
      expect(codes.filter((c) => c === undefined)).toHaveLength(1);
      // The loser either saw two administrators and was stopped at the last one, or came after the winner's
      // change reached its session and is no administrator any more.
      const [loser, ...more] = codes.filter((c) => c !== undefined);
      expect(more).toEqual([]);
      expect(['OPERATOR_LAST_ADMINISTRATOR', 'ACCESS_DENIED']).toContain(loser);
      const left = await server.database.executeSql(
        `select count(*)::int as n from accounts where is_active and 'administrator' = any(operator_roles)`,
      );
      expect((left.rows[0] as { n: number }).n).toBe(1);
      // Back to the start: the survivor gives the other its old role.
      const survivor = codes[0] === undefined ? admin : second;
      await server.gql(SET_ROLES, { id: adminId, r: ['administrator'] }, { token: survivor });
      await server.gql(SET_ROLES, { id: financeId, r: ['finance'] }, { token: admin });
    }
  });
});
