import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * Issue 9's whole path in one browser: a new e-shop registers, confirms through the link in /dev/mailbox,
 * sets a password, walks the five onboarding steps, agrees to the terms, and is moved on by an operator
 * until PRODUCTION, after which the portal shows the full navigation.
 */

const stamp = Date.now() % 1_000_000;
const EMAIL = `hanak.${stamp}@hanak-e2e.cz`;
const SHOP = `Hanák E2E ${stamp}`;
const REGISTERED_COMPANY = 'Domácí potřeby Hanák a.s.';
const PASSWORD = 'Hanak-Olomouc-2026!';
/**
 * The company as registered. A retry of this spec (CI retries once) runs on the same server, where the first
 * attempt may have registered the registry's company already: it types a company of its own instead.
 */
let COMPANY = REGISTERED_COMPANY;

/** A Czech company id with its modulo-11 check digit, unique to this run (for the retry's typed company). */
function freshCompanyId(): string {
  const body = String(10_00000 + (stamp % 8_99999)).padStart(7, '0');
  const sum = [8, 7, 6, 5, 4, 3, 2].reduce((acc, weight, i) => acc + weight * Number(body[i]), 0);
  return `${body}${(11 - (sum % 11)) % 10}`;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An operator moves the new shop to `status` in /cockpit/onboarding, checking the ticks the move needs. */
async function operatorMoves(operator: Page, status: string, ticks: string[] = []) {
  await operator.goto('/cockpit/onboarding');
  await operator.getByPlaceholder(/search/i).fill('Hanák');
  const row = operator.getByTestId('grid-row').filter({ hasText: COMPANY });
  await expect(row).toHaveCount(1);
  const id = await row.getAttribute('data-row-id');
  await operator.getByTestId(`move-${id}`).click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByLabel(status, { exact: true }).check();
  for (const tick of ticks) await dialog.getByLabel(tick).check();
  await dialog.getByTestId('move-submit').click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByText(`moved to “${status}”`)).toBeVisible();
}

