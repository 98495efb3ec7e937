import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { importProductsFeed, login, openProductsImport, png, seriousAxeFindings } from '../helpers';

/**
 * Images at a seller's URL (issue 18, point 9): a feed names pictures on the seller's own server. The portal
 * fetches them (the e2e server allows loopback addresses, as for the webhooks spec), and the product detail
 * shows the copy from /media/ — which the strict CSP allows, where the seller's URL would be blocked — and
 * names the URL that gave no picture with its reason.
 */

const en = JSON.parse(readFileSync('packages/domain/src/i18n/locales/en.json', 'utf8')) as {
  errors: Record<string, string>;
};
const SHOTS = '/tmp/shots/images';

let shop: http.Server;
let base = '';

test.beforeAll(async () => {
  const picture = png(320, 240, [20, 110, 200]);
  // The seller's web shop: one picture, and nothing at any other address.
  shop = http.createServer((req, res) => {
    if (req.url === '/kettle.png') res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a feed with image URLs: the detail shows the fetched picture from /media/ and the URL that failed', async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await login(page, 'partner@demo.test');
  const id = `IMG-${Date.now()}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ITEMS>
  <ITEM>
    <ID>${id}</ID>
    <PRODUCT_TYPE>Kettle with pictures ${id}</PRODUCT_TYPE>
    <PRICE>1290</PRICE>
    <VAT>21</VAT>
    <IN_STOCK>4</IN_STOCK>
    <MEDIA><URL>${base}/kettle.png</URL><MAIN>true</MAIN></MEDIA>
    <MEDIA><URL>${base}/kettle-back.png</URL><MAIN>false</MAIN></MEDIA>
  </ITEM>
</ITEMS>`;

  await openProductsImport(page);
  await importProductsFeed(page, xml);

  await page.goto(`/products/detail/${id}`);
  const items = page.getByTestId('media-item');
  await expect(items).toHaveCount(2);
  // The picture arrives as the job stores it (the stream tells the open page), served by the portal.
  const picture = items.nth(0).getByTestId('media-picture');
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect(picture).toHaveAttribute('src', /^\/media\/[0-9a-f-]{36}$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The URL that gave no picture says so, with its address.
  const failed = items.nth(1).getByTestId('media-fetch-error');
  await expect(failed).toContainText(en.errors.REMOTE_IMAGE_NOT_FOUND!, { timeout: 30_000 });
  await expect(failed).toContainText(`${base}/kettle-back.png`);
  expect(blocked).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await items.nth(0).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-media-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await items.nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-media-390.png` });
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The errors tab counts it among the product's problems.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/products/errors');
  const row = page.getByTestId('grid-row').filter({ hasText: id });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('product-error-issues')).toContainText(en.errors.REMOTE_IMAGE_NOT_FOUND!);
  await page.screenshot({ path: `${SHOTS}/errors-1440.png` });
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The grid's picture (its column waits in the picker) is the fetched copy too.
  await page.goto(`/products?q=${encodeURIComponent(id)}`);
  await page.getByTestId('grid-columns').click();
  await page.getByRole('checkbox', { name: 'Image', exact: true }).check();
  await page.keyboard.press('Escape');
  const thumb = page.locator(`[data-row-id="${id}"] img`);
  await expect(thumb).toHaveAttribute('src', /^\/media\//);
});
