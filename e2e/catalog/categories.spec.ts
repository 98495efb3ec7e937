import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The category catalogue (issue 8, point 1) on the demo seed's tree (apps/server/src/seed/catalog-tree.ts):
 * browse the three levels, search by keywords, read a category's parameters, export it and open it again
 * from its shortcut.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a seller browses the tree, searches, reads a category and exports it', async ({ page, context }) => {
  await login(page, 'partner@demo.test');
  await page.getByTestId('nav-categories').click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  // Three levels, each opened on demand.
  await page.getByRole('button', { name: 'Open Electronics' }).click();
  await page.getByRole('button', { name: 'Open Phones' }).click();
  await page.getByRole('button', { name: 'Smartphones', exact: true }).click();

  const detail = page.getByTestId('category-detail');
  await expect(detail.getByRole('heading', { name: 'Smartphones' })).toBeVisible();
  await expect(page.getByTestId('category-detail-path')).toHaveText('Electronics › Phones › Smartphones');
  await expect(page).toHaveURL(/\?category=\d+/);
  // The parameters the seed gives smartphones, with what a seller needs to know about each.
  const screen = page.getByTestId('parameter-SCREEN_SIZE');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('parameter-COLOR')).toBeVisible();
  await expect(detail.getByText('Recycling fee: Yes')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The export is a file of this category, fetched with the session.
  const download = page.waitForEvent('download');
  await page.getByTestId('category-export').click();
  await page.getByTestId('category-export-XLSX').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);

  // The shortcut is a link that opens the same category for whoever has it.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('category-shortcut').click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/categories\?category=\d+$/);
  await page.goto('/');
  await page.goto(link);
  await expect(page.getByTestId('category-detail').getByRole('heading', { name: 'Smartphones' })).toBeVisible();

  // The keyword search knows words that are not in the name, without diacritics.
  await page.getByTestId('category-search').fill('lednice');
  const results = page.getByTestId('category-search-results');
  await expect(results.getByText('Refrigerators', { exact: true })).toBeVisible();
  await results.getByText('Refrigerators', { exact: true }).click();
  await expect(page.getByTestId('category-detail').getByRole('heading', { name: 'Refrigerators' })).toBeVisible();
  await expect(page.getByTestId('category-detail').getByText('Energy label: Yes')).toBeVisible();

  await page.getByTestId('category-search').fill('zzzzqqq');
  await expect(page.getByTestId('category-search-empty')).toBeVisible();
});

test('the product form picks its category from the tree or the search, and its brand by typing', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/products/detail');
  await page.getByTestId('product-tab-category').click();
  await expect(page.getByTestId('category-picker-path')).toHaveText('No category chosen');
  await page.getByTestId('category-picker-open').click();
  const dialog = page.getByTestId('category-picker-dialog');
  // Only the last level takes products: choosing a parent opens it instead.
  await dialog.getByRole('button', { name: 'Electronics', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Phones', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Phones', exact: true }).click();
  await dialog.getByRole('button', { name: 'Smartphones', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('category-picker-path')).toHaveText('Electronics › Phones › Smartphones');

  await page.getByTestId('category-picker-open').click();
  await page.getByTestId('category-picker-search').fill('fridge');
  await expect(page.getByTestId('category-search-results')).toContainText(
    'Appliances › Large appliances › Refrigerators',
  );
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByTestId('category-search-results').getByText('Refrigerators', { exact: true }).click();
  await expect(page.getByTestId('category-picker-path')).toHaveText('Appliances › Large appliances › Refrigerators');

  await page.getByTestId('product-tab-basic').click();
  const brand = page.getByTestId('brand-select');
  await brand.click();
  await brand.fill('sams');
  await page.getByRole('option', { name: /Samsung/ }).click();
  await expect(brand).toHaveValue('Samsung');
});

test('a category that does not exist says so', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/categories?category=999999999');
  await expect(page.getByTestId('category-missing')).toHaveText('Category could not be displayed.');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the catalogue fits the screen; the parameters table scrolls by itself', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/categories');
    await page.getByRole('button', { name: 'Open Electronics' }).click();
    await page.getByRole('button', { name: 'Open TV and video' }).click();
    await page.getByRole('button', { name: 'Televisions', exact: true }).click();
    await expect(page.getByTestId('category-parameters')).toBeVisible();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
