import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * partner@demo.test is the master of the Czech demo shop, whose contacts cover every group. The demo seed
 * keeps order status changes disabled for the logistics people.
 */
const row = (page: Page, eventType: string) => page.getByTestId(`notification-setting-${eventType}`);

test.describe('notification settings', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a master sets who hears of order status changes, with each refusal shown on the row', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'partner@demo.test');
    await page.goto('/partner/notifications');
    const status = row(page, 'ORDER_STATUS_CHANGED');
    await expect(status.getByRole('heading', { name: 'Order status changed' })).toBeVisible();
    await expect(status.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await expect(row(page, 'ORDER_CREATED').getByRole('textbox', { name: 'Other e-mail addresses' })).toHaveValue(
      'objednavky@sport-demo.cz',
    );

    // Switched on with nobody to tell: refused before anything is sent.
    await status.getByRole('switch', { name: 'Active' }).check({ force: true });
    await status.getByRole('combobox', { name: 'Contact groups' }).press('Backspace');
    await expect(status.getByText('Choose at least one contact group or e-mail')).toBeVisible();

    // Eleven addresses, separated both ways, are one too many; a typo is named.
    const emails = status.getByRole('textbox', { name: 'Other e-mail addresses' });
    await emails.fill(Array.from({ length: 11 }, (_, i) => `sklad${i + 1}@sport-demo.cz`).join(', '));
    await expect(status.getByText('You can enter at most 10 e-mail addresses')).toBeVisible();
    await emails.fill('sklad@sport-demo.cz; expedice@sport-demo');
    await expect(status.getByText('“expedice@sport-demo” is not a valid e-mail address')).toBeVisible();
    await emails.fill('Sklad@sport-demo.cz; expedice@sport-demo.cz, sklad@sport-demo.cz');
    await expect(status.getByText(/not a valid e-mail address/)).toBeHidden();

    await status.getByRole('combobox', { name: 'Contact groups' }).click();
    await page.getByRole('option', { name: 'Logistics' }).click();
    await page.keyboard.press('Escape');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/notification-settings-1440.png', fullPage: true });

    await status.getByRole('button', { name: 'Save “Order status changed”' }).click();
    await expect(page.getByText('The setting “Order status changed” has been saved.')).toBeVisible();

    await page.reload();
    const saved = row(page, 'ORDER_STATUS_CHANGED');
    await expect(saved.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(saved.getByRole('textbox', { name: 'Other e-mail addresses' })).toHaveValue(
      'sklad@sport-demo.cz, expedice@sport-demo.cz',
    );
    await expect(saved.getByText('Logistics', { exact: true })).toBeVisible();
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'partner@demo.test');
    await page.goto('/partner/notifications');
    await expect(row(page, 'WEBHOOK_BROKEN')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/notification-settings-390.png', fullPage: true });
  });
});
