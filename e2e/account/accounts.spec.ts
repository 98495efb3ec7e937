import { expect, test } from '@playwright/test';
import { login, logout, seriousAxeFindings } from '../helpers';

/** partner@demo.test is the master of the Czech demo shop; the seed has a colleague invited there already. */
test.describe('accounts tab', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('the master invites a colleague by e-mail, who sets a password from the mail and signs in', async ({
    page,
  }, testInfo) => {
    // A long path through two sessions and the mailbox: more than the default minute on a busy machine.
    test.setTimeout(120_000);
    const email = `kolegyne.${Date.now()}@example.com`;
    await login(page, 'partner@demo.test');
    await page.goto('/partner/accounts');
    const table = page.getByTestId('accounts-table');
    await expect(table.getByRole('row', { name: /partner@demo\.test/ })).toContainText('Master');
    // An invitation nobody has answered is listed by its address only, apart from the people.
    const waiting = page.getByTestId('invitations-table');
    await expect(waiting.getByRole('row', { name: /invited@demo\.test/ })).toContainText('Invited');
    await expect(table.getByRole('row', { name: /invited@demo\.test/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add a person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a person by e-mail' });
    // The form checks the e-mail before anything is sent.
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('not-an-address');
    await dialog.getByTestId('add-account-submit').click();
    await expect(dialog.getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Klára');
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Kolegyně');
    await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('en');
    await expect(dialog.getByRole('radio', { name: /Read everything/ })).toBeChecked();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByTestId('add-account-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('flash-success')).toContainText(
      `${email} has been invited. They get access to this shop once they accept.`,
    );
    const row = waiting.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row).toContainText('Invited');
    // The answer and the list are the same whoever is behind an address: no name until it is accepted.
    await expect(row).not.toContainText('Klára');

    // Adding the same address twice says so.
    await page.getByRole('button', { name: 'Add a person' }).click();
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Klára');
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Kolegyně');
    await dialog.getByTestId('add-account-submit').click();
    await expect(dialog.getByRole('alert')).toHaveText('This record already exists.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    expect(await seriousAxeFindings(page)).toEqual([]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The navigation bar slides away below its breakpoint: the picture waits for it.
      await page.waitForTimeout(600);
      await page.screenshot({ path: testInfo.outputPath(`accounts-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1400, height: 900 });

    await logout(page);
    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-recipient').fill(email);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByTestId('mailbox-message').first().click();
    await expect(page.getByTestId('mailbox-open-message')).toContainText('You are invited to the Partner Portal');
    await page
      .getByTestId('mailbox-text')
      .getByRole('link', { name: /reset-password/ })
      .click();

    await expect(page).toHaveURL(/\/login\/reset-password\/[\w-]+$/);
    await page.getByRole('textbox', { name: /^new password/i }).fill('Klara-Kolegyne-2026!');
    await page.getByRole('textbox', { name: /^repeat/i }).fill('Klara-Kolegyne-2026!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('password-reset-done')).toBeVisible();

    await page.goto('/login');
    await page.getByLabel(/e-mail/i).fill(email);
    await page.getByRole('textbox', { name: /^password/i }).fill('Klara-Kolegyne-2026!');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    // She reads the accounts, confirmed now, but may not add anyone.
    await page.goto('/partner/accounts');
    await expect(page.getByTestId('accounts-table').getByRole('row', { name: /Klára Kolegyně/ })).not.toContainText(
      'Invited',
    );
    await expect(page.getByRole('button', { name: 'Add a person' })).toHaveCount(0);
  });
});
