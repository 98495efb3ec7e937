import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DEMO_PASSWORD, DEMO_TOTP_SECRET, startTestServer, type TestServer } from '../../test/harness';
import { totpCode, totpStep } from './two-factor-totp';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

// The numbers are docs/security.md's (two-factor sign-in), written out: 5 guesses per ticket.
const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { twoFactor { ticket } } }';
const SECOND = 'mutation($t: String!, $c: String) { loginSecondFactor(ticket: $t, code: $c) { token } }';

async function ticketOf(email: string): Promise<string> {
  const result = await server.gql<{ login: { twoFactor: { ticket: string } } }>(LOGIN, { e: email, p: DEMO_PASSWORD });
  return result.data!.login.twoFactor.ticket;
}

function count(answers: { errors?: { extensions: { code: string } }[]; data: unknown }[]) {
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    const key = codeOf(answer) ?? 'SESSION';
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}

describe('the second step under a parallel burst', () => {
  it('checks five guesses of one ticket however many arrive at once, from however many addresses', async () => {
    const ticket = await ticketOf('support@demo.test');
    const right = totpCode(DEMO_TOTP_SECRET, totpStep());
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        server.gql(SECOND, { t: ticket, c: wrong(i) }, { ip: `203.0.113.${i + 1}` }),
      ),
    );
    expect(count(answers)).toEqual({ TWO_FACTOR_CODE_INVALID: 5, TOO_MANY_ATTEMPTS: 25 });
  });

  it('makes one session of one right code sent at once on ten tickets', async () => {
    const tickets: string[] = [];
    for (let i = 0; i < 10; i++) tickets.push(await ticketOf('sales@demo.test'));
    const code = totpCode(DEMO_TOTP_SECRET, totpStep());
    const answers = await Promise.all(tickets.map((t) => server.gql(SECOND, { t, c: code })));
    expect(count(answers)).toEqual({ SESSION: 1, TWO_FACTOR_CODE_INVALID: 9 });
  });

  it('makes one session of one ticket and its right code sent ten times at once', async () => {
    const ticket = await ticketOf('content@demo.test');
    const code = totpCode(DEMO_TOTP_SECRET, totpStep());
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.gql(SECOND, { t: ticket, c: code })));
    expect(count(answers).SESSION).toBe(1);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from sessions s join accounts a on a.id = s.account_id where a.email = 'content@demo.test'",
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
