import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login } from '../helpers';

/**
 * Service quality and the home dashboard (issue 7, points 8 and 9): the SLA page shows each indicator with its
 * status in words and a chart of the months; home leads with the seller's work, and its figures open the orders
 * grid filtered to exactly those orders. Independent of the demo's exact numbers.
 */

async function signInInEnglish(page: Page) {
  await login(page, 'partner@demo.test');
  // Wide screens have the language choice in the header; phones in the account menu.
  const switcher = page.getByTestId('language-switcher');
  if (await switcher.isVisible()) {
    await switcher.selectOption('en');
  } else {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('language-option-en').click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
}

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

test('the SLA page shows each indicator with its target, a status in words, its periods and a chart', async ({
  page,
}) => {
  await signInInEnglish(page);
  await page.goto('/sla');
  await expect(page).toHaveURL(/\/sla\/cancel-rate$/);
  const card = page.getByTestId('sla-indicator');
  await expect(card).toHaveAttribute('data-type', 'CANCEL_RATE');
  await expect(card.getByTestId('sla-target')).toContainText('under 1.5%');
  const status = card.getByTestId('sla-status').first();
  await expect(status).toHaveText(/^(OK|Warning|Critical)$/);
  // Last 7 days, the current month and six completed months.
  await expect(card.getByTestId('sla-table').locator('tbody tr')).toHaveCount(8);
  await expect(card.getByTestId('sla-chart').locator('svg.recharts-surface')).toBeVisible();

  await page.getByTestId('tab-/sla/tracking-rate').click();
  await expect(page).toHaveURL(/\/sla\/tracking-rate$/);
  await expect(page.getByTestId('sla-target')).toContainText('at least 90%');
  // Fewer months: the table follows.
  await page.getByTestId('sla-months').getByText('3', { exact: true }).click();
  await expect(page.getByTestId('sla-table').locator('tbody tr')).toHaveCount(5);

  await page.getByTestId('tab-/sla/all').click();
  await expect(page).toHaveURL(/\/sla\/all$/);
  const all = page.getByTestId('sla-indicator');
  await expect(all).toHaveCount(4);
  for (const type of ['CANCEL_RATE', 'TRACKING', 'STATUS_ERROR', 'DELIVERY']) {
    const indicator = page.locator(`[data-testid="sla-indicator"][data-type="${type}"]`);
    await expect(indicator.getByTestId('sla-status').first()).toHaveText(/^(OK|Warning|Critical)$/);
    await expect(indicator.getByTestId('sla-chart').locator('svg.recharts-surface')).toBeVisible();
  }
});

test("home leads with the seller's work, and a figure opens the orders grid filtered to those orders", async ({
  page,
}) => {
  await signInInEnglish(page);
  const work = page.getByTestId('seller-work');
  await expect(work.getByTestId('to-ship-today-value')).toHaveText(/^\d[\d\s,.]*$/);
  await expect(work.getByTestId('overdue-value')).toHaveText(/^\d[\d\s,.]*$/);
  await expect(work.getByTestId('missing-statuses-value')).toHaveText(/^\d[\d\s,.]*\+?$/);
  await expect(page.getByTestId('days-to-delivery')).toContainText('Tomorrow');
  await expect(page.getByTestId('sales').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('home-sla-indicator')).toHaveCount(4);
  await expect(page.getByTestId('home-sla-indicator').first().getByTestId('sla-status')).toHaveText(
    /^(OK|Warning|Critical)$/,
  );
  await expect(page.getByTestId('accounts-count')).toHaveCount(0);

  await work.getByTestId('to-ship-today').click();
  await expect(page).toHaveURL(/\/orders\?/);
  const url = decodeURIComponent(page.url());
  expect(url).toContain('status~IN~open|shipping');
  expect(url).toMatch(/dispatchDate~EQUAL~\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('grid-active-filters')).toBeVisible();

  await page.goto('/');
  await page.getByTestId('missing-statuses').click();
  await expect(page).toHaveURL(/\/orders\/missing-statuses/);

  await page.goto('/');
  await page.getByTestId('home-sla-indicator').nth(3).click();
  await expect(page).toHaveURL(/\/sla\/delivery$/);
});

test('each failed figure opens exactly its orders, and tracking states its share with tracking', async ({ page }) => {
  await signInInEnglish(page);
  await page.goto('/sla/tracking-rate');
  const table = page.getByTestId('sla-table');
  // Tracking names its figures: the shipped orders, those without tracking and the share with tracking.
  await expect(table.locator('thead')).toContainText('Without tracking');
  await expect(table.locator('thead')).toContainText('With tracking');
  await expect(page.getByTestId('sla-chart')).toContainText('with a tracking number');

  // A figure with failed orders anywhere on the page: its number is the link.
  await page.goto('/sla/all');
  const link = page.getByTestId('sla-broken-link').first();
  await expect(link).toBeVisible();
  const count = Number((await link.innerText()).replace(/[^\d]/g, ''));
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/orders\?.*slaBreach=/);
  await expect(page.getByTestId('sla-breach-banner')).toBeVisible();
  await expect(page.getByTestId('grid-total')).toContainText(new RegExp(`\\b${count}\\b`));
  await expect(page.getByTestId('grid-row')).toHaveCount(Math.min(count, 50));

  // Back to all orders: the filter and its banner go.
  await page.getByTestId('sla-breach-clear').click();
  await expect(page.getByTestId('sla-breach-banner')).toHaveCount(0);
  await expect(page).not.toHaveURL(/slaBreach=/);
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the orders behind a figure read well at ${viewport.width} px, with no serious axe findings`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInInEnglish(page);
    await page.goto('/sla/tracking-rate');
    await expect(page.getByTestId('sla-chart').locator('svg.recharts-surface')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `/tmp/shots/labels-sla/sla-tracking-${viewport.width}.png`, fullPage: true });
    await page.goto('/sla/all');
    await page.getByTestId('sla-broken-link').first().click();
    await expect(page.getByTestId('sla-breach-banner')).toBeVisible();
    await expect(page.getByTestId('grid-total')).not.toBeEmpty();
    await page.screenshot({ path: `/tmp/shots/labels-sla/orders-breach-${viewport.width}.png`, fullPage: true });
    const failures: string[] = [];
    for (const path of ['/sla/tracking-rate', page.url()]) {
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
        .setLegacyMode(true)
        .analyze();
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(
          `${path}: ${v.id} ${v.help} ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`SLA and home fit a ${viewport.width} px screen`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInInEnglish(page);
    await expect(page.getByTestId('sales').locator('svg.recharts-surface')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`home-${viewport.width}.png`), fullPage: true });
    await page.goto('/sla/delivery');
    await expect(page.getByTestId('sla-chart').locator('svg.recharts-surface')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`sla-${viewport.width}.png`), fullPage: true });
    await page.goto('/sla/all');
    await expect(page.getByTestId('sla-indicator')).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`sla-all-${viewport.width}.png`), fullPage: true });
  });
}

test('home and the SLA pages have no serious accessibility findings (axe, WCAG 2.2 AA)', async ({ page }) => {
  await signInInEnglish(page);
  const failures: string[] = [];
  for (const path of ['/', '/sla/cancel-rate', '/sla/all']) {
    await page.goto(path);
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .setLegacyMode(true)
      .analyze();
    for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      failures.push(
        `${path}: ${v.id} ${v.help} ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
      );
    }
  }
  expect(failures).toEqual([]);
});
