import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, DEMO_PASSWORD, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;

const UPDATE = `mutation($input: ProfileInput!) { updateProfile(input: $input) { email firstName lastName lang } }`;
const CHANGE = `mutation($old: String!, $new: String!, $repeat: String!) {
  changePassword(oldPassword: $old, newPassword: $new, newPasswordRepeat: $repeat) }`;
const SESSION = '{ session { account { firstName lastName lang } } }';
const NEW_PASSWORD = 'Zmena-Hesla-2026!';

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

describe('the profile', () => {
  it('saves names and language, and the session shows them at once', async () => {
    const { token } = await server.login('limited@demo.test');
    expect((await server.gql(SESSION, {}, { token, partnerId: cz })).data).toEqual({
      session: { account: { firstName: 'Lukáš', lastName: 'Malý', lang: 'cs' } },
    });
    const saved = await server.gql(
      UPDATE,
      { input: { firstName: ' Lukas ', lastName: 'Maly', lang: 'pl' } },
      { token, partnerId: cz },
    );
    expect(saved.data).toEqual({
      updateProfile: { email: 'limited@demo.test', firstName: 'Lukas', lastName: 'Maly', lang: 'pl' },
    });
    expect((await server.gql(SESSION, {}, { token, partnerId: cz })).data).toEqual({
      session: { account: { firstName: 'Lukas', lastName: 'Maly', lang: 'pl' } },
    });
    const { rows } = await server.database.executeSql(
      "select data from audit_log where action = 'account.profile' order by id desc limit 1",
    );
    expect((rows[0] as { data: unknown }).data).toEqual({ lang: 'pl' });
  });

  it('refuses an unknown language and empty names, in the caller’s language', async () => {
    const { token } = await server.login('limited@demo.test');
    const refused = await server.gql(
      UPDATE,
      { input: { firstName: '', lastName: 'Maly', lang: 'de' } },
      { token, partnerId: cz, lang: 'cs' },
    );
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect(refused.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'firstName', rule: 'required', message: 'Pole je povinné' }),
      expect.objectContaining({ field: 'lang', rule: 'in', message: 'Vyberte jednu z nabízených hodnot.' }),
    ]);
  });

  it('needs a signed-in account, and refuses a request naming a partner the account does not belong to', async () => {
    const anonymous = await server.gql(UPDATE, { input: { firstName: 'A', lastName: 'B', lang: 'en' } });
    expect([codeOf(anonymous), anonymous.status]).toEqual(['AUTHENTICATION_ERROR', 401]);
    const { token } = await server.login('limited@demo.test');
    const sk = await partnerIdByShop(server.database, '100002');
    expect(
      codeOf(
        await server.gql(UPDATE, { input: { firstName: 'A', lastName: 'B', lang: 'en' } }, { token, partnerId: sk }),
      ),
    ).toBe('ACCESS_DENIED');
  });
});

describe('changing the password', () => {
  it('refuses a wrong old password, and counts the guesses like a sign-in', async () => {
    const { token } = await server.login('partner@demo.test');
    const wrong = { old: 'Not-The-Password-1', new: NEW_PASSWORD, repeat: NEW_PASSWORD };
    const ip = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await server.gql(CHANGE, wrong, { token, partnerId: cz, ip }))).toBe('BAD_CREDENTIALS');
    }
    // The right password after the guesses waits too: the window is used up.
    expect(codeOf(await server.gql(CHANGE, { ...wrong, old: DEMO_PASSWORD }, { token, partnerId: cz, ip }))).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    // Nothing changed: the old password still signs in.
    expect((await server.login('partner@demo.test')).token).toBeTruthy();
  });

  it('refuses a weak new password and a repetition that differs', async () => {
    const { token } = await server.login('multi@demo.test');
    const weak = await server.gql(CHANGE, { old: DEMO_PASSWORD, new: 'password', repeat: 'password' }, { token });
    expect(codeOf(weak)).toBe('VALIDATION_ERROR');
    expect(weak.errors?.[0]?.extensions.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'password',
          rule: 'passwordMinLength',
          message: expect.stringContaining('12'),
        }),
      ]),
    );
    const differs = await server.gql(
      CHANGE,
      { old: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: `${NEW_PASSWORD}x` },
      { token },
    );
    expect(differs.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'passwordRepeat', rule: 'passwordsDiffer' }),
    ]);
  });

  it('ends the other sessions and keeps this one', async () => {
    const other = (await server.login('multi@demo.test')).token;
    const current = (await server.login('multi@demo.test')).token;
    const changed = await server.gql(
      CHANGE,
      { old: DEMO_PASSWORD, new: NEW_PASSWORD, repeat: NEW_PASSWORD },
      {
        token: current,
      },
    );
    expect(changed.data).toEqual({ changePassword: true });
    expect((await server.gql('{ session { isAdmin } }', {}, { token: other })).status).toBe(401);
    expect((await server.gql('{ session { isAdmin } }', {}, { token: current })).data).toEqual({
      session: { isAdmin: false },
    });
    expect(
      codeOf(
        await server.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }', {
          e: 'multi@demo.test',
          p: DEMO_PASSWORD,
        }),
      ),
    ).toBe('BAD_CREDENTIALS');
    expect((await server.login('multi@demo.test', NEW_PASSWORD)).token).toBeTruthy();
    const { rows } = await server.database.executeSql(
      "select data::text as data from audit_log where action = 'account.password-change'",
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });
});
