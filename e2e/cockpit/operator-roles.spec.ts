import { expect, test } from '@playwright/test';
import { login } from '../helpers';
import { lookAtBothWidths } from '../look';

const SHOTS = 'test-results/shots/operators';

test('a support operator finds a partner, signs in read-only and cannot change anything', async ({ page, context }) => {
  await login(page, 'support@demo.test');
  await expect(page).toHaveURL(/\/cockpit/);
  // The menu lists what the role may read; the operators are the administrators' alone.
  const nav = page.getByTestId('navbar');
  await expect(nav.getByTestId('cockpit-nav-partners')).toBeVisible();
  await expect(nav.getByTestId('cockpit-nav-audit')).toBeVisible();
  await expect(nav.getByTestId('cockpit-nav-operators')).toHaveCount(0);
  await page.goto('/cockpit/operators');
  await expect(page.getByTestId('not-allowed')).toBeVisible();

  await page.goto('/cockpit');
  await page.getByPlaceholder(/search/i).fill('100001');
  const row = page.getByTestId('grid-row').filter({ hasText: 'Sportovní potřeby Demo' });
  await expect(row).toHaveCount(1);
  const partnerId = await row.getAttribute('data-row-id');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId(`remote-login-${partnerId}`).click(),
  ]);
  await expect(tab.getByTestId('impersonation-banner')).toContainText('support@demo.test');
  await expect(tab.getByTestId('impersonation-read-only')).toBeVisible();

  // The orders are there to read; saving even a view of them is refused, with the reason.
  await tab.getByTestId('nav-orders').click();
  await expect(tab.getByTestId('grid-row').first()).toBeVisible();
  await tab.getByTestId('grid-views').click();
  await tab.getByTestId('grid-view-save').click();
  await tab.getByRole('textbox', { name: /name of the view/i }).fill('Support look');
  await tab.getByTestId('grid-view-save-submit').click();
  await expect(tab.getByText('You are signed in to look only: changes are not allowed in this session.')).toBeVisible();
  await tab.close();
});

test('an administrator invites an operator with roles and sees the operators at both widths', async ({ page }) => {
  await login(page, 'admin@demo.test');
  await page.getByTestId('navbar').getByTestId('cockpit-nav-operators').click();
  await expect(page).toHaveURL(/\/cockpit\/operators$/);
  await expect(page.getByTestId('operator-support@demo.test')).toContainText('Support');

  await page.getByRole('button', { name: 'Invite operator' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Choose at least one role.').or(dialog.getByText(/mandatory/i).first())).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`e2e.operator.${Date.now()}@demo.test`);
  await dialog.getByLabel('First name').fill('Erik');
  await dialog.getByLabel('Last name').fill('Druhý');
  await dialog.getByRole('checkbox', { name: /Finance/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('flash-success')).toContainText('The invitation was sent');
  await expect(page.getByText('Erik Druhý')).toBeVisible();

  await lookAtBothWidths(page, `${SHOTS}/operators`, async () => {
    await expect(page.getByTestId('operator-admin@demo.test')).toBeVisible();
  });
});
