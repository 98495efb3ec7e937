import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test.describe('administrator', () => {
  test('filters the partner grid from the URL', async ({ page }) => {
    await login(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/cockpit/);
    await page.goto('/cockpit?f=shopId~EQUAL~SK10MA');
    const rows = page.getByTestId('grid-row');
    await expect(rows.first()).toBeVisible();
    const shops = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(shops.length).toBeGreaterThan(0);
    // The shop column shows the market's name, not its code.
    expect(new Set(shops)).toEqual(new Set(['Slovakia']));
  });

  test('finds a partner and signs in as it, visibly, in a new tab', async ({ page, context }) => {
    await login(page, 'admin@demo.test');
    await page.goto('/cockpit');
    await page.getByPlaceholder(/search/i).fill('100001');
    const row = page.getByTestId('grid-row').filter({ hasText: 'Sportovní potřeby Demo' });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('grid-row')).toHaveCount(1);
    const partnerId = await row.getAttribute('data-row-id');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`remote-login-${partnerId}`).click(),
    ]);

    await expect(tab.getByTestId('impersonation-banner')).toContainText('admin@demo.test');
    await expect(tab.getByTestId('selected-partner')).toContainText('Sportovní potřeby Demo');
    await expect(tab).not.toHaveURL(/\/cockpit/);
    // Every page of the portal keeps showing who is acting.
    await tab.getByTestId('nav-orders').click();
    await expect(tab.getByTestId('impersonation-banner')).toBeVisible();
    // The cockpit tab stays the operator's.
    await expect(page).toHaveURL(/\/cockpit/);
    await tab.close();
  });
});
