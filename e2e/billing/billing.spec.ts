import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from '../helpers';
import { dayFromToday, lookAtBothWidths } from '../look';

/**
 * Issue 23 in the browser: the Czech demo seller opens an invoice the billing run issued (the demo bills its last
 * three months), downloads its PDF, exports a quarter and receives the zip when the live stream says it is
 * ready; the offsets and self-billing tabs at both widths.
 */

const SHOTS = process.env.ISSUE23_SHOTS ?? '/tmp/shots/issue23';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a partner opens an invoice, downloads its PDF, exports a quarter and receives the zip', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'partner@demo.test');
  await page.goto('/billings');
  const firstInvoice = page.locator('[data-testid^="invoice-link-"]').first();
  await lookAtBothWidths(page, `${SHOTS}/invoices`, async () => {
    await expect(firstInvoice).toBeVisible();
  });

  // The newest document first: open it.
  const number = (await firstInvoice.textContent())!.trim();
  expect(number).toMatch(/^\d{10}$/);
  await firstInvoice.click();
  await expect(page).toHaveURL(/\/billings\/invoice-detail\/\d+$/);
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(`${number}$`) });
  await lookAtBothWidths(page, `${SHOTS}/invoice-detail`, async () => {
    await expect(heading).toBeVisible();
    await expect(page.getByRole('region', { name: 'VAT recapitulation' })).toBeVisible();
  });
  await expect(page.getByText('Marketplace CZ s.r.o.')).toBeVisible();

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(new RegExp(`${number}\\.pdf$`));
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // A quarter up to today: every document the demo's runs issued.
  await page.getByRole('link', { name: 'Back to invoices' }).click();
  await expect(firstInvoice).toBeVisible();
  await page.getByLabel('From').fill(dayFromToday(-89));
  await page.getByLabel('To').fill(dayFromToday(0));
  const zip = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Prepare export' }).click();
  const archive = await zip;
  expect(archive.suggestedFilename()).toMatch(/^billings-\d{8}-\d{6}\.zip$/);
  const bytes = readFileSync(await archive.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  // The archive names the invoice opened above among its PDFs.
  expect(bytes.includes(Buffer.from(number))).toBe(true);
  await expect(page.getByText('The export has been downloaded.')).toBeVisible();
});

test('offsets and self-billing read at both widths', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/billings/offsets');
  const firstOffset = page.locator('[data-testid^="offset-link-"]').first();
  await lookAtBothWidths(page, `${SHOTS}/offsets`, async () => {
    await expect(firstOffset).toBeVisible();
  });
  await firstOffset.click();
  await expect(page).toHaveURL(/\/billings\/offset-detail\/\d+$/);
  await lookAtBothWidths(page, `${SHOTS}/offset-detail`, async () => {
    await expect(page.getByRole('heading', { name: /^Offset \d{10}$/ })).toBeVisible();
  });
  await page.goto('/billings/self-billing');
  await lookAtBothWidths(page, `${SHOTS}/self-billing`, async () => {
    await expect(page.getByTestId('self-billing-status')).toBeVisible();
  });
});
