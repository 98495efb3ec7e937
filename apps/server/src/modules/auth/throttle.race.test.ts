import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '../../platform/metrics';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

// The numbers are docs/security.md's (promises 1 and 1b), written out: a changed limit must change the promise.
const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }';

async function passwordChecks(): Promise<number> {
  return (await metrics.passwordChecks.get()).values[0]?.value ?? 0;
}

/** 99 wrong guesses and the right password last, all sent at once. */
function burst(email: string, ipOf: (i: number) => string) {
  return Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      server.gql(LOGIN, { e: email, p: i === 99 ? DEMO_PASSWORD : `Wrong-guess-${i}!` }, { ip: ipOf(i) }),
    ),
  );
}

describe('login throttling under a parallel burst', () => {
  it('checks at most the allowed number of passwords from one address, and the right one at the end is refused', async () => {
    const before = await passwordChecks();
    const answers = await burst('partner@demo.test', () => '198.51.100.7');
    expect((await passwordChecks()) - before).toBe(5);
    expect(answers.filter((a) => codeOf(a) === 'BAD_CREDENTIALS')).toHaveLength(5);
    expect(answers.filter((a) => codeOf(a) === 'TOO_MANY_ATTEMPTS')).toHaveLength(100 - 5);
    expect(codeOf(answers[99]!)).toBe('TOO_MANY_ATTEMPTS');
    // The same address may still sign in to another account: the tight limit is per (account, address).
    expect(codeOf(await server.gql(LOGIN, { e: 'multi@demo.test', p: DEMO_PASSWORD }, { ip: '198.51.100.7' }))).toBe(
      undefined,
    );
  });

  it('from a hundred addresses, checks the account’s free attempts and then waits, never all hundred', async () => {
    const before = await passwordChecks();
    const started = Date.now();
    const answers = await burst('limited@demo.test', (i) => `203.0.113.${i + 1}`);
    const seconds = (Date.now() - started) / 1000;
    const checks = (await passwordChecks()) - before;
    expect(checks).toBeGreaterThanOrEqual(10);
    // Past the free ones, the n-th further check waits 2^(n-2) s after the one before: in t seconds at most
    // 1 + log2(t + 1) of them fit, however slowly this machine works through the burst.
    expect(checks).toBeLessThanOrEqual(10 + 1 + Math.floor(Math.log2(seconds + 1)));
    expect(checks).toBeLessThan(20);
    expect(answers.filter((a) => a.data?.login)).toHaveLength(0);
  });

  it('counts secret checks of token links per address before looking the token up', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        server.gql(
          'mutation($t: String!) { loginWithToken(token: $t) { token } }',
          { t: `made-up-${i}` },
          {
            ip: '198.51.100.200',
          },
        ),
      ),
    );
    expect(answers.filter((a) => codeOf(a) === 'BAD_CREDENTIALS')).toHaveLength(20);
    expect(answers.filter((a) => codeOf(a) === 'TOO_MANY_ATTEMPTS')).toHaveLength(100 - 20);
  });
});
