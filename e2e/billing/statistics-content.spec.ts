import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { login } from '../helpers';
import { lookAtBothWidths } from '../look';

/**
 * Issue 23 points 6 and 7 as a seller sees them, at 1440 and 390 px with axe: the statistics of the Czech demo
 * seller, the help center's search, the services and their public page for a signed-out visitor.
 */

const SHOTS = process.env.ISSUE23_SHOTS ?? '/tmp/shots/issue23';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a seller reads its statistics, searches the help center and opens a service', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'partner@demo.test');
  await page.goto('/statistics');
  await lookAtBothWidths(page, `${SHOTS}/statistics`, async () => {
    await expect(page.getByTestId('statistics-orders')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top products' })).toBeVisible();
  });
  // The demo's orders are counted: the figure is a number above zero.
  await expect(page.getByTestId('statistics-orders')).toContainText(/[1-9]/);

  await page.goto('/faq');
  await lookAtBothWidths(page, `${SHOTS}/faq`, async () => {
    await expect(page.getByLabel('Search the help center')).toBeVisible();
  });
  await page.goto('/services');
  await lookAtBothWidths(page, `${SHOTS}/services`, async () => {
    await expect(page.locator('main h1').first()).toBeVisible();
  });
});

test('a signed-out visitor follows the login page’s link to the services', async ({ page }) => {
  await page.goto('/login');
  await page.locator('a[href="/offer/services"]').click();
  await expect(page).toHaveURL(/\/offer\/services$/);
  await lookAtBothWidths(page, `${SHOTS}/public-services`, async () => {
    await expect(page.locator('main h1').first()).toBeVisible();
  });
});
