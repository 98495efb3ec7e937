import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, logout, seriousAxeFindings } from '../helpers';

/**
 * Issue 18, points 2, 4, 11 and 20 on the demo order book of the Czech partner (partner@demo.test):
 * the shipping view that fits a 1440 px screen, actions a read-only colleague may not take, the spec's six
 * order chips, the order type, the Zásilkovna and billing files and the detail's transport block.
 */

const SHOTS = '/tmp/shots/orders-grid';
const SHIPPING_VIEW = [
  'Order',
  'Ordered',
  'Customer',
  'Total',
  'Expected delivery',
  'Status',
  'Tracking number',
  'Labels',
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

const grid = (page: Page) => page.getByTestId('grid-orders');
const rows = (page: Page) => grid(page).getByTestId('grid-row');

/** The box the table scrolls in (the table's parent). */
const scroller = (page: Page) => grid(page).locator('table').first().locator('xpath=..');

async function headers(page: Page): Promise<string[]> {
  const texts = await grid(page).locator('table thead th').allInnerTexts();
  return texts.map((t) => t.trim()).filter(Boolean);
}

async function gridTotal(page: Page): Promise<number> {
  const total = grid(page).getByTestId('grid-total');
  await expect(total).toHaveText(/\d/);
  return Number((await total.innerText()).replace(/\D/g, ''));
}

async function toggleColumns(page: Page, names: string[]) {
  await grid(page).getByTestId('grid-columns').click();
  for (const name of names) {
    // The picker stays open while the seller ticks one column after another.
    const box = page.getByRole('checkbox', { name, exact: true });
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.keyboard.press('Escape');
}

async function shot(page: Page, name: string, width: number) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  // The navigation bar slides away below its breakpoint: the picture waits for it.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** A CSV download of one export button, as lines of cells (semicolon-separated, the portal's CSV). */
async function downloadCsv(page: Page, button: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByTestId(`${button}-button`).click();
  await page.getByTestId(`${button}-csv`).click();
  const text = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';'));
}

test('at 1440 px the shipping view fits without sideways scrolling; the rest waits in the picker', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'partner@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  expect(await headers(page)).toEqual(SHIPPING_VIEW);
  await expect(rows(page)).toHaveCount(50);
  // Every column is on screen: the table is no wider than its box.
  const fits = await scroller(page).evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth }));
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  await shot(page, 'orders-grid', 1440);

  // The less used columns are in the picker, not shown, and still choosable.
  await grid(page).getByTestId('grid-columns').click();
  for (const name of ['Order type', 'Delivery method', 'Payment type', 'City', 'Cash on delivery amount']) {
    await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
  }
  await page.keyboard.press('Escape');

  // A seller who wants more columns gets them; the wider table then scrolls inside a box of the screen's
  // height, so its sideways scrollbar is on screen, not 50 rows further down.
  await toggleColumns(page, ['Delivery method', 'Payment type', 'City', 'Purchase number', 'Shipped at']);
  const box = await scroller(page).evaluate((el) => ({
    wide: el.scrollWidth > el.clientWidth,
    tall: el.scrollHeight > el.clientHeight,
    height: el.getBoundingClientRect().height,
    screen: window.innerHeight,
  }));
  expect(box.wide).toBe(true);
  expect(box.tall).toBe(true);
  expect(box.height).toBeLessThanOrEqual(box.screen);
  await scroller(page).scrollIntoViewIfNeeded();
  await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
  // The header stays in view while the rows scroll under it.
  await expect(grid(page).locator('table thead th').first()).toBeInViewport();
  await expect(rows(page).last()).toBeInViewport();

  // Saved as a view, the columns come back after the seller resets the picker.
  await grid(page).getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  await page.getByRole('textbox', { name: /name of the view/i }).fill('Shipping with payment');
  await page.getByTestId('grid-view-save-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText('The view has been saved.');
  await grid(page).getByTestId('grid-columns').click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.keyboard.press('Escape');
  expect(await headers(page)).toEqual(SHIPPING_VIEW);
  await grid(page).getByTestId('grid-views').click();
  await page.getByTestId('grid-view').filter({ hasText: 'Shipping with payment' }).click();
  await expect
    .poll(() => headers(page))
    .toEqual([...SHIPPING_VIEW, 'Delivery method', 'Payment type', 'City', 'Shipped at', 'Purchase number']);
  await expect(rows(page).first().locator('td').nth(9)).not.toHaveText('');
});

