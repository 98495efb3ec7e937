import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { gridFit } from '../grid-fit';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The products grid on a 1440 px screen (review of issue 19, which added the Delivery column): the default
 * columns fit without sideways scrolling and show every value whole, settings stored under the old defaults
 * follow the new ones, and the column picker stays open while a seller ticks several columns.
 */

const SHOTS = '/tmp/shots/products-grid';
/** The default columns, as their headers read in English. */
const DEFAULT_COLUMNS = ['Product id', 'Name', 'Price', 'Stock', 'Status', 'Stage', 'Listing', 'Delivery'];
/** The table's headers by default: the columns, then the row actions. */
const DEFAULT_HEADERS = [...DEFAULT_COLUMNS, 'Actions'];
/** What the grid showed by default before: settings a seller's browser may still hold. */
const OLD_DEFAULTS = [
  'thumbUrl',
  'id',
  'title',
  'brandId',
  'categoryId',
  'price',
  'inStock',
  'status',
  'stage',
  'gridStatus',
  'delivery',
  'updatedAt',
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

const grid = (page: Page) => page.getByTestId('grid-products');
const rows = (page: Page) => grid(page).getByTestId('grid-row');

async function headers(page: Page): Promise<string[]> {
  const texts = await grid(page).locator('table thead th').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

async function openProducts(page: Page) {
  await login(page, 'partner@demo.test');
  await page.goto('/products');
  await expect(rows(page).first()).toBeVisible();
  await expect(grid(page).getByTestId('grid-skeleton')).toHaveCount(0);
}

async function expectFits(page: Page) {
  const fit = await gridFit(grid(page));
  expect(fit.cut).toEqual([]);
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the default columns fit without sideways scrolling and show every value whole; the rest wait in the picker', async ({
    page,
  }) => {
    await openProducts(page);
    expect(await headers(page)).toEqual(DEFAULT_HEADERS);
    await expect(rows(page)).toHaveCount(50);
    await expectFits(page);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/products-1440.png` });
    expect(await seriousAxeFindings(page)).toEqual([]);

    await grid(page).getByTestId('grid-columns').click();
    for (const name of ['Image', 'Brand', 'Category', 'Variants', 'Delivery delay (days)', 'Changed', 'EAN']) {
      await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
    }
    for (const name of DEFAULT_COLUMNS) {
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
    }
    await page.keyboard.press('Escape');
  });

  test('settings stored under the old defaults lose the columns that moved to the picker, and fit', async ({
    page,
  }) => {
    await page.addInitScript(
      (columns) => localStorage.setItem('pp.grid.products', JSON.stringify({ version: '1.0.1', columns, perPage: 50 })),
      OLD_DEFAULTS,
    );
    await openProducts(page);
    expect(await headers(page)).toEqual(DEFAULT_HEADERS);
    await expectFits(page);
  });

  test('the column picker stays open while a seller ticks several columns', async ({ page }) => {
    await openProducts(page);
    await grid(page).getByTestId('grid-columns').click();
    const picker = page.getByRole('dialog').filter({ has: page.getByRole('checkbox', { name: 'Brand', exact: true }) });
    await expect(picker).toBeVisible();
    for (const name of ['Brand', 'Changed', 'EAN']) {
      await page.getByRole('checkbox', { name, exact: true }).click();
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
      // Still open for the next tick: no reopening between columns.
      await expect(picker).toBeVisible();
    }
    await expect.poll(() => headers(page)).toEqual(expect.arrayContaining(['Brand', 'Changed', 'EAN']));
    // Unticking keeps it open too; Escape closes it.
    await page.getByRole('checkbox', { name: 'EAN', exact: true }).click();
    await expect(picker).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'EAN', exact: true })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    expect(await headers(page)).not.toContain('EAN');

    // The choice is the seller's and stays after a reload; "Reset to default" brings the fitting set back.
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    expect(await headers(page)).toEqual(expect.arrayContaining(['Brand', 'Changed']));
    await grid(page).getByTestId('grid-columns').click();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await page.keyboard.press('Escape');
    expect(await headers(page)).toEqual(DEFAULT_HEADERS);
    await expectFits(page);
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the products are cards and the page does not scroll sideways', async ({ page }) => {
    await openProducts(page);
    await expect(grid(page).getByRole('list', { name: 'Records' })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(390);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/products-390.png`, fullPage: true });
  });
});
