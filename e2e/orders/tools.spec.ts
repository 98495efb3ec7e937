import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from '../helpers';

/** Labels and the status import as a seller uses them (issue 7, points 4 and 5), on the demo order book. */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

/** A confirmed open order of the Czech demo partner (one waiting for payment cannot travel yet). */
async function confirmedOpenOrder(page: import('@playwright/test').Page): Promise<string> {
  await page.goto('/orders/open-status');
  const row = page.getByTestId('grid-row').filter({ hasNotText: 'Waiting for payment confirmation' }).first();
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-row-id'))!;
}

test('a seller prints the labels of an order and gets a real PDF', async ({ page }) => {
  await login(page, 'partner@demo.test');
  const orderId = await confirmedOpenOrder(page);
  await page.goto(`/orders/${orderId}`);
  await page.getByTestId('order-labels').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('labels-dialog')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByTestId('labels-print').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Every label carries its order id (the barcode's human-readable line and the heading).
  expect(bytes.length).toBeGreaterThan(1000);
});

test('a seller imports statuses from a CSV and reads each row’s result', async ({ page }) => {
  await login(page, 'partner@demo.test');
  const orderId = await confirmedOpenOrder(page);
  const csv = [
    'order_id;status;tracking_number;tracking_url;delivered_at;first_delivery_attempt_at',
    `${orderId};shipped;IMP-${orderId};;;`,
    '999999999;shipped;;;;',
  ].join('\n');
  await page.getByTestId('orders-import-statuses').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'statuses.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await dialog.getByTestId('import-statuses-submit').click();
  // One row applied, one refused: NOK, and the refused row says why.
  await expect(dialog.getByTestId('import-statuses-verdict')).toHaveText(/NOK|partly/i);
  const rows = dialog.getByTestId('import-statuses-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('999999999');
  await page.keyboard.press('Escape');

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-status').first()).toHaveText('Shipped');
  await expect(page.getByTestId('order-tracking')).toHaveText(`IMP-${orderId}`);
  await expect(page.getByTestId('status-history-entry').last()).toContainText('Shipped');
});