test('the MALL Delivery and ready-to-return chips filter the list to the orders that carry them', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  const all = await gridTotal(page);
  const chips = page.getByRole('group', { name: 'Order labels' });
  for (const name of [
    'Cash on delivery',
    'Delivery to address',
    'MALL Delivery',
    'Personal pickup',
    'Ready to return',
    'Waiting for payment confirmation',
  ]) {
    await expect(chips.getByText(name, { exact: true })).toBeVisible();
  }

  for (const [chip, filter] of [
    ['MALL Delivery', 'isMallDelivery~EQUAL~true'],
    ['Ready to return', 'readyToReturn~EQUAL~true'],
  ] as const) {
    await chips.getByText(chip, { exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain(filter);
    await expect.poll(() => gridTotal(page)).toBeLessThan(all);
    const total = await gridTotal(page);
    expect(total).toBeGreaterThan(0);
    await expect(rows(page)).toHaveCount(Math.min(total, 50));
    // Every row shown carries the chip.
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((text) => text.includes(chip))).toBe(true);
    await chips.getByText(chip, { exact: true }).click();
    await expect.poll(() => gridTotal(page)).toBe(all);
  }
});

test('the order type is a column and a filter, and the Zásilkovna and billing files download', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'partner@demo.test');
  await page.goto('/orders');
  await expect(rows(page).first()).toBeVisible();
  const all = await gridTotal(page);
  await toggleColumns(page, ['Order type']);
  await expect.poll(() => headers(page)).toContain('Order type');
  // The Czech partner sells on the marketplace only.
  await expect
    .poll(async () => new Set(await rows(page).locator('td:nth-child(10)').allInnerTexts()))
    .toEqual(new Set(['Marketplace']));

  const choose = async (type: string) => {
    await grid(page).getByTestId('grid-filters-toggle').click();
    const panel = page.getByTestId('grid-filter-panel');
    if ((await panel.getByTestId('grid-filter-row').count()) === 0) {
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('combobox', { name: 'Column' }).last().click();
      await page.getByRole('option', { name: 'Order type', exact: true }).click();
    }
    await panel.getByLabel('Value').click();
    await page.getByRole('option', { name: type, exact: true }).click();
    await page.getByTestId('grid-apply-filters').click();
  };
  await choose('Allegro');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('orderType~EQUAL~allegro');
  await expect(grid(page).getByTestId('grid-empty')).toBeVisible();
  await choose('Marketplace');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('orderType~EQUAL~mall');
  await expect.poll(() => gridTotal(page)).toBe(all);

  // Zásilkovna's file holds the pickup-point orders of the list the seller sees, in Packeta's layout.
  await page.getByRole('button', { name: 'Last 30 days', exact: true }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain('createdAt~GREATER_THAN_OR_EQUAL');
  const lastMonth = new URL(page.url());
  lastMonth.searchParams.append('f', 'deliveryType~EQUAL~PICKUP_POINT');
  await page.goto(lastMonth.toString());
  await expect.poll(() => gridTotal(page)).toBeGreaterThan(0);
  const pickupOrders = await gridTotal(page);
  await expect(page.getByTestId('export-zasilkovna-button')).toHaveText('Zásilkovna export');
  const packeta = await downloadCsv(page, 'export-zasilkovna');
  expect(packeta[0]!.slice(0, 3)).toEqual(['Reserved', 'Order number', 'Name']);
  expect(packeta).toHaveLength(pickupOrders + 1);

  // The billing file: one line per item of the same orders, with the price split into VAT.
  await expect(page.getByTestId('export-billing-button')).toBeEnabled();
  const billing = await downloadCsv(page, 'export-billing');
  expect(billing[0]).toEqual(expect.arrayContaining(['Order number', 'Item ID', 'Price incl. VAT', 'VAT']));
  expect(billing.length).toBeGreaterThan(pickupOrders);
});

async function openFirst(page: Page, search: string): Promise<void> {
  await page.goto(`/orders?${search}`);
  await expect(rows(page).first()).toBeVisible();
  await rows(page).first().getByTestId('order-link').click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
}

