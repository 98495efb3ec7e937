import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer, mailedResetToken } from '../../test/harness';
import { loginTokens } from './tables';
import { hashToken } from './tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const REQUEST = 'mutation($e: String!) { passwordResetRequest(email: $e) }';
const STATUS = 'query($t: String!) { passwordResetLinkStatus(token: $t) }';
const RESET =
  'mutation($t: String!, $p: String!, $r: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $r) }';
const NEW_PASSWORD = 'Brand-new-pass-42!';

const mailedToken = (email: string) => mailedResetToken(server, email);

const status = async (token: string, ip = '10.1.1.1') =>
  (await server.gql<{ passwordResetLinkStatus: string }>(STATUS, { t: token }, { ip })).data?.passwordResetLinkStatus;

describe('reset link status (checked on arrival)', () => {
  it('is public and tells VALID, USED, EXPIRED and UNKNOWN without spending the link', async () => {
    await server.gql(REQUEST, { e: 'multi@demo.test' });
    const token = await mailedToken('multi@demo.test');
    expect(await status(token)).toBe('VALID');
    expect(await status(token)).toBe('VALID');
    expect(await status('no-such-link')).toBe('UNKNOWN');
    expect(await status('')).toBe('UNKNOWN');

    await server.gql(REQUEST, { e: 'limited@demo.test' });
    const old = await mailedToken('limited@demo.test');
    await server.database.db
      .update(loginTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(loginTokens.tokenHash, hashToken(old)));
    expect(await status(old)).toBe('EXPIRED');

    // Checking did not spend it: the reset still works, and afterwards the link is used.
    expect((await server.gql(RESET, { t: token, p: NEW_PASSWORD, r: NEW_PASSWORD })).data).toEqual({
      passwordReset: true,
    });
    expect(await status(token)).toBe('USED');
  });

  it('says nothing about the account', async () => {
    await server.gql(REQUEST, { e: 'partner@demo.test' });
    const token = await mailedToken('partner@demo.test');
    const answer = await server.gql(STATUS, { t: token });
    expect(JSON.stringify(answer)).not.toMatch(/partner@demo|email|account/i);
  });

  it('counts wrong guesses per address and allows one check per request', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 20; i++) expect(await status(`guess-${i}`, ip)).toBe('UNKNOWN');
    expect(codeOf(await server.gql(STATUS, { t: 'guess-x' }, { ip }))).toBe('TOO_MANY_ATTEMPTS');
    // Another address is not affected.
    expect(await status('guess-y', '10.7.7.8')).toBe('UNKNOWN');

    const twice = await server.gql(
      'query($t: String!) { a: passwordResetLinkStatus(token: $t) b: passwordResetLinkStatus(token: $t) }',
      { t: 'guess-z' },
      { ip: '10.7.7.9' },
    );
    expect(codeOf(twice)).toBe('QUERY_TOO_COMPLEX');
  });
});
