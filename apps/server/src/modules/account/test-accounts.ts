import type { TestServer } from '../../test/harness';

const ADD = 'mutation($input: AddAccountInput!) { addPartnerAccount(input: $input) { id email } }';
const RESET = 'mutation($t: String!, $p: String!) { passwordReset(token: $t, password: $p, passwordRepeat: $p) }';
export const NEW_PASSWORD = 'Pozvanka-Heslo-2026!';

async function sql(server: TestServer, text: string, params: unknown[] = []) {
  return (await server.database.executeSql(text, params)).rows as Record<string, unknown>[];
}

async function idOf(server: TestServer, email: string): Promise<number> {
  const [row] = await sql(server, 'select id from accounts where lower(email) = $1', [email]);
  return (row as { id: number }).id;
}

/** The token of the newest invitation link mailed to `email`. */
async function invitationToken(server: TestServer, email: string): Promise<string> {
  await server.deliverMail();
  const mail = server.mailbox.filter((m) => m.to === email).at(-1);
  const link = /\/login\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no invitation was mailed to ${email}`);
  return link[1]!;
}

/** Demo sellers whose own shop is live: each is the master of it. */
export async function liveSellers(server: TestServer): Promise<string[]> {
  const rows = await sql(
    server,
    `select a.email from accounts a
      join account_partners ap on ap.account_id = a.id join partners p on p.id = ap.partner_id
      where a.email like 'seller%' and p.workflow_status not in ('DEACTIVATED', 'ONBOARDING_CANCELLED')
        and p.shop_id <> 'HR10MA' order by a.id`,
  );
  return rows.map((r) => String(r.email));
}

/**
 * A partner of older days without a master: two administrators by permissions (the seller `owner` and
 * `second<index>@example.com`, invited with all rights), and one reader.
 */
export async function partnerWithoutMaster(server: TestServer, owner: string, index: number) {
  const ownerToken = (await server.login(owner)).token;
  const [{ partner_id: partnerId }] = (await sql(
    server,
    'select partner_id from account_partners where account_id = $1',
    [await idOf(server, owner)],
  )) as [{ partner_id: number }];
  const second = `second${index}@example.com`;
  const person = { email: second, firstName: 'Nová', lastName: 'Kolegyně', lang: 'en', rights: 'all' };
  await server.gql(ADD, { input: person }, { token: ownerToken, partnerId });
  await server.gql(RESET, { t: await invitationToken(server, second), p: NEW_PASSWORD });
  await sql(
    server,
    `insert into access_policies (partner_id, account_id, subject, action)
     select $1, $2, r, a from unnest(array['accounts','permissions']) r, unnest(array['read','create','update','delete']) a`,
    [partnerId, await idOf(server, owner)],
  );
  await sql(server, 'update account_partners set is_master = false where partner_id = $1', [partnerId]);
  await server.app.platform.authCache.changed({ all: true });
  return {
    partnerId,
    owner: { id: await idOf(server, owner), token: ownerToken },
    second: { id: await idOf(server, second), token: (await server.login(second, NEW_PASSWORD)).token },
  };
}
