import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { importProductsFeed, login, openProductsImport, seriousAxeFindings } from '../helpers';

/**
 * Issue 18 point 21: the product's TARIC code and labels are picked from the marketplace's lists, not typed
 * (a code found by a word of its description without diacritics, a label by its translated name), and a feed
 * row that says FORCE_PRICE applies its own +200 % price change at once instead of waiting for confirmation.
 */

const SHOTS = '/tmp/i19/shots/catalog21';
// Imports run as jobs, axe and screenshots at two widths: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  mkdirSync(SHOTS, { recursive: true });
});

const feed = (...items: [id: string, title: string, price: number, extra?: string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items
    .map(
      ([id, title, price, extra = '']) =>
        `<ITEM><ID>${id}</ID><PRODUCT_TYPE>${title}</PRODUCT_TYPE><PRICE>${price}</PRICE>${extra}<VAT>21</VAT>` +
        '<IN_STOCK>3</IN_STOCK><DELIVERY_DELAY>2</DELIVERY_DELAY><STATUS>ACTIVE</STATUS></ITEM>',
    )
    .join('\n')}\n</ITEMS>`;

/** Opens the import dialog and imports the feed (e2e/helpers.ts), answering the dialog with its outcome. */
async function importFile(page: Page, xml: string) {
  await openProductsImport(page);
  return importProductsFeed(page, xml);
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A price as the grid shows it in English: digits grouped by commas. */
const shown = (amount: number) => new RegExp(amount.toLocaleString('en-US'));

test('the product form picks a TARIC code by a word without diacritics and a label from the list, kept after reload', async ({
  page,
}) => {
  await login(page, 'partner@demo.test');
  const id = `TL-${Date.now()}`;
  await importFile(page, feed([id, `Dining table ${id}`, 4990]));
  await page.keyboard.press('Escape');

  await page.goto(`/products/detail/${id}`);
  const taric = page.getByTestId('product-taricCode');
  await taric.click();
  await taric.fill('nabytek');
  const option = page.getByRole('option', { name: /9403 60 10/ });
  await expect(option).toBeVisible();
  // The options name the code in the reader's language, whatever language the word was typed in.
  await expect(option).toContainText('Wooden dining and living room furniture');
  await option.click();
  await expect(taric).toHaveValue('9403 60 10 – Wooden dining and living room furniture (tables, cabinets)');

  await page.getByRole('button', { name: 'Add label' }).click();
  await page.getByTestId('product-label-0').click();
  // Only the marketplace's labels are offered, by their names.
  await expect(page.getByRole('option').filter({ visible: true })).toHaveText([
    'New',
    'Sale',
    'Top',
    'Tip',
    'Last pieces',
    'Free delivery',
  ]);
  await page.getByRole('option', { name: 'Last pieces' }).click();
  await expect(page.getByTestId('product-label-0')).toHaveValue('Last pieces');
  await page.getByTestId('product-label-0').scrollIntoViewIfNeeded();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await shots(page, 'form-lists');

  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('flash-success')).toContainText(`Product ${id} was saved.`);
  await page.reload();
  await expect(page.getByTestId('product-taricCode')).toHaveValue(
    '9403 60 10 – Wooden dining and living room furniture (tables, cabinets)',
  );
  await expect(page.getByTestId('product-label-0')).toHaveValue('Last pieces');

  // Typing the code's first digits finds it too.
  await page.getByTestId('product-taricCode').fill('9401 71');
  await expect(page.getByRole('option', { name: /9401 71 00/ })).toBeVisible();
  await shots(page, 'form-taric-digits');
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test('an import row with FORCE_PRICE applies its +200 % change at once and says so, nothing waits', async ({
  page,
}) => {
  await login(page, 'partner@demo.test');
  const id = `FP-${Date.now()}`;
  let dialog = await importFile(page, feed([id, `Television ${id}`, 15_499]));
  await expect(dialog.getByTestId('products-import-created')).toHaveText('1');
  await page.keyboard.press('Escape');

  dialog = await importFile(page, feed([id, `Television ${id}`, 46_497, '<FORCE_PRICE>true</FORCE_PRICE>']));
  await expect(dialog.getByTestId('products-import-updated')).toHaveText('1');
  await expect(dialog.getByTestId('products-import-forced')).toHaveText(
    'Price changes over 30 % applied at once because the file said FORCE_PRICE: 1',
  );
  await expect(dialog.getByTestId('price-holds')).toHaveCount(0);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await shots(page, 'import-forced');

  await page.keyboard.press('Escape');
  await page.goto(`/products?q=${encodeURIComponent(id)}`);
  // The products grid can take a while on a busy machine: the row, not a clock, is what is waited for.
  await expect(page.locator(`[data-row-id="${id}"]`)).toContainText(shown(46_497), { timeout: 30_000 });
  // The product form shows the flag the feed stored.
  await page.goto(`/products/detail/${id}`);
  await expect(page.getByTestId('product-forcePrice')).toBeChecked();
});