test('a new e-shop registers, onboards in five steps and goes live with the full navigation', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));

  // Registration, both steps.
  await page.goto('/registration');
  await choose(page, /^marketplace/i, 'Czech Republic');
  await page.getByRole('textbox', { name: /^shop name/i }).fill(SHOP);
  await page.getByRole('textbox', { name: /^website of the shop/i }).fill('https://www.hanak-e2e.cz');
  await page.getByRole('textbox', { name: /^first name/i }).fill('Marie');
  await page.getByRole('textbox', { name: /^last name/i }).fill('Hanáková');
  await page.getByRole('textbox', { name: /^e-mail/i }).fill(EMAIL);
  await page.getByRole('textbox', { name: /^phone/i }).fill('+420 585 123 456');
  await choose(page, /how will you send us your products/i, 'By hand in the portal');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('registration-step-2')).toBeVisible();
  await choose(page, /^country of the registered office/i, 'Czech Republic');
  if (test.info().retry === 0) {
    await page.getByRole('textbox', { name: /^company id/i }).fill('06123457');
    await page.getByTestId('company-lookup').click();
    await expect(page.getByRole('textbox', { name: /^company name/i })).toHaveValue(COMPANY);
  } else {
    COMPANY = `Hanák Olomouc ${stamp} a.s.`;
    await page.getByRole('textbox', { name: /^company id/i }).fill(freshCompanyId());
    await page.getByRole('textbox', { name: /^company name/i }).fill(COMPANY);
    await page.getByRole('textbox', { name: /^street/i }).fill('Palackého 22');
    await page.getByRole('textbox', { name: /^city/i }).fill('Olomouc');
    await page.getByRole('textbox', { name: /^postal code/i }).fill('779 00');
  }
  await choose(page, /^annual turnover/i, '1–10 million');
  await choose(page, /^orders per month/i, '100–500');
  await choose(page, /^products you offer/i, '100–1,000');
  await choose(page, /^what do you sell/i, 'Sports and outdoors');
  await page.keyboard.press('Escape');
  await choose(page, /^where do you want to sell/i, 'Slovakia');
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: /processing of my personal data/i }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('registration-submitted')).toContainText(EMAIL);

  // The confirmation link from the demo mailbox, then the first password.
  await page.goto('/dev/mailbox');
  await page.getByTestId('mailbox-recipient').fill(EMAIL);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByTestId('mailbox-message').first().click();
  await page
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /registration-confirm/ })
    .click();
  await expect(page).toHaveURL(/\/registration-complete\//);
  await page.getByRole('textbox', { name: /^password/i }).fill(PASSWORD);
  await page.getByRole('textbox', { name: /^repeat the password/i }).fill(PASSWORD);
  await page.getByRole('button', { name: /save and continue/i }).click();
  await expect(page).toHaveURL(/\/workflow/);
  await expect(page.getByTestId('workflow-status-badge')).toHaveText('Registered');
  // While onboarding, the selling areas are not in the navigation yet.
  await expect(page.getByTestId('nav-workflow')).toBeVisible();
  await expect(page.getByTestId('nav-orders')).toHaveCount(0);

  // Step 1: company details (the contract), pre-filled by the registration.
  await page.goto('/workflow/company');
  await expect(page.getByRole('textbox', { name: /^Company name/ })).toHaveValue(COMPANY);
  await page.getByRole('textbox', { name: /^Bank account/ }).fill('19-2000145399/0800');
  await page.getByRole('button', { name: 'Save company details' }).click();
  await expect(page.getByText('Company details saved.')).toBeVisible();

  // Step 2: the terms on the ordinary path, with the consent dialog.
  await page.goto('/workflow/terms');
  await page.getByTestId('terms-choose-STANDARD').click();
  await page.getByTestId('consent-names').fill('Marie Hanáková');
  await page.getByTestId('consent-read').check();
  await page.getByTestId('consent-submit').click();
  await expect(page.getByTestId('terms-thanks')).toBeVisible();
  await page.getByTestId('terms-thanks-close').click();
  await expect(page.getByTestId('workflow-status-badge')).toHaveText('Vendor check');

  // Step 3: settings — the required addresses, contact people, a carrier and the connection type.
  await page.goto('/workflow/settings');
  await page.getByRole('button', { name: 'Add address' }).click();
  const address = page.getByRole('dialog', { name: 'New address' });
  await address.getByRole('textbox', { name: /^Street/ }).fill('Palackého 22');
  await address.getByRole('textbox', { name: /^City/ }).fill('Olomouc');
  await address.getByRole('textbox', { name: /^Postal code/ }).fill('779 00');
  await address.getByRole('checkbox', { name: 'Billing address' }).check();
  await address.getByRole('checkbox', { name: 'Main warehouse' }).check();
  await address.getByRole('button', { name: 'Save address' }).click();
  // The dialog closes once the address is saved (an error would keep it open and say why).
  await expect(address).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('settings-addresses-status')).toHaveAttribute('data-status', 'done');

  await page.getByRole('button', { name: 'Add contact person' }).click();
  const contact = page.getByRole('dialog', { name: 'New contact person' });
  await contact.getByRole('textbox', { name: /^First name/ }).fill('Marie');
  await contact.getByRole('textbox', { name: /^Last name/ }).fill('Hanáková');
  await contact.getByRole('textbox', { name: /^E-mail/ }).fill(EMAIL);
  await contact.getByRole('textbox', { name: /^Phone/ }).fill('585 123 456');
  for (const role of ['Manager', 'Logistics', 'Finance', 'Returns and complaints']) {
    await contact.getByRole('checkbox', { name: role }).check();
  }
  await contact.getByRole('button', { name: 'Save contact person' }).click();
  await expect(contact).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('settings-contacts-status')).toHaveAttribute('data-status', 'done');

  await page.getByRole('button', { name: 'Add delivery method' }).click();
  const carrier = page.getByRole('dialog', { name: 'New delivery method' });
  await carrier.getByRole('combobox', { name: 'Carrier' }).click();
  await page.getByRole('option', { name: 'PPL' }).click();
  await carrier.getByRole('textbox', { name: /^Delivery price/ }).fill('89');
  await carrier.getByRole('button', { name: 'Save delivery method' }).click();
  await expect(carrier).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('settings-transport-status')).toHaveAttribute('data-status', 'done');
  await page.getByRole('radio', { name: 'API' }).check();
  await page.getByRole('button', { name: 'Save connection type' }).click();
  await expect(page.getByTestId('settings-connection-status')).toHaveAttribute('data-status', 'done');

  // An operator checks the company and the contract.
  const operator = await browser.newPage();
  await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(operator, 'admin@demo.test');
  await operatorMoves(operator, 'Draft contract', ['Company verified in the business register']);
  await operatorMoves(operator, 'Partner access', ['Contract signed by both sides']);

  // The shop starts testing: its settings are complete.
  await page.goto('/workflow/launch');
  await expect(page.getByTestId('workflow-status')).toHaveText('Partner access');
  await page.getByRole('button', { name: 'Start testing' }).click();
  await expect(page.getByTestId('workflow-status')).toHaveText('Testing');

  // Step 4: a product ready for sale, imported from a file, then sent for approval.
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Open Electronics' }).click();
  await page.getByRole('button', { name: 'Open Photo' }).click();
  await page.getByRole('button', { name: 'Tripods', exact: true }).click();
  await expect(page).toHaveURL(/\?category=\d+/);
  const categoryId = new URL(page.url()).searchParams.get('category')!;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ITEMS>
  <ITEM>
    <ID>HANAK-TRIPOD-1</ID>
    <STAGE>LIVE</STAGE>
    <CATEGORY_ID>${categoryId}</CATEGORY_ID>
    <PRODUCT_TYPE>Travel tripod</PRODUCT_TYPE>
    <PRICE>1490</PRICE>
    <VAT>21</VAT>
    <IN_STOCK>12</IN_STOCK>
    <DELIVERY_DELAY>2</DELIVERY_DELAY>
    <STATUS>ACTIVE</STATUS>
    <MEDIA><URL>https://img.hanak-e2e.cz/tripod.jpg</URL><MAIN>true</MAIN></MEDIA>
  </ITEM>
