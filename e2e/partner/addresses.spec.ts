import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/** partner@demo.test: the Czech demo shop with 14 addresses, one of them its MALL Delivery warehouse (active). */
const grid = (page: Page) => page.getByTestId('grid-partner-addresses');
const rows = (page: Page) => grid(page).getByTestId('grid-row');

async function chooseCountry(page: Page, dialog: ReturnType<Page['getByRole']>, country: string) {
  const select = dialog.getByRole('combobox', { name: /^Country/ });
  await select.click();
  await select.fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
}

test.describe('partner addresses', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    await login(page, 'partner@demo.test');
  });

  test('adds, refuses an unsupported warehouse country, changes and deletes an address', async ({ page }) => {
    await page.goto('/partner');
    await expect(rows(page)).toHaveCount(10);
    await expect(grid(page).getByTestId('grid-total')).toContainText('14');
    await expect(grid(page)).toContainText('Czechia');

    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByRole('textbox', { name: /^Street/ }).fill('Lagerstraße 4');
    await dialog.getByRole('textbox', { name: /^City/ }).fill('Wien');
    await dialog.getByRole('textbox', { name: /^Postal code/ }).fill('1010');
    await chooseCountry(page, dialog, 'Austria');
    await dialog.getByRole('checkbox', { name: 'MALL Delivery warehouse' }).check();
    await expect(dialog).toContainText('Selected country is not allowed for address type MALL Delivery warehouse');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeVisible();
    // An ordinary warehouse may be abroad.
    await dialog.getByRole('checkbox', { name: 'MALL Delivery warehouse' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Other warehouse' }).check();
    await expect(dialog).not.toContainText('Selected country is not allowed');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog).toBeHidden();
    await expect(grid(page).getByTestId('grid-total')).toContainText('15');

    await grid(page).getByRole('textbox', { name: 'Search' }).fill('Wien');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Austria');
    await page.getByRole('button', { name: 'Edit address Lagerstraße 4' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit address' });
    await edit.getByRole('textbox', { name: /^Street/ }).fill('Lagerstraße 8');
    await edit.getByRole('button', { name: 'Save address' }).click();
    await expect(edit).toBeHidden();
    await expect(rows(page).first()).toContainText('Lagerstraße 8');

    await page.getByRole('button', { name: 'Delete address Lagerstraße 8' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(grid(page).getByTestId('grid-empty')).toBeVisible();

    // The warehouse of an active MALL Delivery stays.
    await grid(page).getByRole('textbox', { name: 'Search' }).fill('Jihlava');
    await page.getByRole('button', { name: 'Delete address Logistická 7' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('A MALL Delivery warehouse address is mandatory.')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  for (const width of [1440, 390]) {
    test(`fits a ${width} px screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/partner');
      await expect(rows(page)).toHaveCount(10);
      await grid(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/screens/partner-addresses-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
