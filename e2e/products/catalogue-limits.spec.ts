import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login } from '../helpers';

/**
 * Where a seller meets the catalogue's limits (issue 8): a locked category in the product form's picker, the
 * two-variant-parameter rule on a feed that asks for three, and the demo catalogue's live products with
 * their pictures. The demo tree (apps/server/src/seed/catalog-tree.ts) locks Women's perfumes in every shop
 * and, as the spec says, gives no category more than two variant parameters: a seller meets the limit
 * when a product asks for a third, which only a feed (or the API) can do.
 */

const en = JSON.parse(readFileSync('packages/domain/src/i18n/locales/en.json', 'utf8')) as {
  errors: Record<string, string>;
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

async function openPicker(page: Page) {
  await page.goto('/products/detail');
  await page.getByTestId('product-tab-category').click();
  await expect(page.getByTestId('category-picker-path')).toHaveText('No category chosen');
  await page.getByTestId('category-picker-open').click();
  return page.getByTestId('category-picker-dialog');
}

test('a locked category shows its lock in the picker, sends the seller to the specialists and is not taken', async ({
  page,
}) => {
  await login(page, 'partner@demo.test');
  let dialog = await openPicker(page);
  await dialog.getByRole('button', { name: 'Beauty', exact: true }).click();
  await dialog.getByRole('button', { name: 'Perfumes', exact: true }).click();
  const locked = dialog.getByRole('button', { name: /Women's perfumes/ });
  await expect(locked).toContainText('Locked');
  // Announced as unavailable, yet still reachable: pressing it explains why (a keyboard user does so).
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await locked.focus();
  await page.keyboard.press('Enter');
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText("Women's perfumes");
  await expect(notice).toContainText(en.errors.CATEGORY_LOCKED!);
  // Still open, nothing chosen; the unlocked sibling is taken at once.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: "Men's perfumes", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('category-picker-path')).toHaveText("Beauty › Perfumes › Men's perfumes");

  // The keyword search shows the lock too, and refuses it the same way.
  await page.getByTestId('category-picker-open').click();
  dialog = page.getByTestId('category-picker-dialog');
  await page.getByTestId('category-picker-search').fill('parfem');
  const results = page.getByTestId('category-search-results');
  const found = results.getByRole('button', { name: /Women's perfumes/ });
  await expect(found.getByLabel('Locked')).toBeVisible();
  await found.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText(en.errors.CATEGORY_LOCKED!);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('category-picker-path')).toHaveText("Beauty › Perfumes › Men's perfumes");
});

test('a feed asking for three variant parameters is refused with the two-parameter rule', async ({ page }) => {
  await login(page, 'partner@demo.test');
  // The category's id as a seller finds it: the catalogue's shortcut.
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Open Electronics' }).click();
  await page.getByRole('button', { name: 'Open Phones' }).click();
  await page.getByRole('button', { name: 'Smartphones', exact: true }).click();
  await expect(page).toHaveURL(/\?category=\d+/);
  const categoryId = new URL(page.url()).searchParams.get('category')!;

  const id = `VAR3-${Date.now()}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ITEMS>
  <ITEM>
    <ID>${id}</ID>
    <CATEGORY_ID>${categoryId}</CATEGORY_ID>
    <PRODUCT_TYPE>Phone with three variant axes</PRODUCT_TYPE>
    <PRICE>9990</PRICE>
    <VAT>21</VAT>
    <IN_STOCK>3</IN_STOCK>
    <DELIVERY_DELAY>2</DELIVERY_DELAY>
    <VARIABLE_PARAMS><PARAM>COLOR</PARAM><PARAM>CAPACITY</PARAM><PARAM>RAM</PARAM></VARIABLE_PARAMS>
  </ITEM>
</ITEMS>`;
  await page.goto('/products');
  await page.getByTestId('products-import').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'phones.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml, 'utf8'),
  });
  await dialog.getByTestId('products-import-submit').click();
  await expect(dialog.getByTestId('products-import-progress')).toHaveAttribute('data-status', 'END', {
    timeout: 30_000,
  });
  await expect(dialog.getByTestId('products-import-failed')).toHaveText('1');
  await dialog.getByTestId('products-import-errors-link').click();
  await expect(page).toHaveURL(/\/products\/errors$/);
  const refused = page.getByTestId('grid-row').filter({ hasText: id });
  await expect(refused.getByTestId('product-error-issues')).toContainText(
    'It is possible to have only two variant parameters for each category',
  );
  await page.goto(`/products?q=${encodeURIComponent(id)}`);
  await expect(page.locator(`[data-row-id="${id}"]`)).toHaveCount(0);
});

test('a live demo product opens with its pictures', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/products');
  await page.getByRole('group', { name: 'Quick filters' }).getByRole('button', { name: 'Live', exact: true }).click();
  const row = page.getByTestId('grid-row').filter({ hasText: 'Listed' }).first();
  await expect(row).toBeVisible();
  const id = (await row.getAttribute('data-row-id'))!;
  await page.goto(`/products/detail/${encodeURIComponent(id)}`);
  await expect(page.getByTestId('product-id')).toHaveValue(id);
  const pictures = page.getByTestId('media-item');
  await expect(pictures.first()).toBeVisible();
  await expect(pictures.first().getByRole('radio')).toBeChecked();
  // Decoded by the browser, not a broken link: the thumbnail has a size.
  await expect
    .poll(() =>
      pictures
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
