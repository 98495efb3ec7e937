import { expect, test } from '@playwright/test';
import { login } from '../helpers';
import { lookAtBothWidths } from '../look';

/**
 * The demo seed is deterministic: seller57 (Books Fashion 57 s.r.o., Slovak shop) waits for its company check
 * (VENDOR_CHECK_STANDARD). No other spec moves it.
 */
const SHOP = { name: 'Books Fashion 57' };

test('an administrator finds a partner in the grid, opens its detail and moves the onboarding shop on', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'admin@demo.test');
  await page.goto('/cockpit');
  await page.getByPlaceholder(/search/i).fill(SHOP.name);
  const row = page.getByTestId('grid-row').filter({ hasText: SHOP.name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: new RegExp(SHOP.name) }).click();

  await expect(page).toHaveURL(/\/cockpit\/partners\/\d+(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SHOP.name);
  await expect(page.getByTestId('partner-status')).toHaveText('Vendor check');
  await expect(page.getByRole('heading', { name: 'Company and contract' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration as submitted' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service modules' })).toBeVisible();
  // A shop in onboarding offers no deactivation: going live is the workflow's move.
  await expect(page.getByTestId('partner-lifecycle-DEACTIVATE')).toHaveCount(0);
  await lookAtBothWidths(page, '.tmp/screenshots/cockpit-partner-detail', async () => {
    await expect(page.getByTestId('partner-status')).toBeVisible();
  });

  await page.getByTestId('partner-move').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Draft contract').check();
  await expect(dialog.getByTestId('move-submit')).toBeDisabled();
  await dialog.getByLabel('Company verified in the business register').check();
  await dialog.getByLabel('Note for the partner').fill('Firma overená, posielame zmluvu.');
  await dialog.getByTestId('move-submit').click();
  await expect(dialog).toBeHidden();

  // The detail follows: the new status, and the move first in the history with its note.
  await expect(page.getByTestId('partner-status')).toHaveText('Draft contract');
  const history = page.getByTestId('partner-history');
  await expect(history).toContainText('Vendor check → Draft contract');
  await expect(history).toContainText('Firma overená, posielame zmluvu.');

  // The people who look after it are kept, and the operators' note.
  await page.getByTestId('partner-person-kam').fill('Karel Klíčový');
  await page.getByTestId('partner-people-save').click();
  await expect(page.getByTestId('flash-success').filter({ hasText: 'Assignment saved.' })).toBeVisible();
  await page.getByTestId('partner-note').fill('Volá jen dopoledne.');
  await page.getByTestId('partner-note-save').click();
  await page.reload();
  await expect(page.getByTestId('partner-person-kam')).toHaveValue('Karel Klíčový');
  await expect(page.getByTestId('partner-note')).toHaveValue('Volá jen dopoledne.');
});
