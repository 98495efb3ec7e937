import { expect, test } from '@playwright/test';
import { fillLogin, login, logout, seriousAxeFindings } from '../helpers';

/**
 * partner@demo.test is the master of the Czech demo shop (Sportovní potřeby Demo, CZ10MA); seller3@demo.test
 * runs its own Czech shop (Toys Pets 3), which no other spec moves, and belongs to no other shop.
 */
const INVITEE = 'seller3@demo.test';

test('an existing account joins a shop only when its owner accepts the invitation, signed in', async ({
  page,
}, testInfo) => {
  // Two sessions and the mailbox: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(page, 'partner@demo.test');
  await page.goto('/partner/accounts');
  await page.getByRole('button', { name: 'Add a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person by e-mail' });
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(INVITEE);
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Whoever');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Typed');
  await dialog.getByTestId('add-account-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText(
    `${INVITEE} has been invited. They get access to this shop once they accept.`,
  );
  // The shop learns nothing of the account behind the address: not its name, not that it exists.
  const waiting = page.getByTestId('invitations-table').getByRole('row', { name: new RegExp(INVITEE) });
  await expect(waiting).toContainText('Invited');
  await expect(waiting).not.toContainText('Whoever');
  await expect(page.getByTestId('accounts-table').getByRole('row', { name: new RegExp(INVITEE) })).toHaveCount(0);
  await logout(page);

  // The mail's link, opened without a session, asks for the sign-in first and comes back to the invitation.
  await page.goto('/dev/mailbox');
  await page.getByTestId('mailbox-recipient').fill(INVITEE);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByTestId('mailbox-message').first().click();
  await expect(page.getByTestId('mailbox-open-message')).toContainText('Sportovní potřeby Demo');
  await page
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /\/invitation\// })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, INVITEE);
  await expect(page).toHaveURL(/\/invitation\/[\w-]+$/);

  // Before anything happens the page says who invited the account to which shop.
  const text = page.getByTestId('invitation-text');
  await expect(text).toContainText('Jan Novák');
  await expect(text).toContainText('Sportovní potřeby Demo');
  await expect(text).toContainText('CZ10MA');
  await expect(page.getByTestId('selected-partner')).not.toContainText('Sportovní potřeby Demo');
  expect(await seriousAxeFindings(page)).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The navigation bar slides away below its breakpoint: the picture waits for it.
    await page.waitForTimeout(600);
    await page.screenshot({ path: testInfo.outputPath(`invitation-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  await page.getByTestId('invitation-accept').click();
  // Accepted: the shop is in the switcher, and selected.
  await expect(page.getByTestId('selected-partner')).toHaveText('Sportovní potřeby Demo s.r.o.');
  await page.getByTestId('partner-switcher').click();
  await expect(page.getByRole('menuitem', { name: /Toys Pets 3/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Sportovní potřeby Demo/ })).toBeVisible();
});
