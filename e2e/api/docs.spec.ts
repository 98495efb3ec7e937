import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The API documentation tab: the server's OpenAPI document rendered endpoint by endpoint, and "try it" with
 * the partner's sandbox client id. partner@demo.test's shop has the demo sandbox client id below (seed:
 * partner-area/sandbox.ts); what the page lists comes from /v1/openapi.json, never from this spec.
 */
const DEMO_SANDBOX_CLIENT_ID = 'demo-partner-sandbox-client-id-cz10ma';

/** Opens one endpoint of the list by searching for its path. */
async function openEndpoint(page: Page, method: string, path: string) {
  await page.getByTestId('api-docs-search').fill(path);
  const endpoint = page.locator(`[data-endpoint="${method} ${path}"]`);
  await expect(endpoint).toHaveCount(1);
  await endpoint.getByRole('button').first().click();
  await expect(endpoint.getByTestId('endpoint-details')).toBeVisible();
  return endpoint;
}

test.describe('API documentation', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a partner reads an endpoint, tries it with the sandbox client id and sees the answer', async ({ page }) => {
    // Four endpoints tried, then axe and full-page pictures of a long page at two widths: close to a minute on
    // a busy two-core machine.
    test.setTimeout(120_000);
    await login(page, 'partner@demo.test');
    // The keys list says plainly what an integration sends, and leads to the documentation.
    await page.goto('/partner/api-limit');
    await expect(page.getByTestId('api-keys-table').getByRole('columnheader', { name: 'Key ID' })).toBeVisible();
    await expect(page.getByText(/sends the key's secret as client_id/)).toBeVisible();
    await page.getByTestId('api-keys-docs-link').click();
    await expect(page).toHaveURL(/\/partner\/api-docs$/);
    await expect(page.getByRole('tab', { name: 'API documentation' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'API documentation', level: 2 })).toBeVisible();

    // The envelope and the rate limits are explained once; the endpoints come grouped by tag.
    await expect(page.getByRole('heading', { name: 'Answers and errors' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rate limits' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orders', level: 4 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Catalogue', level: 4 })).toBeVisible();

    const orders = await openEndpoint(page, 'GET', '/v1/orders');
    const parameters = orders.getByTestId('endpoint-parameters');
    await expect(parameters.getByTestId('endpoint-parameter').filter({ hasText: 'client_id' })).toContainText(
      'required',
    );
    await expect(parameters.getByTestId('endpoint-parameter').filter({ hasText: 'filter' })).toContainText('"basic"');
    await expect(orders.getByTestId('endpoint-answer')).toContainText('paging');
    await expect(orders.getByTestId('endpoint-answer')).toContainText('integer[] | object[]');

    // Without a client id nothing is sent.
    await orders.getByTestId('try-it-send').click();
    await expect(orders.getByRole('alert')).toHaveText('Enter your sandbox client ID above first.');

    await page.getByLabel('Sandbox client ID (secret)').fill(DEMO_SANDBOX_CLIENT_ID);
    await orders.getByRole('combobox', { name: 'filter' }).selectOption('basic');
    await orders.getByLabel('More query parameters').fill('_sort=created:desc');
    await orders.getByTestId('try-it-send').click();
    const answer = orders.getByTestId('try-it-answer');
    await expect(answer.getByTestId('try-it-status')).toHaveText('200');
    await expect(answer).toContainText('GET /v1/orders?filter=basic&_sort=created%3Adesc&client_id=…');
    await expect(answer).not.toContainText(DEMO_SANDBOX_CLIENT_ID);
    const limits = answer.getByTestId('try-it-rate-limit');
    await expect(limits.getByRole('row', { name: /X-RateLimit-Limit/ })).toContainText(/\d+/);
    await expect(limits.getByRole('row', { name: /X-RateLimit-Remaining/ })).toContainText(/\d+/);
    await expect(limits.getByRole('row', { name: /X-RateLimit-Reset/ })).toContainText(/\d{10}/);
    const body = JSON.parse((await answer.getByTestId('try-it-body').textContent()) ?? '');
    expect(body.result).toMatchObject({ code: 200, status: 'OK' });
    expect(body.paging.page).toBe(1);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toHaveProperty('purchase_id');

    // A path parameter goes into the path; an unknown object answers the API's error shape.
    const partnerDelivery = await openEndpoint(page, 'GET', '/v1/deliveries/partner/{code}');
    await partnerDelivery.getByRole('textbox', { name: 'code' }).fill('NO-SUCH-CODE');
    await partnerDelivery.getByTestId('try-it-send').click();
    await expect(partnerDelivery.getByTestId('try-it-status')).toHaveText('404');
    await expect(partnerDelivery.getByTestId('try-it-body')).toContainText('"errorCode": "DELIVERY_NOT_FOUND"');

    // A change goes out only once the partner confirms it is meant for the sandbox; its JSON body is sent.
    const orderUpdate = await openEndpoint(page, 'PUT', '/v1/orders/{id}');
    await orderUpdate.getByRole('textbox', { name: 'id' }).fill('1');
    const bodyInput = orderUpdate.getByTestId('try-it-body-input');
    await expect(bodyInput).toHaveValue('{}');
    await bodyInput.fill('{"confirmed": ');
    await orderUpdate.getByTestId('try-it-send').click();
    await expect(orderUpdate.getByText('The body is not valid JSON.')).toBeVisible();
    await expect(orderUpdate.getByText('Confirm that this change goes to your sandbox.')).toBeVisible();
    await expect(orderUpdate.getByTestId('try-it-answer')).toHaveCount(0);
    await bodyInput.fill('{"confirmed": "maybe"}');
    await orderUpdate.getByLabel(/I send this change with a sandbox client ID/).check();
    await orderUpdate.getByTestId('try-it-send').click();
    await expect(orderUpdate.getByTestId('try-it-status')).toHaveText('400');
    await expect(orderUpdate.getByTestId('try-it-answer')).toContainText('PUT /v1/orders/1?client_id=…');
    // The body reached the order rules: "maybe" is no confirmation (the spec's partner-API order error).
    await expect(orderUpdate.getByTestId('try-it-body')).toContainText('"errorCode": "ORDER_INVALID_CONFIRMED_VALUE"');

    await page.getByTestId('api-docs-search').fill('');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`), fullPage: true });
      // The page's top and one open endpoint at a size a reviewer can read.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`api-docs-top-${width}.png`) });
      await orders.screenshot({ path: test.info().outputPath(`api-docs-orders-${width}.png`) });
    }
  });

  test('a new sandbox secret kept in this browser is ready to try on the documentation page', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/partner/sandbox-accounts');
    await page.getByTestId('sandbox-new').click();
    const dialog = page.getByRole('dialog', { name: 'New sandbox account' });
    await dialog.getByLabel(/^E-mail/).fill('docs-try@sportovni-potreby.cz');
    await dialog.getByTestId('sandbox-create').click();

    const secretDialog = page.getByRole('dialog', { name: 'Your sandbox account' });
    await expect(secretDialog.getByText(/sends this secret as client_id to reach your sandbox/)).toBeVisible();
    await expect(secretDialog.getByText('Key ID', { exact: true })).toBeVisible();
    const secret = (await secretDialog.getByTestId('secret-value').textContent())!.trim();
    await secretDialog.getByTestId('secret-keep').click();
    await expect(secretDialog.getByTestId('secret-kept')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('sandbox-secret-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await secretDialog.getByTestId('secret-done').click();

    await page.goto('/partner/api-docs');
    const field = page.getByLabel('Sandbox client ID (secret)');
    await expect(field).toHaveValue(secret);
    await expect(page.getByText('Kept in this browser.')).toBeVisible();
    const shops = await openEndpoint(page, 'GET', '/v1/shops');
    await shops.getByTestId('try-it-send').click();
    await expect(shops.getByTestId('try-it-status')).toHaveText('200');
    const body = JSON.parse((await shops.getByTestId('try-it-body').textContent()) ?? '');
    expect(body.data[0]).toHaveProperty('shop_id');

    // Removed here, it is gone from this browser after a reload too.
    await page.getByTestId('api-docs-forget').click();
    await expect(field).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel('Sandbox client ID (secret)')).toHaveValue('');

    // The spec's sandbox account goes again: the shop may have only three.
    await page.goto('/partner/sandbox-accounts');
    await page.getByRole('button', { name: 'Delete sandbox account docs-try@sportovni-potreby.cz' }).click();
    await page.getByRole('dialog', { name: 'Delete the sandbox account?' }).getByTestId('sandbox-confirm').click();
    await expect(page.getByTestId('sandbox-row').filter({ hasText: 'docs-try@' })).toHaveCount(0);
  });
});
