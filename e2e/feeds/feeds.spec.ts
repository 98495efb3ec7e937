import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * Issue 21 in the browser: a seller of the Slovak demo shop (multi@, its master) connects the marketplace's
 * product feed and a Heureka feed served by the portal itself (the demo's feed files), watches the runs, reads
 * the error log, pairs a Heureka category and finds the product it brings in the catalogue.
 */

const SHOTS = process.env.FEED_SHOTS ?? '/tmp/shots/feeds';
mkdirSync(SHOTS, { recursive: true });

// Each test walks several pages at two widths (a reload and axe at each): about a minute on a quiet machine,
// twice that on a busy one, where the default minute ran out one step before the end.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

/** Both widths: a picture to look at, and axe with no serious finding. */
async function lookAt(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // As a phone opens it: the layout of a narrow screen from the start.
    if (width === 390) await page.reload();
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByTestId('grid-skeleton')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await seriousAxeFindings(page), `${name} at ${width}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
}

/** Connects the product feed of the page's format to a demo file, checks it and runs it once. */
async function connectAndRun(page: Page, file: string) {
  const card = page.getByTestId('feed-products');
  await card.getByTestId('feed-products-url').fill(new URL(`/demo-feeds/100002/${file}`, page.url()).toString());
  await card.getByTestId('feed-products-enabled').click();
  await card.getByTestId('feed-products-save').click();
  // The URL is checked as XML in a job; the card follows the answer on the live stream.
  await expect(card.getByTestId('feed-products-validation')).toHaveAttribute('data-state', 'VALID');
  await card.getByTestId('feed-products-enqueue').click();
  await expect(card.getByTestId('feed-products-last-run').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'DONE',
    { timeout: 30_000 },
  );
  return card;
}

test('a seller connects the marketplace feed, watches its run and reads its error log', async ({ page }) => {
  await login(page, 'multi@demo.test');
  await page.goto('/mall-feed');
  await expect(page.getByTestId('mall-feed-settings')).toBeVisible();
  // A URL that is no web address is refused before anything is sent.
  const url = page.getByTestId('feed-products-url');
  await url.fill('ftp://shop.example/feed.xml');
  await url.blur();
  await expect(
    page
      .getByTestId('feed-products')
      .getByText(/valid (web )?address|URL/i)
      .first(),
  ).toBeVisible();

  const card = await connectAndRun(page, 'mall-products.xml');
  // The demo file carries the shop's first products and two broken items.
  await expect(card.getByTestId('feed-products-last-run')).toContainText('2');
  await lookAt(page, 'mall-feed');

  await page.goto('/mall-feed/stats');
  const errorsLink = page.getByTestId('feed-run-errors-link').first();
  await expect(errorsLink).toHaveText('2');
  await lookAt(page, 'mall-feed-stats');
  await errorsLink.click();
  const log = page.getByTestId('mall-feed-error-log');
  await expect(log.getByText('DEMO-FEED-BAD-BARCODE')).toBeVisible();
  await expect(log.getByText('DEMO-FEED-BAD-CATEGORY').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('feed-protocol-download').click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await lookAt(page, 'mall-feed-error-log');
});

test('a seller runs a Heureka feed, pairs a category and sees its product appear', async ({ page }) => {
  await login(page, 'multi@demo.test');
  await page.goto('/heureka-feed');
  await connectAndRun(page, 'heureka-products.xml');
  await lookAt(page, 'heureka-feed');

  await page.goto('/heureka-feed/status');
  await expect(page.getByTestId('heureka-feed-status')).toBeVisible();
  await lookAt(page, 'heureka-feed-status');

  await page.goto('/heureka-feed/categories-pairing');
  const mats = page.getByTestId('grid-row').filter({ hasText: 'Podložky na cvičení' });
  await expect(mats).toBeVisible();
  await lookAt(page, 'heureka-categories-pairing');
  const select = mats.getByTestId('heureka-category-select');
  await select.click();
  await select.fill('yoga');
  await page
    .getByRole('option', { name: /Yoga mats/ })
    .first()
    .click();
  await expect(mats.getByTestId('heureka-category-unpair')).toBeVisible();

  // The next run brings the mat in: it was refused only for its category.
  await page.goto('/heureka-feed');
  const card = page.getByTestId('feed-products');
  await card.getByTestId('feed-products-enqueue').click();
  await expect(card.getByTestId('feed-products-last-run').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'DONE',
    { timeout: 30_000 },
  );
  await page.goto('/products');
  await page.getByRole('textbox', { name: 'Search' }).fill('HK-PODLOZKA-MANDUKA');
  await expect(page.locator('[data-row-id="HK-PODLOZKA-MANDUKA"]')).toBeVisible();
});

test('a seller corrects items with override files and looks at its parameters and brands', async ({ page }) => {
  await login(page, 'multi@demo.test');
  await page.goto('/heureka-feed/box-management');
  const manager = page.getByTestId('heureka-overrides-box');
  await expect(manager).toBeVisible();
  const upload = async (text: string) => {
    await manager.locator('input[type="file"]').setInputFiles({
      name: 'boxes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${text}`, 'utf8'),
    });
    await manager.getByTestId('overrides-upload').click();
  };
  // A bad file is refused whole, each bad row named with its line.
  await upload('partnerProductId;boxType\nHK-STAN-COLEMAN;HUGEBOX\n=cmd|calc;BIGBOX\n');
  await expect(manager.getByTestId('overrides-row-errors')).toBeVisible();
  await expect(manager.getByTestId('overrides-row-errors')).toContainText('2');
  await expect(manager.getByTestId('overrides-row-errors')).toContainText('3');
  await upload('partnerProductId;boxType\nHK-STAN-COLEMAN;BIGBOX\nHK-STAN-HUSKY;BIGBOX\n');
  await expect(manager.getByTestId('overrides-result')).toBeVisible();
  await expect(page.getByTestId('grid-row')).toHaveCount(2);
  await lookAt(page, 'heureka-box-management');
  // The row's own box (the page's select-all box is there before the rows are).
  await page.getByTestId('grid-row').filter({ hasText: 'HK-STAN-HUSKY' }).getByRole('checkbox').check();
  await page.getByTestId('overrides-delete').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('grid-row')).toHaveCount(1);
  await expect(page.getByTestId('grid-row')).toContainText('HK-STAN-COLEMAN');

  for (const path of ['media-management', 'products-management']) {
    await page.goto(`/heureka-feed/${path}`);
    await expect(
      page.getByTestId(`heureka-overrides-${path === 'media-management' ? 'media' : 'category'}`),
    ).toBeVisible();
    await lookAt(page, `heureka-${path}`);
  }

  // The Heureka run of the first test noted the feed's parameters and manufacturers.
  await page.goto('/heureka-feed/params-values-pairing');
  await expect(page.getByTestId('heureka-brands-panel')).toBeVisible();
  await lookAt(page, 'heureka-params-values-pairing');
  await page.getByTestId('heureka-param-category-link').first().click();
  await expect(page.getByTestId('heureka-params-detail')).toBeVisible();
  await expect(page.getByTestId('heureka-param').first()).toBeVisible();
  await lookAt(page, 'heureka-params-detail');
});
