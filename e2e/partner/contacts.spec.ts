import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/** partner@demo.test is the master of the Czech demo shop: 14 contacts, MALL Delivery active. */
const grid = (page: Page) => page.getByTestId('grid-partner-contacts');
const rows = (page: Page) => grid(page).getByTestId('grid-row');

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).last().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('partner contacts', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    await login(page, 'partner@demo.test');
  });

  test('pages, filters by role and searches the contacts', async ({ page }) => {
    await page.goto('/partner/contacts');
    await expect(rows(page)).toHaveCount(10);
    await expect(grid(page).getByTestId('grid-total')).toContainText('14');
    await grid(page).getByTestId('grid-pagination').getByRole('button', { name: '2' }).click();
    await expect(rows(page)).toHaveCount(4);

    await grid(page).getByTestId('grid-filters-toggle').click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await pick(page, 'Column', 'Roles');
    await page.getByTestId('grid-filter-panel').getByLabel('Value').click();
    await page.getByRole('option', { name: 'Finance', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('grid-apply-filters').click();
    await expect(rows(page)).toHaveCount(2);
    await expect(grid(page)).toContainText('Eva Dvořáková');
    await expect(grid(page)).toContainText('Alena Hájková');
    await grid(page).getByTestId('grid-active-filters').getByRole('button', { name: 'Remove filter' }).click();

    await grid(page).getByRole('textbox', { name: 'Search' }).fill('ondrej.kral');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Ondřej Král');
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  test('adds, changes and deletes a contact; the MALL Delivery rules answer in the form', async ({ page }) => {
    await page.goto('/partner/contacts');
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('button', { name: 'Add contact person' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact person' });
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Hana');
    await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Zelená');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('hana.zelena@sport-demo.cz');
    // The courier service needs one contact alone in its role, with a phone.
    await dialog.getByRole('checkbox', { name: 'MALL Delivery' }).check();
    await dialog.getByRole('checkbox', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Save contact person' }).click();
    await expect(dialog).toContainText('The MALL Delivery contact cannot have other roles.');
    await expect(dialog).toContainText('The field is mandatory');
    await dialog.getByRole('checkbox', { name: 'Marketing' }).uncheck();
    await dialog.getByRole('textbox', { name: /^Phone/ }).fill('603 555 111');
    await dialog.getByRole('button', { name: 'Save contact person' }).click();
    // The shop already has its MALL Delivery contact: the server says so in the form.
    await expect(dialog.getByRole('alert')).toContainText('There can be only one MALL Delivery contact.');
    await dialog.getByRole('checkbox', { name: 'MALL Delivery' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Marketing' }).check();
    await dialog.getByRole('button', { name: 'Save contact person' }).click();
    await expect(dialog).toBeHidden();

    await grid(page).getByRole('textbox', { name: 'Search' }).fill('zelená');
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Edit Hana Zelená' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact person' });
    await edit.getByRole('textbox', { name: /^Last name/ }).fill('Zelenková');
    await edit.getByRole('button', { name: 'Save contact person' }).click();
    await expect(edit).toBeHidden();
    await grid(page).getByRole('textbox', { name: 'Search' }).fill('zelenková');
    await expect(rows(page).first()).toContainText('Hana Zelenková');

    await page.getByRole('button', { name: 'Delete Hana Zelenková' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(grid(page).getByTestId('grid-empty')).toBeVisible();

    // The MALL Delivery contact stays while the service is active.
    await grid(page).getByRole('textbox', { name: 'Search' }).fill('radek');
    await page.getByRole('button', { name: 'Delete Radek Marek' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('A MALL Delivery contact is mandatory while the service is active.')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  });

  for (const width of [1440, 390]) {
    test(`fits a ${width} px screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/partner/contacts');
      await expect(rows(page)).toHaveCount(10);
      await page.screenshot({ path: `.tmp/screens/partner-contacts-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
