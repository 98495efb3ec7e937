import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { gql, login, sellerHeaders, seriousAxeFindings } from '../helpers';

/**
 * Delivery checks on products (issue 19, point 4): a product's check is red while none of the seller's
 * delivery methods takes it, names why, and turns green once a fitting method exists; the products grid shows
 * the same in its "Delivery" column and filters by it. seller43 (Electro Fashion 43, a Czech shop in
 * production that no other spec uses) has no products and no methods of its own: the spec makes both.
 */
const SELLER = 'seller43@demo.test';
const SHOTS = '/tmp/i19/shots/checks';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  mkdirSync(SHOTS, { recursive: true });
});

/** The seller's API session (the GraphQL API the spec names for products and delivery methods). */
async function apiAs(request: APIRequestContext) {
  const headers = await sellerHeaders(request, SELLER);
  return {
    product: (
      id: string,
      size: { packageSize: string; weight: string; width: string; length: string; height: string },
    ) =>
      gql(
        request,
        'mutation($data: ProductInput!) { productCreate(data: $data) { id } }',
        { data: { id, productType: `Cabinet ${id}`, price: '4990', vat: '21', inStock: 3, ...size } },
        headers,
      ),
    method: (input: Record<string, unknown>) =>
      gql(
        request,
        'mutation($input: DeliveryInput!) { saveDelivery(input: $input) { id } }',
        { input: { price: '199', deliveryDelay: 2, ...input } },
        headers,
      ),
  };
}

async function openDetail(page: Page, id: string) {
  await page.goto(`/products/detail/${id}`);
  const check = page.getByTestId('product-delivery-check');
  // The detail's first load fetches the form's code and the catalogue: slow on a busy two-core machine.
  await expect(check).toBeVisible({ timeout: 30_000 });
  return check;
}

/** The products grid filtered to the one product (by its id), as the seller would look it up. */
async function gridRowState(page: Page, id: string) {
  const search = new URLSearchParams({ q: id });
  await page.goto(`/products?${search}`);
  const badge = page.getByTestId('product-delivery').first();
  await expect(badge).toBeVisible({ timeout: 30_000 });
  return badge;
}

async function noSeriousAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

test('a big box is red while only small boxes are carried and green once a big-box method exists (1440 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const api = await apiAs(request);
  const stamp = Date.now();
  const id = `DC-${stamp}-W`;
  await api.product(id, { packageSize: 'bigbox', weight: '35', width: '80', length: '120', height: '60' });
  await api.method({ code: `SMALL-${stamp}`, title: 'PPL small parcels', transport: 'PPL', packageSize: 'SMALLBOX' });

  await login(page, SELLER);
  let check = await openDetail(page, id);
  await expect(check).toHaveAttribute('data-state', 'PROBLEM');
  await expect(check.getByTestId('product-delivery-problems')).toContainText(
    'None of your delivery methods carries this package size (Big box).',
  );
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-red-1440.png`, fullPage: false });
  await noSeriousAxeFindings(page);

  let badge = await gridRowState(page, id);
  await expect(badge).toHaveText('Delivery problem');
  await page.screenshot({ path: `${SHOTS}/grid-red-1440.png` });
  await noSeriousAxeFindings(page);

  // A big-box method that takes 35 kg: the same product is now deliverable.
  await api.method({
    code: `BIG-${stamp}`,
    title: 'DPD big parcels',
    transport: 'DPD',
    packageSize: 'BIGBOX',
    maxWeight: '50',
  });
  check = await openDetail(page, id);
  await expect(check).toHaveAttribute('data-state', 'OK');
  await expect(check).toContainText('At least one of your delivery methods takes this product.');
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-green-1440.png` });
  badge = await gridRowState(page, id);
  await expect(badge).toHaveText('Deliverable');
  await page.screenshot({ path: `${SHOTS}/grid-green-1440.png` });
});

test('a product over the weight limit is red with the limit named and green once a method takes its weight (390 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const api = await apiAs(request);
  const stamp = Date.now();
  const id = `DC-${stamp}-N`;
  await api.product(id, { packageSize: 'bigbox', weight: '120', width: '90', length: '150', height: '80' });

  await login(page, SELLER);
  let check = await openDetail(page, id);
  await expect(check).toHaveAttribute('data-state', 'PROBLEM');
  // Whatever methods the seller has by now, none takes 120 kg; each one that carries big boxes says its limit.
  await api.method({
    code: `BIG50-${stamp}`,
    title: 'GLS up to 50 kg',
    transport: 'GLS',
    packageSize: 'BIGBOX',
    maxWeight: '50',
  });
  check = await openDetail(page, id);
  await expect(check).toHaveAttribute('data-state', 'PROBLEM');
  await expect(check.getByTestId('product-delivery-problems')).toContainText(
    "GLS up to 50 kg: the weight 120 kg is over the method's limit of 50 kg.",
  );
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-red-390.png` });
  await noSeriousAxeFindings(page);

  const badge = await gridRowState(page, id);
  await expect(badge).toHaveText('Delivery problem');
  await page.screenshot({ path: `${SHOTS}/grid-red-390.png` });
  await noSeriousAxeFindings(page);

  await api.method({
    code: `FREIGHT-${stamp}`,
    title: 'Freight up to 150 kg',
    transport: 'CESKA_POSTA',
    packageSize: 'BIGBOX',
    maxWeight: '150',
  });
  check = await openDetail(page, id);
  await expect(check).toHaveAttribute('data-state', 'OK');
  // The method that cannot take it stays as a note.
  await expect(check.getByTestId('product-delivery-notes')).toContainText('GLS up to 50 kg');
  await check.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/detail-green-390.png` });
  await noSeriousAxeFindings(page);
  await expect(await gridRowState(page, id)).toHaveText('Deliverable');
});
