import { expect, type Page, test } from '@playwright/test';
import { login } from '../helpers';

/** The next batch the tracker sends, with what it carried; the tracker sends every 10 s or when hidden. */
async function nextUsageBatch(page: Page) {
  const request = await page.waitForRequest((r) => r.url().endsWith('/portal/usage') && r.method() === 'POST', {
    timeout: 20_000,
  });
  const response = await request.response();
  return {
    status: response?.status(),
    events: request.postDataJSON() as { kind: string; route: string; label?: string }[],
  };
}

test('a seller’s page views and clicks reach the cockpit usage view, named by route, never by address', async ({
  browser,
}) => {
  const seller = await browser.newPage();
  await login(seller, 'partner@demo.test');
  await seller.goto('/sla');
  await expect(seller).toHaveURL(/\/sla\/cancel-rate$/);
  // In-app navigation through the menu: a click on a link, then the next page's view.
  await seller.locator('a[href="/orders"]').first().click();
  await expect(seller).toHaveURL(/\/orders$/);
  await expect(seller.getByTestId('orders-import-statuses')).toBeVisible();
  const batch = nextUsageBatch(seller);
  // Hiding the page sends what is queued at once (as closing the tab does).
  await seller.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const sent = await batch;
  expect(sent.status).toBe(204);
  expect(sent.events.map((e) => [e.kind, e.route])).toEqual([
    ['view', 'sla-cancel-rate'],
    ['click', 'sla-cancel-rate'],
    ['view', 'orders'],
  ]);
  expect(sent.events[1]!.label).toBeTruthy();
  await seller.close();

  const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login(operator, 'admin@demo.test');
  await operator.getByTestId('cockpit-nav-usage').click();
  await expect(operator).toHaveURL(/\/cockpit\/usage$/);
  const table = operator.getByTestId('usage-table');
  await expect(table).toBeVisible();
  const orders = table.locator('tr[data-route="orders"]');
  await expect(orders).toBeVisible();
  // Columns: page, views, clicks, operator views; the seller's views count as views, not operator views.
  await expect(orders.locator('td').nth(1)).not.toHaveText('0');
  await expect(table.locator('tr[data-route="sla-cancel-rate"]')).toBeVisible();
  await operator.getByTestId('usage-period').getByText('Last 7 days').click();
  await expect(orders).toBeVisible();
  await operator.screenshot({ path: '/tmp/shots/cockpit-usage-1440.png', fullPage: true });
  await operator.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await operator.screenshot({ path: '/tmp/shots/cockpit-usage-390.png', fullPage: true });
  await operator.close();
});

test('the registration form is not tracked, even for a signed-in visitor', async ({ page }) => {
  await login(page, 'partner@demo.test');
  const routes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/portal/usage'))
      routes.push(...(r.postDataJSON() as { route: string }[]).map((e) => e.route));
  });
  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/sla');
  await expect(page).toHaveURL(/\/sla\/cancel-rate$/);
  const batch = nextUsageBatch(page);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await batch;
  expect(routes).toContain('sla-cancel-rate');
  expect(routes).not.toContain('registration');
});
