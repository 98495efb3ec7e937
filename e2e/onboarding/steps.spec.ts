import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/** onboarding@demo.test is a Czech shop that has just registered: no contract, addresses, contacts or carriers. */
const status = (page: Page, section: string) => page.getByTestId(`settings-${section}-status`);

test.describe('onboarding steps 1 and 3', () => {
  // The portal in English (the demo account's own language is Czech).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a new shop fills its company details from the register and completes its settings', async ({ page }) => {
    await login(page, 'onboarding@demo.test');

    // Step 1: company details, pre-filled from the company register.
    await page.goto('/workflow/company');
    await page.getByRole('textbox', { name: /^Company ID/ }).fill('47110236');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByTestId('company-lookup-note')).toContainText('Zahradní svět Lipno s.r.o.');
    await expect(page.getByRole('textbox', { name: /^Company name/ })).toHaveValue('Zahradní svět Lipno s.r.o.');
    await expect(page.getByRole('textbox', { name: /^City/ })).toHaveValue('Frymburk');
    await page.getByRole('textbox', { name: /^First name/ }).fill('Olga');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Nová');
    await page.getByRole('textbox', { name: /^E-mail/ }).fill('olga@kolarna.cz');
    await page.getByRole('textbox', { name: /^Bank account/ }).fill('19-2000145399/0800');
    await page.getByRole('textbox', { name: /^Website/ }).fill('https://www.kolarna.cz');
    // A wrong phone is caught in the browser, on the field.
    await page.getByRole('textbox', { name: /^Phone/ }).fill('12');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.getByRole('textbox', { name: /^Phone/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a valid phone number.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+420 601 123 456');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await expect(page.getByText('Company details saved.')).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Step 3: settings, each part marked from the checklist.
    await page.goto('/workflow/settings');
    await expect(status(page, 'addresses')).toHaveAttribute('data-status', 'todo');
    await expect(status(page, 'contacts')).toHaveAttribute('data-status', 'todo');
    await expect(status(page, 'transport')).toHaveAttribute('data-status', 'todo');

    await page.getByRole('button', { name: 'Add address' }).click();
    const addressDialog = page.getByRole('dialog', { name: 'New address' });
    await addressDialog.getByRole('textbox', { name: /^Street/ }).fill('Skladová 5');
    await addressDialog.getByRole('textbox', { name: /^City/ }).fill('Brno');
    await addressDialog.getByRole('textbox', { name: /^Postal code/ }).fill('602 00');
    await addressDialog.getByRole('checkbox', { name: 'Billing address' }).check();
    await addressDialog.getByRole('checkbox', { name: 'Main warehouse' }).check();
    await addressDialog.getByRole('button', { name: 'Save address' }).click();
    await expect(addressDialog).toBeHidden();
    await expect(page.getByTestId('address-row')).toContainText('Skladová 5');
    await expect(status(page, 'addresses')).toHaveAttribute('data-status', 'done');

    await page.getByRole('button', { name: 'Add contact person' }).click();
    const contactDialog = page.getByRole('dialog', { name: 'New contact person' });
    await contactDialog.getByRole('textbox', { name: /^First name/ }).fill('Petr');
    await contactDialog.getByRole('textbox', { name: /^Last name/ }).fill('Svoboda');
    await contactDialog.getByRole('textbox', { name: /^E-mail/ }).fill('petr@kolarna.cz');
    await contactDialog.getByRole('textbox', { name: /^Phone/ }).fill('601 123 456');
    for (const role of ['Manager', 'Logistics', 'Finance', 'Returns and complaints']) {
      await contactDialog.getByRole('checkbox', { name: role }).check();
    }
    await contactDialog.getByRole('button', { name: 'Save contact person' }).click();
    await expect(contactDialog).toBeHidden();
    await expect(status(page, 'contacts')).toHaveAttribute('data-status', 'done');

    await page.getByRole('button', { name: 'Add delivery method' }).click();
    const carrierDialog = page.getByRole('dialog', { name: 'New delivery method' });
    await carrierDialog.getByRole('combobox', { name: 'Carrier' }).click();
    await page.getByRole('option', { name: 'PPL' }).click();
    await carrierDialog.getByRole('textbox', { name: /^Delivery price/ }).fill('89,50');
    await carrierDialog.getByRole('button', { name: 'Save delivery method' }).click();
    // Crowns are whole: the market's money rule speaks before anything is sent.
    await expect(carrierDialog.getByRole('textbox', { name: /^Delivery price/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await carrierDialog.getByRole('textbox', { name: /^Delivery price/ }).fill('89');
    await carrierDialog.getByRole('button', { name: 'Save delivery method' }).click();
    await expect(carrierDialog).toBeHidden();
    await expect(page.getByTestId('delivery-row')).toContainText('PPL');
    await expect(status(page, 'transport')).toHaveAttribute('data-status', 'done');

    await page.getByRole('radio', { name: 'API' }).check();
    await page.getByRole('button', { name: 'Save connection type' }).click();
    await expect(page.getByText('Connection type saved.')).toBeVisible();
    await expect(status(page, 'connection')).toHaveAttribute('data-status', 'done');

    // The platform the offer comes from (its integration kind), as the cockpit's grids show it.
    await page.getByRole('combobox', { name: 'Platform or system' }).click();
    await page.getByRole('option', { name: 'Money S3' }).click();
    await page.getByRole('button', { name: 'Save platform' }).click();
    await expect(page.getByText('Platform saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Platform or system' })).toHaveValue('Money S3');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '.tmp/screenshots/steps-settings-1440.png', fullPage: true });
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'onboarding@demo.test');
    await page.goto('/workflow/settings');
    await expect(status(page, 'addresses')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/screenshots/steps-settings-390.png', fullPage: true });
    await page.goto('/workflow/company');
    await expect(page.getByRole('button', { name: 'Look up' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/screenshots/steps-company-390.png', fullPage: true });
  });
});
