import { RESET_REQUEST_LIMIT } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';
import { LOGIN_LINK_JOB } from './login-link';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }';
const REQUEST = 'mutation($e: String!) { loginLinkRequest(email: $e) }';
const TOKEN_LOGIN = 'mutation($t: String!) { loginWithToken(token: $t) { token session { account { email } } } }';

/** The delay the guesser keeps running on the account has passed: the next attempt, whoever makes it, is let through. */
async function delayOver(email: string) {
  await server.database.db.execute(
    sql`update auth_throttle set not_before = now() - interval '1 second' where key = ${`login-account:${email}`}`,
  );
}

/** The sign-in link mailed to `email` by the link job, as the relay received it. */
async function mailedLoginToken(email: string): Promise<string | null> {
  const sent = await server.deliverMail(LOGIN_LINK_JOB);
  const mail = sent.filter((m) => m.to === email).at(-1);
  return /\/login\/token\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? null;
}

describe('a sign-in link when sign-in is throttled', () => {
  it('lets the owner in by a mailed link while a slow guesser from rotating addresses keeps the password form shut', async () => {
    const email = 'partner@demo.test';
    const owner = '192.0.2.50';
    let guess = 0;
    const guesser = () =>
      server.gql(LOGIN, { e: email, p: `Wrong-guess-${guess}!` }, { ip: `198.51.100.${(guess++ % 250) + 1}` });
    // The guesser works through the account's free attempts, each from a new address.
    while (codeOf(await guesser()) !== 'TOO_MANY_ATTEMPTS') expect(guess).toBeLessThan(30);

    // Trying every half second, the guesser takes each slot as the delay ends; the owner, from a new
    // address, meets the delay every time.
    for (let round = 0; round < 3; round++) {
      await delayOver(email);
      expect(codeOf(await guesser())).toBe('BAD_CREDENTIALS');
      const refused = await server.gql(LOGIN, { e: email, p: DEMO_PASSWORD }, { ip: owner });
      expect(codeOf(refused)).toBe('TOO_MANY_ATTEMPTS');
    }

    // The login form offers the link on that answer; the owner asks for it.
    expect((await server.gql(REQUEST, { e: email }, { ip: owner })).data).toEqual({ loginLinkRequest: true });
    const token = await mailedLoginToken(email);
    expect(token).toBeTruthy();
    const signedIn = await server.gql<{ loginWithToken: { token: string; session: { account: { email: string } } } }>(
      TOKEN_LOGIN,
      { t: token },
      { ip: owner },
    );
    expect(codeOf(signedIn)).toBeUndefined();
    expect(signedIn.data?.loginWithToken.session.account.email).toBe(email);
    // The link is spent.
    expect(codeOf(await server.gql(TOKEN_LOGIN, { t: token }, { ip: owner }))).toBe('BAD_CREDENTIALS');

    // From now on that address is the owner's: the password works there while the guesser goes on.
    expect(codeOf(await guesser())).toBe('TOO_MANY_ATTEMPTS');
    const byPassword = await server.gql<{ login: { token: string } }>(
      LOGIN,
      { e: email, p: DEMO_PASSWORD },
      { ip: owner },
    );
    expect(byPassword.data?.login.token).toBeTruthy();
    // Elsewhere the account's delay still holds.
    expect(codeOf(await server.gql(LOGIN, { e: email, p: DEMO_PASSWORD }, { ip: '192.0.2.51' }))).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it('answers the same for every e-mail, mails only an active confirmed account, and counts before it looks', async () => {
    const ip = '192.0.2.60';
    for (const email of ['multi@demo.test', 'nobody-here@demo.test', 'deactivated@demo.test']) {
      const answer = await server.gql(REQUEST, { e: email }, { ip });
      expect([email, answer.data, answer.errors]).toEqual([email, { loginLinkRequest: true }, undefined]);
    }
    const sent = await server.deliverMail(LOGIN_LINK_JOB);
    expect(sent.map((m) => m.to)).toEqual(['multi@demo.test']);
    expect(sent[0]!.subject).toBe('Your sign-in link to Partner Portal');

    // Per e-mail, known or not, from any address: the same limit, then the same refusal.
    for (const email of ['multi@demo.test', 'nobody-here@demo.test']) {
      const answers: (string | undefined)[] = [];
      for (let i = 0; i < RESET_REQUEST_LIMIT.max; i++) {
        answers.push(codeOf(await server.gql(REQUEST, { e: email }, { ip: `192.0.2.${70 + i}` })));
      }
      // One request of each was made above.
      expect(answers).toEqual([...Array(RESET_REQUEST_LIMIT.max - 1).fill(undefined), 'TOO_MANY_ATTEMPTS']);
    }
    expect(codeOf(await server.gql(REQUEST, { e: 'not an e-mail' }, { ip }))).toBe('VALIDATION_ERROR');
  });

  it('is one request per document', async () => {
    const twice = await server.gql(
      'mutation { a: loginLinkRequest(email: "a@demo.test") b: loginLinkRequest(email: "b@demo.test") }',
    );
    expect(codeOf(twice)).toBe('QUERY_TOO_COMPLEX');
  });
});
