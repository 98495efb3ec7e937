import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, watchProblems } from '../helpers';
import { dayFromToday, lookAtBothWidths } from '../look';

/**
 * Issue 22 point 5 in the browser: the Czech demo seller (partner@) reads its standard price list — validity,
 * the default commission, the three-level tree with its own and inherited rates, a brand exception, the fees —
 * and an operator plans the list's next version in the cockpit without changing what applies today.
 */

const SHOTS = process.env.ISSUE22_SHOTS ?? '/tmp/shots/issue22';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

/** English dates as the portal prints them (LOCALE_TAGS.en of the domain). */
const medium = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
/** A 'YYYY-MM-DD' day as the pages print it. */
const printed = (day: string) => medium.format(new Date(`${day}T12:00:00`));

/** A row of the tree by its category name: the name, the rate and the brand exceptions (not the open children). */
function node(scope: Page | Locator, name: string): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return scope.getByTestId('price-list-row').filter({ has: page.getByText(name, { exact: true }) });
}

/** The commission a row shows (own or inherited). */
const rate = (row: Locator) => row.getByTestId('price-list-node-rate');

/** Opens the seller's price list: Brands, then its price list tab. */
async function openPriceList(page: Page) {
  await page.goto('/brands');
  await page.getByRole('tab', { name: 'Price list' }).click();
  await expect(page).toHaveURL(/\/brands\/price-list$/);
  await expect(page.getByTestId('price-list-page')).toBeVisible();
}

/** Electronics → Phones → Smartphones opened, as a seller looks for its phones' rate. */
async function openPhones(page: Page) {
  await page.getByRole('button', { name: /Electronics/ }).click();
  await page.getByRole('button', { name: /^Phones/ }).click();
  await expect(node(page, 'Smartphones')).toBeVisible();
}

test('a seller reads its standard price list: tree, commissions, a brand exception, validity and fees', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await login(page, 'partner@demo.test');
  await openPriceList(page);

  const year = new Date().getFullYear();
  await expect(page.getByRole('heading', { name: 'Standard price list' }), problems()).toBeVisible();
  await expect(page.getByTestId('price-list-state')).toHaveText('In force');
  await expect(page.getByTestId('price-list-validity')).toHaveText(`Valid from ${printed(`${year}-01-01`)}`);
  await expect(page.getByTestId('price-list-default')).toHaveText('12 %');

  // Divisions first, closed; a division opens on its categories, a category on its subcategories.
  const electronics = node(page, 'Electronics');
  await expect(rate(electronics)).toHaveText('8 %');
  await expect(node(page, 'Phones')).toHaveCount(0);
  const openElectronics = page.getByRole('button', { name: /Electronics/ });
  await expect(openElectronics).toHaveAttribute('aria-expanded', 'false');
  await openPhones(page);
  await expect(openElectronics).toHaveAttribute('aria-expanded', 'true');
  // Own rates on all three levels; a row without one shows the rate it inherits.
  await expect(rate(node(page, 'Phones'))).toHaveText('7 %');
  await expect(rate(node(page, 'Smartphones'))).toHaveText('6 %');
  await expect(rate(node(page, 'Phone cases'))).toHaveText('18 %');
  const featurePhones = node(page, 'Feature phones');
  await expect(rate(featurePhones)).toHaveText('7 %');
  await expect(featurePhones).toContainText('inherited');
  await expect(rate(node(page, 'TV and video'))).toHaveText('8 %');
  // Apple and Samsung phones sell at their own rate.
  const exceptions = node(page, 'Smartphones').getByRole('group', { name: 'Brand exceptions' });
  await expect(exceptions).toContainText('Apple 5 %');
  await expect(exceptions).toContainText('Samsung 5 %');
  // A closed division closes what it holds.
  await openElectronics.click();
  await expect(node(page, 'Phones')).toHaveCount(0);

  // The fee types of the shop with their amounts.
  const fees = page.getByTestId('price-list-fees');
  for (const fee of ['Monthly fee', 'Order fee', 'Return shipping fee', 'MALL Delivery pickup fee', 'Penalty fee']) {
    await expect(fees.getByRole('row').filter({ hasText: fee })).toContainText('CZK');
  }
  await lookAtBothWidths(page, `${SHOTS}/price-list`, () => openPhones(page));
});

