import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The webhooks tab against a real receiver on loopback (the e2e server allows private targets): a seller adds
 * a hook, keeps its secret, changes an order's status and sees the signed delivery in the hook's logs.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/orders`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a seller adds a webhook, keeps its secret, and sees an order status change delivered and logged', async ({
  page,
}) => {
  await login(page, 'partner@demo.test');
  await page.goto('/partner/webhook');
  const rows = page.getByTestId('webhook-row');
  // The demo shop has a working hook and a broken one.
  await expect(rows).toHaveCount(2);
  // One word per hook: the broken one reads Broken (with why), never Enabled.
  await expect(page.getByTestId('webhook-status')).toHaveText(['Enabled', 'Broken']);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByTestId('webhook-add').click();
  const form = page.getByTestId('webhook-form');
  await form.getByTestId('webhook-url').fill('ftp://example.com/x');
  await form.getByTestId('webhook-url').blur();
  await expect(form.getByText('not a valid URL')).toBeVisible();
  await form.getByTestId('webhook-url').fill(receiverUrl);
  await expect(form.getByText('not a valid URL')).toBeHidden();
  await form.getByTestId('webhook-event').click();
  await page.getByRole('option', { name: 'Order status changed' }).click();
  await form.getByTestId('webhook-save').click();

  const secretDialog = page.getByTestId('webhook-secret');
  await expect(secretDialog).toBeVisible();
  const secret = (await secretDialog.getByTestId('webhook-secret-value').textContent())!.trim();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '.tmp/screenshots/webhooks-secret-1440.png' });
  await secretDialog.getByTestId('webhook-secret-close').click();
  await expect(secretDialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  // Shown once: nothing on the page holds the secret any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  // An order changes status in the portal…
  // (the first open order whose status may change: an unconfirmed one may not, and the grid no longer says which)
  await page.goto('/orders/open-status');
  await expect(page.getByTestId('grid-row').first()).toBeVisible();
  const candidates = await page
    .getByTestId('grid-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id') ?? '').filter(Boolean));
  let orderId: string | null = null;
  for (const id of candidates) {
    await page.goto(`/orders/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(id) })).toBeVisible();
    if (await page.getByTestId('order-change-status').isVisible()) {
      orderId = id;
      break;
    }
  }
  expect(orderId).not.toBeNull();
  await page.getByTestId('order-change-status').click();
  await page.getByTestId('order-status-shipping').click();
  await page.getByRole('dialog').getByTestId('status-submit').click();
  await expect(page.getByTestId('order-status').first()).toHaveText('Shipping');

  // …the receiver gets it signed with the secret it was shown…
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const delivery = received.at(-1)!;
  const body = JSON.parse(delivery.body);
  expect(body).toMatchObject({ type: 'ORDER_STATUS_CHANGED', data: { orderId: Number(orderId), to: 'shipping' } });
  const timestamp = String(delivery.headers['x-webhook-timestamp']);
  expect(delivery.headers['x-webhook-signature']).toBe(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`,
  );

  // …and the hook's logs show the attempt.
  await page.goto('/partner/webhook');
  await rows.filter({ hasText: receiverUrl }).getByTestId('webhook-logs').click();
  await expect(page).toHaveURL(/\/partner\/webhook\/\d+\/logs$/);
  const logRow = page.getByTestId('grid-row').first();
  await expect(logRow).toContainText('Order status changed');
  await expect(logRow).toContainText('Sent');
  await expect(logRow).toContainText('200');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: '.tmp/screenshots/webhook-logs-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screenshots/webhook-logs-390.png', fullPage: true });
});

test('the add button stops at five webhooks and says why', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/partner/webhook');
  const rows = page.getByTestId('webhook-row');
  await expect(rows.first()).toBeVisible();
  for (let n = await rows.count(); n < 5; n += 1) {
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(`${receiverUrl}/${n}`);
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-secret-close').click();
    await expect(rows).toHaveCount(n + 1);
  }
  await expect(page.getByTestId('webhook-add')).toBeDisabled();
  await expect(page.getByTestId('webhook-limit')).toHaveText(
    'You cannot add another webhook because you have reached the maximum limit of 5 webhooks.',
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '.tmp/screenshots/webhooks-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screenshots/webhooks-390.png', fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Deleting one makes room again.
  await page.setViewportSize({ width: 1440, height: 900 });
  await rows.last().getByTestId('webhook-more').click();
  await page.getByTestId('webhook-delete').click();
  await page.getByTestId('webhook-delete-confirm').click();
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('webhook-add')).toBeEnabled();
});

test('a broken webhook says why it broke, and its owner re-enables it from the list or its logs', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/partner/webhook');
  const broken = page.getByTestId('webhook-row').filter({ hasText: 'old-erp.demo-shop.example' });
  await expect(broken.getByTestId('webhook-status')).toHaveText('Broken');
  await expect(broken).not.toContainText('Enabled');
  // The demo hook's last attempt was refused with 503 (seeded): the reason and its time are shown.
  await expect(broken.getByTestId('webhook-broken-reason')).toContainText(/Last failure .+: HTTP 503/);
  await expect(broken.getByTestId('webhook-reenable')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(broken.getByTestId('webhook-status')).toHaveText('Broken');
  await expect(broken.getByTestId('webhook-reenable')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  // The hook's own page (its logs) says the same and offers the same way back.
  await broken.getByTestId('webhook-logs').click();
  const alert = page.getByTestId('webhook-broken');
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId('webhook-broken-reason')).toContainText('HTTP 503');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await alert.getByTestId('webhook-reenable').click();
  // The demo's host is a reserved name nobody answers: enabled again, and the test event's fate is told.
  await expect(page.getByText('The webhook is enabled again')).toBeVisible({ timeout: 20_000 });
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('webhook-status')).toHaveText('Enabled');
  await page.getByRole('link', { name: 'Back to webhooks' }).click();
  await expect(
    page.getByTestId('webhook-row').filter({ hasText: 'old-erp.demo-shop.example' }).getByTestId('webhook-status'),
  ).toHaveText('Enabled');
  await expect(page.getByTestId('webhook-reenable')).toHaveCount(0);
});