test('the detail shows the blocked date, the transport block and the item references', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await openFirst(page, 'f=status~EQUAL~blocked');
  await expect(page.getByTestId('order-blocked-at')).toHaveText(/\d{4}/);

  // A MALL Delivery order to a pickup point travels by the DIP (Spectrum) service.
  await openFirst(page, 'f=isMallDelivery~EQUAL~true&f=deliveryType~EQUAL~PICKUP_POINT');
  await expect(page.getByTestId('order-mall-delivery')).toHaveText('Yes');
  await expect(page.getByTestId('order-transport-id')).toHaveText('MALL Delivery');
  await expect(page.getByTestId('order-mall-delivery-service')).toContainText('DIP (Spectrum)');
  const references = page.getByTestId('order-item-references');
  await expect(references.first()).toHaveText(/^\d+-\d+/);

  // To an address it is an MDP one; an ordinary order names its carrier.
  await openFirst(page, 'f=isMallDelivery~EQUAL~true&f=deliveryType~EQUAL~ADDRESS');
  await expect(page.getByTestId('order-mall-delivery-service')).toContainText('MDP');
  await openFirst(page, 'f=isMallDelivery~EQUAL~false&f=deliveryType~EQUAL~ADDRESS');
  await expect(page.getByTestId('order-transport-id')).toHaveText('PPL');
  await expect(page.getByTestId('order-mall-delivery-service')).toHaveCount(0);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await openFirst(page, 'f=isMallDelivery~EQUAL~true&f=deliveryType~EQUAL~PICKUP_POINT');
  await expect(page.getByTestId('order-transport-id')).toBeVisible();
  await shot(page, 'order-detail', 1440);
  await shot(page, 'order-detail', 390);
  expect(await seriousAxeFindings(page)).toEqual([]);
});

async function expectDeniedWithReason(page: Page, control: Locator, reason: string) {
  await expect(control).toBeVisible();
  await expect(control).toBeDisabled();
  await expect(control).toHaveAccessibleDescription(reason);
  await control.hover();
  await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
}

test('a colleague who may only read orders sees why the status cannot be changed, before filling anything', async ({
  page,
}) => {
  // Two sessions and the mailbox: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const email = `jen.cte.${Date.now()}@example.com`;
  await login(page, 'partner@demo.test');
  await page.goto('/partner/accounts');
  await page.getByRole('button', { name: 'Add a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a person by e-mail' });
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Čtenář');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Objednávek');
  await dialog.getByRole('combobox', { name: /^Language/ }).selectOption('en');
  await expect(dialog.getByRole('radio', { name: /Read everything/ })).toBeChecked();
  await dialog.getByTestId('add-account-submit').click();
  await expect(dialog).toBeHidden();
  await logout(page);

  await page.goto('/dev/mailbox');
  await page.getByTestId('mailbox-recipient').fill(email);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByTestId('mailbox-message').first().click();
  await page
    .getByTestId('mailbox-text')
    .getByRole('link', { name: /reset-password/ })
    .click();
  await page.getByRole('textbox', { name: /^new password/i }).fill('Jen-Cte-Objednavky-2026!');
  await page.getByRole('textbox', { name: /^repeat/i }).fill('Jen-Cte-Objednavky-2026!');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByTestId('password-reset-done')).toBeVisible();
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('textbox', { name: /^password/i }).fill('Jen-Cte-Objednavky-2026!');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();

  const cannotEdit =
    'Your account does not have the permission “Orders: Edit”. The master account of the shop can grant it.';
  const cannotCreate =
    'Your account does not have the permission “Orders: Create”. The master account of the shop can grant it.';
  // Open orders the marketplace has confirmed: their status could move, for someone with the right.
  await page.goto('/orders/open-status?f=waitingForPayment~EQUAL~false');
  await expect(rows(page).first()).toBeVisible();
  await expectDeniedWithReason(page, page.getByTestId('orders-import-statuses'), cannotEdit);
  await expectDeniedWithReason(page, page.getByTestId('orders-test-order'), cannotCreate);
  await rows(page).first().getByTestId('grid-select-row').check();
  await expectDeniedWithReason(page, page.getByTestId('bulk-status'), cannotEdit);
  // Reading stays: the picking list and the labels are there for the colleague.
  await expect(page.getByTestId('bulk-labels')).toBeEnabled();

  await rows(page).first().getByTestId('order-link').click();
  const status = page.getByTestId('order-change-status');
  await expectDeniedWithReason(page, status, cannotEdit);
  // A click opens nothing to fill in.
  await status.click({ force: true });
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('order-labels')).toBeEnabled();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The same in products: the product opens to be read, its save says why it cannot be used.
  await page.goto('/products');
  await page.getByTestId('grid-row').first().getByTestId('product-edit').click();
  await expectDeniedWithReason(
    page,
    page.getByTestId('product-save'),
    'Your account does not have the permission “Products: Edit”. The master account of the shop can grant it.',
  );
});