test('an operator plans a new version from a later day; the seller keeps today’s commissions', async ({ browser }) => {
  const operator = await browser.newPage();
  await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  const problems = watchProblems(operator);
  await login(operator, 'admin@demo.test');
  await operator.getByTestId('cockpit-nav-priceLists').click();
  await expect(operator).toHaveURL(/\/cockpit\/price-lists$/);
  await expect(operator.getByRole('combobox', { name: 'Shop' })).toHaveValue('CZ10MA');
  const list = operator.locator('[data-testid^="cockpit-price-list-"]').filter({ hasText: 'Standard CZ10MA' });
  await expect(list, problems()).toBeVisible();
  const versions = list.getByTestId('price-list-version-row');
  await expect(versions.filter({ hasText: 'In force' })).toHaveCount(1);

  // The version in force can only be read.
  await versions.filter({ hasText: 'In force' }).getByRole('button', { name: /^Open/ }).click();
  const editor = operator.getByTestId('cockpit-price-list-version');
  // The opened version comes into view, below its list, with the focus on its title.
  await expect(editor.getByRole('heading', { name: /^Standard CZ10MA · / })).toBeFocused();
  await expect(editor).toBeInViewport();
  await expect(editor).toContainText('This version is in force or over');
  await expect(editor.getByRole('button', { name: /^Edit / })).toHaveCount(0);

  // A new version from a later day: one day later than any version the list has (a rerun adds another).
  const from = dayFromToday(30 + (await versions.count()));
  await list.getByLabel('New version from').fill(from);
  await list.getByRole('button', { name: 'New version' }).click();
  await expect(operator.getByText('The new version was created.')).toBeVisible();
  await expect(versions.filter({ hasText: printed(from) })).toContainText('Planned');
  await expect(editor).toContainText(printed(from));
  await expect(editor.getByTestId('cockpit-price-list-version-state')).toHaveText('Planned');

  // Electronics gets a commission of its own in the planned version.
  await editor.getByRole('button', { name: 'Edit Electronics' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Edit Electronics' });
  await dialog.getByRole('textbox', { name: /Own commission/ }).fill('9.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(operator.getByText('Saved.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(rate(node(editor, 'Electronics'))).toHaveText('9.5 %');

  // The seller keeps selling under the list from the same later day: picked by its name, not its number.
  const partner = list.getByRole('combobox', { name: 'Partner' });
  await partner.fill('Sportovní');
  await operator.getByRole('option', { name: /^Sportovní potřeby Demo s\.r\.o\. \(/ }).click();
  await expect(partner).toHaveValue(/^Sportovní potřeby Demo s\.r\.o\. \(/);
  await list.getByRole('textbox', { name: 'From', exact: true }).fill(from);
  await list.getByRole('button', { name: 'Assign' }).click();
  await expect(operator.getByText('The partner was assigned.')).toBeVisible();
  await expect(partner).toHaveValue('');

  await lookAtBothWidths(operator, `${SHOTS}/cockpit-price-lists`, async () => {
    if (await editor.isVisible()) return;
    await versions
      .filter({ hasText: printed(from) })
      .getByRole('button', { name: /^Open/ })
      .click();
    await expect(rate(node(editor, 'Electronics'))).toHaveText('9.5 %');
  });
  await operator.close();

  // The seller: today's list unchanged, the next version announced.
  const seller = await browser.newPage();
  await seller.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(seller, 'partner@demo.test');
  await openPriceList(seller);
  await expect(seller.getByTestId('price-list-state')).toHaveText('In force');
  await expect(rate(node(seller, 'Electronics'))).toHaveText('8 %');
  await expect(seller.getByTestId('price-list-next')).toHaveText(`A new version applies from ${printed(from)}.`);
  await seller.close();
});
