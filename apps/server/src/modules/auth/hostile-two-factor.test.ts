import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DEMO_PASSWORD, startTestServer, type TestServer } from '../../test/harness';

/**
 * What an attacker or a broken client could send to two-factor sign-in (issue 24): tickets, codes, recovery
 * codes, passkey answers and enrolment. Every answer is a catalogue error naming the rule or the operation's own
 * code, never INTERNAL or a 500, and a refused step makes no session and spends no code.
 */

let server: TestServer;
let partner: string;
let lastIp = 0;

beforeAll(async () => {
  server = await startTestServer();
  partner = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

type Answer = Awaited<ReturnType<TestServer['gql']>>;

const NUL = '\u0000';
const LONE = '\ud800';
const LONG = 'x'.repeat(100_000);
const HUGE = 'x'.repeat(2 * 1024 * 1024);

const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token twoFactor { ticket } } }';
const SECOND =
  'mutation($t: String!, $c: String, $r: String, $k: String) { loginSecondFactor(ticket: $t, code: $c, recoveryCode: $r, passkey: $k) { token } }';
const OPTIONS = 'mutation($t: String!) { loginPasskeyOptions(ticket: $t) }';

function fieldsOf(answer: Answer): { field: string; rule: string }[] {
  return (answer.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[];
}

function expectCode(answer: Answer, code: string) {
  expect(answer.status, JSON.stringify(answer.errors)).toBeLessThan(500);
  expect(codeOf(answer), JSON.stringify(answer.errors)).toBe(code);
  expect(answer.errors![0]!.message).not.toMatch(/^errors\./);
}

function expectRule(answer: Answer, field: string, rule: string) {
  expectCode(answer, 'VALIDATION_ERROR');
  expect(fieldsOf(answer)).toContainEqual(expect.objectContaining({ field, rule }));
}

/** Each request from its own address: the address-wide secret limit is not what these cases test. */
const nextIp = () => `10.77.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;
const anonymous = (query: string, variables: Record<string, unknown>) => server.gql(query, variables, { ip: nextIp() });
const signedIn = (query: string, variables: Record<string, unknown> = {}) =>
  server.gql(query, variables, { token: partner, ip: '10.78.0.1' });

/**
 * A fresh pending sign-in of the demo administrator (authenticator app and recovery codes), with the attempt
 * counters forgotten: a ticket takes five wrong answers, and these cases send many more than that.
 */
async function freshTicket(): Promise<string> {
  await server.database.executeSql('delete from auth_throttle');
  const answer = await anonymous(LOGIN, { e: 'admin@demo.test', p: DEMO_PASSWORD });
  return (answer.data as { login: { twoFactor: { ticket: string } } }).login.twoFactor.ticket;
}

/** What a second step writes: sessions, spent codes and tickets, passkeys, challenges. */
async function footprint(): Promise<string> {
  const { rows } = await server.database.executeSql(`select
    (select count(*)::int from sessions) as sessions,
    (select count(*)::int from two_factor_recovery_codes where used_at is not null) as spent,
    (select count(*)::int from two_factor_tickets where used_at is not null) as tickets,
    (select count(*)::int from passkeys) as passkeys,
    (select md5(coalesce(string_agg(concat_ws('|', account_id, totp_enabled_at, totp_last_step), ','
       order by account_id), '')) from two_factor_accounts) as totp`);
  return JSON.stringify(rows[0]);
}

async function leavesNoTrace(attempts: () => Promise<void>) {
  const before = await footprint();
  await attempts();
  expect(await footprint()).toBe(before);
}

describe('the second step of a sign-in', () => {
  it('answers TWO_FACTOR_EXPIRED for tickets that are control characters, lone surrogates, huge or empty', async () => {
    await leavesNoTrace(async () => {
      for (const ticket of [NUL, `${NUL}abc`, LONE, LONG, HUGE, '', ' ', 'x'.repeat(200)]) {
        expectCode(await anonymous(SECOND, { t: ticket, c: '123456' }), 'TWO_FACTOR_EXPIRED');
        expectCode(await anonymous(OPTIONS, { t: ticket }), 'TWO_FACTOR_EXPIRED');
      }
    });
  });

  it('refuses codes and recovery codes that are no codes before the ticket is even looked at', async () => {
    await leavesNoTrace(async () => {
      const t = await freshTicket();
      for (const bad of [
        NUL,
        `12345${NUL}`,
        LONE,
        `12345${LONE}`,
        LONG,
        HUGE,
        '1e400',
        '-12345',
        '１２３４５６',
        ' ',
      ]) {
        expectRule(await anonymous(SECOND, { t, c: bad }), 'code', 'twoFactorCode');
        expectRule(await anonymous(SECOND, { t, r: bad }), 'recoveryCode', 'recoveryCode');
      }
      expectRule(await anonymous(SECOND, { t }), 'code', 'required');
      expectRule(await anonymous(SECOND, { t, c: '', r: '', k: '' }), 'code', 'required');
      expectRule(await anonymous(SECOND, { t, c: '123456', r: 'abcde-fghjk' }), 'recoveryCode', 'invalid');
      expectRule(await anonymous(SECOND, { t, c: '123456', k: '{}' }), 'passkey', 'invalid');
      expectRule(await anonymous(SECOND, { t, k: HUGE }), 'passkey', 'max');
      // None of these was a guess: the ticket still takes a wrong code as one.
      expectCode(await anonymous(SECOND, { t, c: '000000' }), 'TWO_FACTOR_CODE_INVALID');
    });
  });

  it('answers TWO_FACTOR_CODE_INVALID for passkey answers that are not JSON, nested 1,000 deep, or forged', async () => {
    const deepArray = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const deepObject = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    const answers = [
      'not json',
      '',
      'null',
      '1e400',
      '"passkey"',
      deepArray,
      deepObject,
      `{"id":${deepObject}}`,
      `{"id":"x","response":${deepObject}}`,
      JSON.stringify({ id: NUL }),
      JSON.stringify({ id: `key${NUL}`, rawId: NUL, type: 'public-key', response: {} }),
      JSON.stringify({ id: LONE }),
      JSON.stringify({ id: 'x'.repeat(60_000) }),
      JSON.stringify({ id: ['x'], response: { clientDataJSON: NUL } }),
      '{"__proto__":{"id":"x"},"constructor":{"prototype":{"id":"x"}}}',
    ];
    await leavesNoTrace(async () => {
      let t = '';
      for (const [i, k] of answers.entries()) {
        // Five wrong answers end a ticket.
        if (i % 4 === 0) t = await freshTicket();
        const answer = await anonymous(SECOND, { t, k });
        if (k === '') expectRule(answer, 'code', 'required');
        else expectCode(answer, 'TWO_FACTOR_CODE_INVALID');
      }
      // An account without passkeys is offered none.
      expectCode(await anonymous(OPTIONS, { t: await freshTicket() }), 'INVALID_OPERATION');
    });
  });
});

describe("an account's own second factors", () => {
  const REGISTER = 'mutation($n: String!, $r: String!) { passkeyRegister(name: $n, response: $r) { passkey { id } } }';
  const REMOVE = 'mutation($id: ID!, $p: String!) { passkeyRemove(id: $id, password: $p) }';

  it('refuses enrolment codes that are no codes, and a password past the sign-in bound unhashed', async () => {
    await server.database.executeSql('delete from auth_throttle');
    const start = await signedIn('mutation { twoFactorTotpStart { secret } }');
    expect(start.errors, JSON.stringify(start.errors)).toBeUndefined();
    await leavesNoTrace(async () => {
      for (const bad of [NUL, LONE, LONG, HUGE, '', '   ', '1e400', '12 34 5']) {
        expectRule(
          await signedIn('mutation($c: String!) { twoFactorTotpConfirm(code: $c) }', { c: bad }),
          'code',
          'twoFactorCode',
        );
      }
      const DISABLE = 'mutation($p: String!) { twoFactorTotpDisable(password: $p) }';
      expectRule(await signedIn(DISABLE, { p: HUGE }), 'password', 'max');
      expectRule(await signedIn(DISABLE, { p: '' }), 'password', 'required');
      expectCode(await signedIn(DISABLE, { p: `${DEMO_PASSWORD}${NUL}` }), 'BAD_CREDENTIALS');
      expectCode(await signedIn(DISABLE, { p: LONE }), 'BAD_CREDENTIALS');
    });
  });

  it('refuses passkey names and answers no ceremony made, registering nothing', async () => {
    await leavesNoTrace(async () => {
      const options = await signedIn('mutation { passkeyRegistrationOptions }');
      const { challenge } = JSON.parse(
        (options.data as { passkeyRegistrationOptions: string }).passkeyRegistrationOptions,
      );
      for (const [name, rule] of [
        [`Laptop${NUL}`, 'invalidCharacters'],
        [`Laptop${LONE}`, 'invalidCharacters'],
        [LONG, 'max'],
        [HUGE, 'max'],
        ['', 'required'],
        [' \u00a0 ', 'required'],
      ] as const) {
        expectRule(await signedIn(REGISTER, { n: name, r: '{}' }), 'name', rule);
      }
      expectRule(await signedIn(REGISTER, { n: 'Laptop', r: HUGE }), 'response', 'max');
      const clientData = (c: unknown) =>
        Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: c, origin: 'http://localhost' })).toString(
          'base64url',
        );
      const forged = (clientDataJSON: string, attestationObject = 'AAAA') =>
        JSON.stringify({
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON, attestationObject },
        });
      for (const r of [
        'not json',
        `${'['.repeat(1000)}${']'.repeat(1000)}`,
        `{"id":"a","response":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}}`,
        forged(clientData(NUL)),
        forged(clientData(`${challenge}${NUL}`)),
        forged(clientData(LONE)),
        forged(clientData({ $ne: '' })),
        forged(NUL),
        forged(clientData(challenge), Buffer.from(`${'\u00bf'.repeat(1000)}`).toString('base64url')),
      ]) {
        expectCode(await signedIn(REGISTER, { n: 'Laptop', r }), 'TWO_FACTOR_CODE_INVALID');
      }
    });
  });

  it("refuses passkey ids no row can carry, and another account's passkey is not found", async () => {
    const { rows } = await server.database.executeSql(
      `insert into passkeys (account_id, name, credential_id, public_key)
       select id, 'Admin key', 'hostile-credential', 'AAAA' from accounts where email = 'admin@demo.test' returning id`,
    );
    const adminsKey = String((rows[0] as { id: number }).id);
    await leavesNoTrace(async () => {
      for (const id of ['1e400', '-1', String(2 ** 53), String(2 ** 31), '1.5', 'abc', '']) {
        expectRule(await signedIn(REMOVE, { id, p: DEMO_PASSWORD }), 'id', 'invalid');
      }
      expectCode(await signedIn(REMOVE, { id: String(2 ** 31 - 1), p: DEMO_PASSWORD }), 'ENTITY_NOT_FOUND');
      expectCode(await signedIn(REMOVE, { id: adminsKey, p: DEMO_PASSWORD }), 'ENTITY_NOT_FOUND');
    });
    const required = await signedIn('mutation($r: Boolean!) { partnerTwoFactorRequiredSet(required: $r) }', {
      r: 'yes',
    });
    expect(required.status).toBe(400);
    expectCode(required, 'INVALID_REQUEST');
  });
});
