import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test.describe('operator signed in as a partner', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('works in a new tab and finds the way back to the cockpit', async ({ page, context }) => {
    await login(page, 'admin@demo.test');
    await page.goto('/cockpit');
    await page.getByPlaceholder(/search/i).fill('100001');
    await expect(page.getByTestId('grid-row')).toHaveCount(1);
    const partnerId = await page.getByTestId('grid-row').getAttribute('data-row-id');

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId(`remote-login-${partnerId}`).click(),
    ]);
    const banner = tab.getByTestId('impersonation-banner');
    await expect(banner).toContainText('admin@demo.test');
    await expect(tab.getByTestId('selected-partner')).toContainText('Sportovní potřeby Demo');
    await banner.screenshot({ path: '/tmp/shots/impersonation-banner.png' });
    await tab.screenshot({ path: '/tmp/shots/impersonation-tab-1440.png' });

    // The cockpit tab is still the operator's, even after a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/cockpit/);
    await expect(page.getByTestId('grid-row').first()).toBeVisible();
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);

    // Back to the cockpit: the impersonation ends and the tab is the operator's cockpit again.
    await tab.getByTestId('impersonation-exit').click();
    await expect(tab).toHaveURL(/\/cockpit/);
    await expect(tab.getByTestId('grid-row').first()).toBeVisible();
    await expect(tab.getByTestId('impersonation-banner')).toHaveCount(0);
    await tab.reload();
    await expect(tab).toHaveURL(/\/cockpit/);
    await expect(tab.getByTestId('impersonation-banner')).toHaveCount(0);
    await tab.close();
  });

  test('the partner grid shows labels, fits 1440 px and keeps the row action in view', async ({ page }) => {
    await login(page, 'admin@demo.test');
    await page.goto('/cockpit');
    await expect(page.getByTestId('grid-row').first()).toBeVisible();
    const grid = page.getByTestId('grid-cockpit-partners');
    const text = await grid.innerText();
    for (const code of ['PLUGIN_FAST_CENTRIK', 'MALL_FEED', 'HEUREKA_FEED', 'CZ10MA', 'PRODUCTION']) {
      expect(text, code).not.toContain(code);
    }
    // No column is pinned over the others (issue 18): the table fits 1440 px, so the row action is in view.
    await expect(page.locator('[data-pinned]')).toHaveCount(0);
    const action = page.locator('[data-testid^="remote-login-"]').first();
    await expect(action).toBeVisible();
    const box = await action.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1440);
    const scroller = grid.locator('table').locator('xpath=..');
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/shots/cockpit-1440x900.png' });
  });
});
