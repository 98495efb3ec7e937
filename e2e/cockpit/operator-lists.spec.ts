import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { gql, login, sellerHeaders } from '../helpers';
import { lookAtBothWidths } from '../look';

/**
 * The operator home's broken webhooks and failed feeds open their lists across partners (issue 24 point 8): an
 * administrator re-enables the demo's broken webhook there and sees a feed whose file could not be read. The
 * broken webhook is the Czech demo shop's seeded one; the failed feed is the Slovak shop's (multi@demo.test),
 * pointed here at a receiver on loopback that answers 500.
 */
let receiver: http.Server;
let receiverBase: string;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 500;
      res.end('down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function queueCount(page: Page, queue: string): Promise<number> {
  await page.goto('/cockpit/home');
  const count = page.getByTestId(`queue-${queue}`).getByTestId('queue-count');
  await expect(count).toHaveText(/\d/);
  return Number((await count.textContent())!.replace(/\D/g, ''));
}

test('an administrator opens the broken webhooks from the home and re-enables one', async ({ page }) => {
  await login(page, 'admin@demo.test');
  const broken = await queueCount(page, 'brokenWebhooks');
  expect(broken).toBeGreaterThan(0);

  await page.getByTestId('queue-brokenWebhooks').getByRole('link').click();
  await expect(page).toHaveURL(/\/cockpit\/webhooks\?.*status%7EIN%7EBROKEN/);
  const grid = page.getByTestId('grid-cockpit-webhooks');
  await expect(page.getByTestId('cockpit-nav-webhooks')).toHaveAttribute('aria-current', 'page');
  // The list is what the count counted.
  await expect(grid.getByTestId('grid-total')).toHaveText(broken === 1 ? '1 record' : `${broken} records`);
  const row = grid.getByTestId('grid-row').filter({ hasText: 'old-erp.demo-shop.example' });
  await expect(row.getByTestId('cockpit-webhook-status')).toHaveText('Broken');
  await expect(row.getByTestId('cockpit-webhook-failure')).toContainText('HTTP 503');
  await expect(row.getByRole('link', { name: 'Sportovní potřeby Demo s.r.o.' })).toBeVisible();
  await expect(row.getByTestId('url-host')).toHaveAttribute('title', 'https://old-erp.demo-shop.example/orders/status');

  await lookAtBothWidths(page, test.info().outputPath('cockpit-webhooks'), async () => {
    await expect(grid.getByTestId('grid-row').filter({ hasText: 'old-erp.demo-shop.example' })).toBeVisible();
  });

  await row.getByRole('button', { name: /^Re-enable the webhook old-erp\.demo-shop\.example/ }).click();
  // Enabled again whatever the receiver answers the test event (this one is a reserved name nobody answers).
  await expect(page.getByText(/The webhook of .+ is enabled again/)).toBeVisible();
  await expect(grid.getByTestId('grid-row').filter({ hasText: 'old-erp.demo-shop.example' })).toHaveCount(0);
  expect(await queueCount(page, 'brokenWebhooks')).toBe(broken - 1);
});

test('the failed feeds open from their count, with the error, and an administrator runs one again', async ({
  page,
  request,
}) => {
  const seller = await sellerHeaders(request, 'multi@demo.test');
  await gql(
    request,
    'mutation($d: MallFeedInput!) { mallFeedUpdate(type: AVAILABILITY, data: $d) { id } }',
    { d: { url: `${receiverBase}/stock.xml`, enabled: true, schedule: 'DISABLED' } },
    seller,
  );
  await gql(request, 'mutation { mallFeedEnqueue(type: AVAILABILITY) { id } }', {}, seller);
  await expect
    .poll(
      async () =>
        (await gql(request, '{ mallFeedSettings { availability { lastRun { status } } } }', {}, seller))
          .mallFeedSettings.availability.lastRun?.status,
      { timeout: 30_000 },
    )
    .toBe('FAILED');

  await login(page, 'admin@demo.test');
  const failed = await queueCount(page, 'failedFeeds');
  expect(failed).toBeGreaterThan(0);
  await page.getByTestId('queue-failedFeeds').getByRole('link').click();
  await expect(page).toHaveURL(/\/cockpit\/feeds\?.*enabled%7EEQUAL%7Etrue.*lastRunStatus%7EIN%7EFAILED/);
  const grid = page.getByTestId('grid-cockpit-feeds');
  await expect(page.getByTestId('cockpit-nav-feeds')).toHaveAttribute('aria-current', 'page');
  await expect(grid.getByTestId('grid-total')).toHaveText(failed === 1 ? '1 record' : `${failed} records`);
  const host = new URL(receiverBase).host;
  const row = grid.getByTestId('grid-row').filter({ hasText: host });
  await expect(row.getByTestId('cockpit-feed-name')).toHaveText('MALL availability feed');
  await expect(row).toContainText('Failed');
  await expect(row.getByTestId('cockpit-feed-error')).toContainText("The feed's server answered with HTTP status");
  await expect(row.getByTestId('cockpit-feed-error')).toContainText('FEED_HTTP_ERROR');

  await lookAtBothWidths(page, test.info().outputPath('cockpit-feeds'), async () => {
    await expect(grid.getByTestId('grid-row').filter({ hasText: host })).toBeVisible();
  });

  await row.getByRole('button', { name: /^Run now: the MALL availability feed of / }).click();
  await expect(page.getByText(/MALL availability feed of .+ is queued for processing/)).toBeVisible();
});