</ITEMS>`;
  await page.goto('/products');
  await page.getByTestId('products-import').click();
  const importDialog = page.getByRole('dialog');
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'products.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml, 'utf8'),
  });
  await importDialog.getByTestId('products-import-submit').click();
  await expect(importDialog.getByTestId('products-import-progress')).toHaveAttribute('data-status', 'END', {
    timeout: 30_000,
  });
  await expect(importDialog.getByTestId('products-import-created')).toHaveText('1');
  await page.keyboard.press('Escape');

  await page.goto('/workflow/data');
  await expect(page.getByTestId('workflow-products-live')).toHaveText('1');
  await page.getByRole('button', { name: 'Send products for approval' }).click();
  await expect(page.getByTestId('workflow-sent-state')).toContainText('Sent for approval');
  await page.getByRole('button', { name: 'Ask for content control' }).click();
  await expect(page.getByTestId('workflow-status-badge')).toHaveText('Content control');

  // Step 5: the operator approves the content; the shop's open page follows and the navigation opens up.
  await page.goto('/workflow/launch');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await operatorMoves(operator, 'Live', ['Product content approved']);
  await expect(page.getByTestId('workflow-status')).toHaveText('Live');
  await expect(page.getByTestId('nav-orders')).toBeVisible();
  await expect(page.getByTestId('nav-sla')).toBeVisible();
  await expect(page.getByTestId('nav-workflow')).toHaveCount(0);
  await operator.close();
});
