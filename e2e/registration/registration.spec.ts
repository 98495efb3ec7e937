import { expect, type Page, test } from '@playwright/test';

/** Chooses an option of a Mantine select (or multi-select) by the field's label. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillStepOne(page: Page, email: string, shopName: string) {
  await choose(page, /^marketplace/i, 'Czech Republic');
  await page.getByRole('textbox', { name: /^shop name/i }).fill(shopName);
  await page.getByRole('textbox', { name: /^website of the shop/i }).fill('https://kola-e2e.cz');
  await page.getByRole('textbox', { name: /^first name/i }).fill('Jana');
  await page.getByRole('textbox', { name: /^last name/i }).fill('Testová');
  await page.getByRole('textbox', { name: /^e-mail/i }).fill(email);
  await page.getByRole('textbox', { name: /^phone/i }).fill('+420 603 123 456');
  await choose(page, /how will you send us your products/i, 'By hand in the portal');
}

test('a new e-shop registers, confirms from the mailbox, sets a password and lands on the workflow', async ({
  page,
}) => {
  const email = `jana.${Date.now()}@kola-e2e.cz`;
  await page.goto('/registration');
  await expect(page.getByTestId('registration-step-1')).toBeVisible();
  await fillStepOne(page, email, `Kola E2E ${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('registration-step-2')).toBeVisible();
  await choose(page, /^country of the registered office/i, 'Czech Republic');
  await page.getByRole('textbox', { name: /^company id/i }).fill('27550125');
  await page.getByTestId('company-lookup').click();
  // The offline registry pre-fills the company details.
  await expect(page.getByRole('textbox', { name: /^company name/i })).toHaveValue('Kolárna Vltava s.r.o.');
  await expect(page.getByRole('textbox', { name: /^postal code/i })).toHaveValue('370 01');
  await choose(page, /^annual turnover/i, '1–10 million');
  await choose(page, /^orders per month/i, '100–500');
  await choose(page, /^products you offer/i, '100–1,000');
  await choose(page, /^what do you sell/i, 'Sports and outdoors');
  await page.keyboard.press('Escape');
  await choose(page, /^where do you want to sell/i, 'Slovakia');
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: /processing of my personal data/i }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page).toHaveURL(/\/registration-submit$/);
  await expect(page.getByTestId('registration-submitted')).toContainText(email);

  // Signing in before confirming offers a new link instead of a dead end.
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('textbox', { name: /^password/i }).fill('Whatever-2026!');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByTestId('login-not-confirmed')).toContainText('activation link has been sent');

  await page.goto('/dev/mailbox');
  await page.getByTestId('mailbox-recipient').fill(email);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByTestId('mailbox-message').first().click();
  await expect(page.getByTestId('mailbox-open-message')).toContainText('Confirm the registration');
  await page
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /registration-confirm/ })
    .click();

  await expect(page).toHaveURL(/\/registration-complete\/[\w-]+\/[\w-]+$/);
  await page.getByRole('textbox', { name: /^password/i }).fill('Kolarna-Vltava-2026!');
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await page.getByRole('textbox', { name: /^repeat the password/i }).fill('Kolarna-Vltava-2026!');
  await page.getByRole('button', { name: /save and continue/i }).click();

  await expect(page).toHaveURL(/\/workflow/);
  await expect(page.getByTestId('app-shell')).toBeVisible();
});

test('a taken e-mail and a taken company name are shown under their fields', async ({ page }) => {
  await page.goto('/registration');
  await fillStepOne(page, 'partner@demo.test', `Jiný obchod ${Date.now() % 100000}`);
  await page.getByRole('textbox', { name: /^phone/i }).focus();
  const email = page.getByRole('textbox', { name: /^e-mail/i });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('E-mail is already taken')).toBeVisible();
  // Step 1 does not go on while the e-mail is taken.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('registration-step-1')).toBeVisible();
  await expect(email).toBeFocused();

  await email.fill(`someone.${Date.now()}@kola-e2e.cz`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('registration-step-2')).toBeVisible();
  await page.getByRole('textbox', { name: /^company name/i }).fill('Sportovní potřeby Demo s.r.o.');
  await page.getByRole('textbox', { name: /^vat id/i }).focus();
  await expect(page.getByText('Company name already exists.')).toBeVisible();
});

test('an unknown confirmation link says so', async ({ page }) => {
  await page.goto('/registration-confirm/not-a-real-token');
  await expect(page.getByTestId('registration-confirm-failed')).toContainText('not valid');
});
