import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * Issue 19 point 7: an order the marketplace posts to the intake arrives in the seller's open orders grid
 * without a reload — the tab count follows at once, the grid offers the arrival, and "Show" brings it in.
 * It uses the Polish demo shop (multi@demo.test switches to Zabawki Demo): the orders, tools and bulk-ship
 * specs take the Czech and Slovak shops' open orders, and this spec's own orders must not become theirs.
 */
const SELLER = 'multi@demo.test';
const TOKEN = 'e2e-marketplace-intake-credential-0123456789';
const SHOTS = '/tmp/i19/shots/intake';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  mkdirSync(SHOTS, { recursive: true });
});

/** Signs in, selects the Polish shop, opens its open orders and answers its partner id (as the web sends it). */
async function polishOpenOrders(page: Page): Promise<number> {
  await login(page, SELLER);
  await page.getByTestId('partner-switcher').click();
  await page.getByRole('menuitem', { name: /Zabawki Demo/ }).click();
  await expect(page.getByTestId('selected-partner')).toContainText('Zabawki Demo');
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/graphql') && r.method() === 'POST' && (r.postData() ?? '').includes('OPEN'),
  );
  await page.goto('/orders/open-status');
  const partnerId = Number((await sent).headers()['x-partner-id']);
  // The first grid of a cold server on a shared machine may take a while.
  await expect(page.getByTestId('grid-total')).toHaveText(/\d/, { timeout: 30_000 });
  return partnerId;
}

/** A new order id per run and call: far from the seed's ids, below test orders. */
let serial = 0;
const freshId = () => 7_000_000_000_000 + (Date.now() % 1_000_000_000) * 10 + serial++;

async function postOrder(request: APIRequestContext, partnerId: number, orderId: number, customer: string) {
  const answer = await request.post('/internal/marketplace/orders', {
    headers: { authorization: `Bearer ${TOKEN}` },
    data: {
      orderId,
      partnerId,
      purchaseId: `E2E-${orderId}`,
      paymentType: 'C',
      currency: 'PLN',
      customer: { name: customer, email: 'klient@example.pl' },
      address: { street: 'ul. Długa 5', city: 'Kraków', zip: '31-147', country: 'PL' },
      transport: { deliveryType: 'ADDRESS', transportId: 'DPD' },
      prices: { delivery: 12.99 },
      items: [{ id: 1, title: 'Klocki konstrukcyjne', quantity: 1, unitPrice: 149.9, vat: 23 }],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

async function openCount(page: Page): Promise<number> {
  const text = await page.getByTestId('tab-count-open').innerText();
  return Number(text.replace(/\D/g, ''));
}

for (const width of [1440, 390]) {
  test(`an order posted to the intake arrives in the open orders grid without a reload (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    const partnerId = await polishOpenOrders(page);
    const before = await openCount(page);
    const orderId = freshId();
    const customer = `Zofia Wiśniewska ${width}`;
    // Nothing is on the page yet; nor will a reload be.
    await expect(page.getByText(String(orderId))).toHaveCount(0);
    const marker = await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);

    await postOrder(request, partnerId, orderId, customer);

    const banner = page.getByTestId('orders-new-arrivals');
    await expect(banner).toContainText('1 new order has arrived.');
    await expect(page.getByTestId('tab-count-open')).toHaveText(String(before + 1));
    await page.screenshot({ path: `${SHOTS}/banner-${width}.png`, fullPage: false });
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByTestId('orders-new-arrivals-show').click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByText(String(orderId)).first()).toBeVisible();
    await expect(page.getByText(customer).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/arrived-${width}.png`, fullPage: false });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
}

test('the intake refuses a request without the marketplace credential', async ({ request }) => {
  const answer = await request.post('/internal/marketplace/orders', { data: { orderId: 1 } });
  expect(answer.status()).toBe(401);
  expect((await answer.json()).code).toBe('AUTHENTICATION_ERROR');
});
