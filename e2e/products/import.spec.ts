import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from '../helpers';

/**
 * The product XML import as a seller uses it (issue 8, point 8): a file made here in the feed's format
 * (packages/domain/src/products/xml.ts), its progress live from the stream, the new product in the grid and
 * the refused item with its reason in the errors tab.
 */

const en = JSON.parse(readFileSync('packages/domain/src/i18n/locales/en.json', 'utf8')) as {
  errors: Record<string, string>;
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

/** Records every status the progress panel shows, so that the order of the stream's reports can be checked. */
async function recordImportStatuses(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importStatuses: string[] }).importStatuses = seen;
    const note = () => {
      const status = document.querySelector('[data-testid="products-import-progress"]')?.getAttribute('data-status');
      if (status && seen[seen.length - 1] !== status) seen.push(status);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { importStatuses: string[] }).importStatuses);
}

test('a seller imports an XML file, follows it to the end and finds the refused item among the errors', async ({
  page,
}, testInfo) => {
  await login(page, 'partner@demo.test');
  const stamp = Date.now();
  const good = `IMP-${stamp}-OK`;
  const bad = `IMP-${stamp}-BAD`;
  // The demo partner sells in Czechia: prices are whole crowns, so 12.50 is refused (and only that item).
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ITEMS>
  <ITEM>
    <ID>${good}</ID>
    <PRODUCT_TYPE>Imported kettle ${stamp}</PRODUCT_TYPE>
    <PRICE>1290</PRICE>
    <VAT>21</VAT>
    <IN_STOCK>4</IN_STOCK>
    <DELIVERY_DELAY>2</DELIVERY_DELAY>
    <STATUS>ACTIVE</STATUS>
  </ITEM>
  <ITEM>
    <ID>${bad}</ID>
    <PRODUCT_TYPE>Refused kettle ${stamp}</PRODUCT_TYPE>
    <PRICE>12.50</PRICE>
    <VAT>21</VAT>
    <IN_STOCK>1</IN_STOCK>
    <DELIVERY_DELAY>2</DELIVERY_DELAY>
  </ITEM>
</ITEMS>`;

  await page.goto('/products');
  await page.getByTestId('products-import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'products.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml, 'utf8'),
  });
  const statuses = await recordImportStatuses(page);
  await dialog.getByTestId('products-import-submit').click();

  const progress = dialog.getByTestId('products-import-progress');
  await expect(progress).toHaveAttribute('data-status', 'END', { timeout: 30_000 });
  await expect(dialog.getByTestId('products-import-status')).toHaveText('Finished');
  await expect(dialog.getByTestId('products-import-created')).toHaveText('1');
  await expect(dialog.getByTestId('products-import-failed')).toHaveText('1');
  // BEGIN and PROGRESS may pass too quickly to be seen on a two-item file, but never after the end.
  const seen = await statuses();
  const ranks = seen.map((status) => ['BEGIN', 'PROGRESS', 'END'].indexOf(status));
  expect(ranks).not.toContain(-1);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  expect(seen[seen.length - 1]).toBe('END');

  await dialog.getByTestId('products-import-errors-link').click();
  await expect(page).toHaveURL(/\/products\/errors$/);
  const refused = page.getByTestId('grid-row').filter({ hasText: bad });
  await expect(refused).toBeVisible();
  await expect(refused.getByTestId('product-error-issues')).toContainText('Price:');
  await page.screenshot({ path: testInfo.outputPath('product-errors.png'), fullPage: true });

  await page.goto(`/products?q=${encodeURIComponent(good)}`);
  const row = page.locator(`[data-row-id="${good}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Imported kettle ${stamp}`);
  await expect(page.locator(`[data-row-id="${bad}"]`)).toHaveCount(0);

  // The export gives the catalogue back in the same format, the new product with it.
  const download = page.waitForEvent('download');
  await page.getByTestId('products-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{8}-\d{6}\.xml$/);
  const exported = readFileSync(await file.path(), 'utf8');
  expect(exported).toContain('<ITEMS>');
  expect(exported).toContain(`<ID>${good}</ID>`);
  expect(exported).not.toContain(bad);
});

test('a file that is not a product feed is refused with a clear message', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/products');
  await page.getByTestId('products-import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'orders.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from('<?xml version="1.0"?><ORDERS><ORDER/></ORDERS>', 'utf8'),
  });
  await dialog.getByTestId('products-import-submit').click();
  await expect(dialog.getByRole('alert')).toContainText(en.errors.XML_ROOT_INVALID!);
});
