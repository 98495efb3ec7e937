import { expect, test } from '@playwright/test';
import { login, sellerHeaders } from '../helpers';

/**
 * Service modules and the portal dialog (issue 24 point 7). The operator's page switches a module off and the
 * seller's open portal follows over the stream; a published dialog appears to the seller once.
 */

test("switching statistics off takes the item out of the seller's open portal at once", async ({
  browser,
  request,
}) => {
  const { 'x-partner-id': partnerId } = await sellerHeaders(request, 'partner@demo.test');
  const seller = await browser.newPage();
  const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(seller, 'partner@demo.test');
  await expect(seller.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');
  await expect(seller.getByTestId('nav-statistics')).toBeVisible();

  await login(operator, 'admin@demo.test');
  await operator.goto(`/cockpit/partners/${partnerId}`);
  const card = operator.getByTestId('service-modules-card');
  await expect(card).toBeVisible();
  const statistics = card.getByRole('switch', { name: 'Statistics' });
  await expect(statistics).toBeChecked();
  await statistics.click();
  await expect(operator.getByTestId('flash-success')).toContainText('The Statistics module is off.');
  await expect(statistics).not.toBeChecked();

  // No reload: the stream tells the portal, which reads its session again.
  await expect(seller.getByTestId('nav-statistics')).toHaveCount(0);
  await seller.goto('/partner/permissions');
  // The seller's portal speaks the account's Czech.
  await expect(seller.getByTestId('perm-statistics-disabled')).toContainText(
    'modul Statistiky je pro vašeho partnera vypnutý',
  );

  // On again, for the other specs.
  await statistics.click();
  await expect(statistics).toBeChecked();
  await expect(seller.getByTestId('nav-statistics')).toBeVisible();
  await seller.close();
  await operator.close();
});

test('a published portal dialog appears to the seller once', async ({ browser }) => {
  const title = `Holiday opening hours ${Date.now()}`;
  const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const seller = await browser.newPage({ viewport: { width: 390, height: 844 } });
  // The Polish market: only multi@ sells there, so no other spec's seller meets this dialog.
  await login(seller, 'multi@demo.test');
  await seller.getByTestId('partner-switcher').click();
  await seller.getByRole('menuitem', { name: /Zabawki Demo/ }).click();
  await expect(seller.getByTestId('selected-partner')).toContainText('Zabawki Demo');
  await expect(seller.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');

  await login(operator, 'admin@demo.test');
  await operator.goto('/cockpit/portal-dialogs');
  await operator.getByRole('button', { name: 'New dialog' }).click();
  const form = operator.getByTestId('portal-dialog-form');
  await form.getByRole('checkbox', { name: 'Poland' }).check();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByTestId('portal-dialog-body-en')
    .locator('[contenteditable="true"]')
    .fill('We close at noon on Friday.');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = operator.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(row).toContainText('Published');

  // The seller's open portal shows it without a reload.
  const dialog = seller.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('We close at noon on Friday.');
  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect(dialog).toHaveCount(0);
  await seller.reload();
  await expect(seller.getByTestId('app-shell')).toBeVisible();
  await expect(seller.getByRole('dialog', { name: title })).toHaveCount(0);

  await row.getByRole('button', { name: 'Withdraw' }).click();
  await expect(row).toContainText('Draft');
  await seller.close();
  await operator.close();
});
