import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * Every form that edits asks before its changes are thrown away (spec §5): a menu link, the back button, a
 * dialog's close or cancel, and reloading the tab. Saved or unchanged forms never ask. partner@demo.test is
 * the Czech demo shop; onboarding@demo.test a shop in its first onboarding step.
 */
const question = (page: Page) => page.getByRole('dialog', { name: 'Discard changes?' });
const SHOTS = '/tmp/shots/forms';

/** Clicks a menu link and expects the question; "Keep editing" stays with the value, "Discard" leaves. */
async function leaveAsks(page: Page, field: Locator, typed: string, from: RegExp, nav = 'orders', to = /\/orders/) {
  await page.getByTestId(`nav-${nav}`).click();
  await expect(question(page)).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(from);
  await expect(field).toHaveValue(typed);
  await page.getByTestId(`nav-${nav}`).click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).toHaveURL(to);
}

test.describe('unsaved changes', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('the contract form asks before a link leaves it, and not when nothing changed', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/partner');
    const contract = page.getByTestId('info-contract');
    await contract.getByRole('button', { name: 'Edit company details' }).click();
    // Opened and untouched: leaving does not ask.
    await page.getByTestId('nav-orders').click();
    await expect(page).toHaveURL(/\/orders/);
    await expect(question(page)).toBeHidden();

    await page.goto('/partner');
    await contract.getByRole('button', { name: 'Edit company details' }).click();
    const city = contract.getByRole('textbox', { name: /^City/ });
    await city.fill('Brno-sever');
    await leaveAsks(page, city, 'Brno-sever', /\/partner$/);
  });

  test('the profile asks on a link and on reload, and not after saving', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/user');
    const lastName = page.getByRole('textbox', { name: /^Last name/ });
    const original = await lastName.inputValue();
    await lastName.fill(`${original}ová`);
    await leaveAsks(page, lastName, `${original}ová`, /\/user$/);

    // Reloading a changed form gets the browser's own question; dismissing it keeps the page and the value.
    await page.goto('/user');
    await lastName.fill(`${original}ová`);
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(lastName).toHaveValue(`${original}ová`);

    // Saved: the link goes without a question. Then the name is put back as it was.
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Your profile has been saved.').first()).toBeVisible();
    await page.getByTestId('nav-orders').click();
    await expect(page).toHaveURL(/\/orders/);
    await expect(question(page)).toBeHidden();
    await page.goto('/user');
    await lastName.fill(original);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText('Your profile has been saved.').first()).toBeVisible();
  });

  test('an address dialog asks before it closes with changes, also on the back button', async ({ page }) => {
    await login(page, 'partner@demo.test');
    // Reached by the menu, so the back button moves inside the portal.
    await page.goto('/');
    await page.getByTestId('nav-partner').click();
    await expect(page).toHaveURL(/\/partner$/);
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    // Untouched: the dialog closes at once.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add address' }).click();
    const street = dialog.getByRole('textbox', { name: /^Street/ });
    await street.fill('Skladová 9');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(question(page)).toBeVisible();
    await page.getByTestId('unsaved-stay').click();
    await expect(street).toHaveValue('Skladová 9');

    await page.goBack();
    await expect(question(page)).toBeVisible();
    await page.getByTestId('unsaved-stay').click();
    await expect(page).toHaveURL(/\/partner$/);
    await expect(street).toHaveValue('Skladová 9');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('unsaved-leave').click();
    await expect(dialog).toBeHidden();
    await expect(question(page)).toBeHidden();
  });

  test('a contact dialog asks before Escape throws its changes away', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/partner/contacts');
    await page.getByRole('button', { name: 'Add contact person' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact person' });
    await dialog.getByRole('textbox', { name: /^First name/ }).fill('Eva');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    // Escape inside the question keeps editing.
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: /^First name/ })).toHaveValue('Eva');
    await page.keyboard.press('Escape');
    await expect(question(page)).toBeVisible();
    await page.getByTestId('unsaved-leave').click();
    await expect(dialog).toBeHidden();
  });

  test('a notification setting asks before a link, and not after saving', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/partner/notifications');
    const emails = page
      .getByTestId('notification-setting-PRODUCT_IMPORT_FINISHED')
      .getByRole('textbox', { name: 'Other e-mail addresses' });
    const before = await emails.inputValue();
    await emails.fill('import@sport-demo.cz');
    await leaveAsks(page, emails, 'import@sport-demo.cz', /\/partner\/notifications$/);

    await page.goto('/partner/notifications');
    await emails.fill('import@sport-demo.cz');
    const row = page.getByTestId('notification-setting-PRODUCT_IMPORT_FINISHED');
    await row.getByTestId('notification-save').click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
    await page.getByTestId('nav-orders').click();
    await expect(page).toHaveURL(/\/orders/);
    // Put back what the demo had.
    await page.goto('/partner/notifications');
    await emails.fill(before);
    await row.getByTestId('notification-save').click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
  });

  test('the onboarding company step asks before a link leaves it', async ({ page }) => {
    await login(page, 'onboarding@demo.test');
    await page.goto('/workflow/company');
    const firstName = page.getByRole('textbox', { name: /^First name/ });
    // Not 'Olga': the onboarding steps spec saves that name first, and typing a saved value changes nothing.
    await firstName.fill('Otilie');
    // A shop in onboarding has no orders yet: the home link leaves.
    await leaveAsks(page, firstName, 'Otilie', /\/workflow\/company$/, 'home', /127\.0\.0\.1:\d+\/$/);
  });
});

test.describe('a form shows all its errors at once', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('the address dialog shows an empty street and a bad post code together (390 px)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'partner@demo.test');
    await page.goto('/partner');
    await page.getByRole('button', { name: 'Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByRole('textbox', { name: /^City/ }).fill('Praha');
    await dialog.getByRole('textbox', { name: /^Postal code/ }).fill('1');
    await dialog.getByRole('checkbox', { name: 'Other warehouse' }).check();
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect(dialog.getByRole('textbox', { name: /^Street/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('The field is mandatory')).toBeVisible();
    await expect(
      dialog.getByText('This postal code does not fit the chosen country. Write it like 110 00.'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /^Street/ })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/address-errors-390.png` });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  test('the contract form shows a missing bank account with the format errors of other fields (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'partner@demo.test');
    await page.goto('/partner');
    const contract = page.getByTestId('info-contract');
    await contract.getByRole('button', { name: 'Edit company details' }).click();
    await contract.getByRole('textbox', { name: /^Bank account/ }).fill('');
    await contract.getByRole('textbox', { name: /^Postal code/ }).fill('00-950');
    await contract.getByRole('textbox', { name: /^VAT ID/ }).fill('SK2020123456');
    await contract.getByRole('button', { name: 'Save company details' }).click();
    const bank = contract.getByRole('textbox', { name: /^Bank account/ });
    await expect(bank).toHaveAttribute('aria-invalid', 'true');
    await expect(bank).toHaveAccessibleDescription(/The field is mandatory/);
    await expect(
      contract.getByText('This postal code does not fit the chosen country. Write it like 110 00.'),
    ).toBeVisible();
    await expect(
      contract.getByText('This VAT ID does not fit the chosen country. Write it like CZ12345678.'),
    ).toBeVisible();
    await contract.getByRole('textbox', { name: /^VAT ID/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/contract-errors-390.png` });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
