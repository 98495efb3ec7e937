import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';
import { freshCode } from '../two-factor';

/**
 * Issue 24 point 6: a partner's master requires two-factor sign-in of every account of its partner while another
 * account of the partner is signed in elsewhere. That account's next step leads it to set up a second factor, and
 * nothing else opens until it has one. seller47@demo.test runs its own shop and invites seller48@demo.test (a shop
 * of its own too); no other spec uses either.
 */
const MASTER = 'seller47@demo.test';
const MEMBER = 'seller48@demo.test';
const SHOTS = process.env.TWO_FACTOR_SHOTS ?? '/tmp/shots/two-factor-required';
mkdirSync(SHOTS, { recursive: true });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await login(page, email);
  // The demo sellers speak Czech; these two read the portal in English from here on.
  await page.getByTestId('language-switcher').selectOption('en');
  return page;
}

/** Sets up an authenticator app in the security section the page shows, as a person with the app would. */
async function setUpAuthenticator(page: Page, email: string) {
  const section = page.getByRole('region', { name: /two-factor sign-in/i });
  await section.getByRole('button', { name: /set up an authenticator app/i }).click();
  const enrolment = section.getByTestId('totp-enrolment');
  const secret = (await enrolment.getByTestId('totp-secret').innerText()).trim();
  await enrolment.getByLabel(/code from the app/i).fill(await freshCode(email, secret));
  await enrolment.getByRole('button', { name: /confirm and turn on/i }).click();
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: /i have saved them/i }).click();
}

test('a master requires two-factor sign-in; a member signed in elsewhere is led to set it up first', async ({
  browser,
}) => {
  // Two people, the mailbox and two enrolments: more than the default minute.
  test.setTimeout(180_000);
  const master = await signedIn(browser, MASTER);
  const shop = (await master.getByTestId('selected-partner').innerText()).split('\n')[0]!.trim();

  // The master adds the member's account; the member accepts the invitation from its mail, signed in.
  await master.goto('/partner/accounts');
  await master.getByRole('button', { name: 'Add a person' }).click();
  const dialog = master.getByRole('dialog', { name: 'Add a person by e-mail' });
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(MEMBER);
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Eva');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Member');
  await dialog.getByTestId('add-account-submit').click();
  await expect(master.getByTestId('flash-success')).toContainText(MEMBER);

  const member = await signedIn(browser, MEMBER);
  await member.goto('/dev/mailbox');
  await member.getByTestId('mailbox-recipient').fill(MEMBER);
  await member.getByRole('button', { name: 'Show', exact: true }).click();
  await member.getByTestId('mailbox-message').first().click();
  await member
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /\/invitation\// })
    .click();
  await member.getByTestId('invitation-accept').click();
  await expect(member.getByTestId('selected-partner')).toContainText(shop);
  await member.goto('/user');
  await expect(member.getByTestId('app-shell')).toBeVisible();

  // The switch needs the master's own second factor first: the page says so, and nothing changes.
  await master.goto('/partner/accounts');
  const requirement = master.getByTestId('two-factor-requirement');
  await requirement.getByRole('switch').click({ force: true });
  await expect(requirement.getByRole('alert')).toContainText(/your own two-factor sign-in/i);
  await expect(requirement.getByRole('switch')).not.toBeChecked();
  await master.goto('/user');
  await setUpAuthenticator(master, MASTER);
  await master.goto('/partner/accounts');
  await requirement.getByRole('switch').click({ force: true });
  await expect(master.getByTestId('flash-success')).toBeVisible();
  await expect(requirement.getByRole('switch')).toBeChecked();

  // The member, still on its open page (its profile), takes one more step: the portal leads it to the setup.
  await member.getByTestId('nav-home').click();
  await expect(member).toHaveURL(/\/two-factor-setup$/);
  const setup = member.getByTestId('two-factor-setup');
  await expect(setup).toBeVisible();
  // Nothing else opens meanwhile.
  await member.goto('/orders/open-status');
  await expect(member).toHaveURL(/\/two-factor-setup$/);
  for (const width of [1440, 390]) {
    await member.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(setup.getByRole('button', { name: /set up an authenticator app/i })).toBeVisible();
    await member.screenshot({ path: `${SHOTS}/setup-${width}.png`, fullPage: true });
    expect(await seriousAxeFindings(member), `setup at ${width}`).toEqual([]);
  }
  await member.setViewportSize({ width: 1440, height: 900 });

  // With an authenticator app set up the portal opens again, with the master's shop still there.
  await setUpAuthenticator(member, MEMBER);
  await expect(member.getByTestId('app-shell')).toBeVisible();
  await expect(member).not.toHaveURL(/two-factor-setup/);
  await member.goto('/orders/open-status');
  await expect(member).toHaveURL(/\/orders\/open-status$/);
  await member.getByTestId('partner-switcher').click();
  await expect(
    member.getByRole('menuitem', { name: new RegExp(shop.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();
});
