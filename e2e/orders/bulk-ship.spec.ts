import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { login } from '../helpers';

/**
 * Issue 18 point 5: a seller ships a morning's orders at once, each with its own tracking number, pasted as
 * two columns from a spreadsheet, and sees every order's result and the grid move on. It ships the Slovak demo
 * shop's orders (multi@demo.test starts on Záhrada Demo): the orders and tools specs need the Czech shop's few
 * confirmed open orders.
 */
const SELLER = 'multi@demo.test';
const SHOTS = '/tmp/shots/orders-bulk';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  mkdirSync(SHOTS, { recursive: true });
});

/** Serious or critical WCAG 2.2 AA findings inside the open dialog (the rules of the a11y suite). */
async function dialogAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A grid with one filter in its address, as the filter panel leaves it. */
async function gridWith(page: Page, path: string, filter: string) {
  await page.goto(`${path}?f=${encodeURIComponent(filter)}`);
  await expect(page.getByTestId('grid-total')).toHaveText(/\d/);
}

/** Open orders the marketplace has confirmed (the rules let them ship) or not (waiting for the payment). */
async function openOrderIds(page: Page, confirmed: boolean): Promise<string[]> {
  await gridWith(page, '/orders/open-status', `confirmed~EQUAL~${confirmed}`);
  const rows = page.getByTestId('grid-row');
  await expect(rows.first()).toBeVisible();
  return (await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-row-id')))).filter(
    (id): id is string => !!id,
  );
}

async function selectRows(page: Page, count: number): Promise<string[]> {
  await gridWith(page, '/orders/open-status', 'confirmed~EQUAL~true');
  const rows = page.getByTestId('grid-row');
  await expect(rows.nth(count - 1)).toBeVisible();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    ids.push((await row.getAttribute('data-row-id')) ?? '');
    await row.getByTestId('grid-select-row').check();
  }
  await expect(page.getByTestId('grid-selected-count')).toHaveText(`Selected: ${count}`);
  return ids;
}

async function openShipDialog(page: Page) {
  await page.getByTestId('bulk-status').click();
  await page.getByTestId('bulk-status-shipped').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('bulk-ship-form')).toBeVisible();
  return dialog;
}

/** Pastes text into the field as a spreadsheet's clipboard would (a real paste event with text/plain). */
async function paste(target: Locator, text: string) {
  await target.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('a seller ships three orders with tracking numbers pasted from a spreadsheet', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, SELLER);
  const ids = await selectRows(page, 3);
  const dialog = await openShipDialog(page);
  await expect(dialog.getByTestId('bulk-ship-row')).toHaveCount(3);

  // Two columns as a spreadsheet copies them: a heading, the three orders, one order not selected.
  const tracking = ids.map((_, i) => `DR-77${i}_CZ`);
  const table = ['Order\tTracking', ...ids.map((id, i) => `${id}\t${tracking[i]}`), '1\tNOT-MINE'].join('\r\n');
  await paste(dialog.getByTestId('bulk-ship-paste'), table);
  for (const [i, id] of ids.entries()) {
    await expect(dialog.locator(`[data-order-id="${id}"]`).getByTestId('bulk-ship-tracking')).toHaveValue(tracking[i]!);
  }
  const summary = dialog.getByTestId('bulk-ship-fill-summary');
  await expect(summary).toContainText('Tracking numbers filled in: 3.');
  await expect(summary).toContainText('Not among the selected orders, left out: 1.');
  expect(await dialogAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/filled-1440.png` });

  // A number or a link the rules refuse is caught on its row before anything is sent.
  const first = dialog.locator(`[data-order-id="${ids[0]}"]`).getByTestId('bulk-ship-tracking');
  const secondLink = dialog.locator(`[data-order-id="${ids[1]}"]`).getByTestId('bulk-ship-tracking-url');
  await first.fill('DR 770');
  await secondLink.fill('javascript:alert(1)');
  let sent = false;
  page.on('request', (request) => {
    if ((request.postData() ?? '').includes('ordersShip')) sent = true;
  });
  await dialog.getByTestId('bulk-ship-submit').click();
  await expect(dialog).toContainText('Use only letters without accents, digits, dash and underscore.');
  await expect(secondLink).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator(`[data-order-id="${ids[1]}"]`)).toContainText('not a valid URL');
  expect(sent).toBe(false);
  await page.screenshot({ path: `${SHOTS}/refused-1440.png` });
  await first.fill(tracking[0]!);
  // The second order travels with its carrier's tracking link; the others keep none.
  const link = `https://tracking.example/parcel?number=${tracking[1]}`;
  await secondLink.fill(link);

  await dialog.getByTestId('bulk-ship-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText(
    'The status of all selected orders has been changed (3).',
  );
  const answer = dialog.getByTestId('status-bulk-answer');
  await expect(answer.getByTestId('status-bulk-row')).toHaveCount(3);
  for (const [i, id] of ids.entries()) {
    const row = answer.locator(`[data-order-id="${id}"]`);
    await expect(row).toContainText(tracking[i]!);
    await expect(row).toContainText('Shipped');
  }
  expect(await dialogAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/results-1440.png` });
  await answer.getByRole('button', { name: 'Close' }).click();

  // The open tab lets them go; the overview shows them shipped with their numbers.
  for (const id of ids) await expect(page.locator(`[data-row-id="${id}"]`)).toHaveCount(0);
  await gridWith(page, '/orders', `id~IN~${ids.join('|')}`);
  await expect(page.getByTestId('grid-row')).toHaveCount(3);
  for (const [i, id] of ids.entries()) {
    const row = page.locator(`[data-row-id="${id}"]`);
    await expect(row.getByTestId('order-status')).toHaveText('Shipped');
    await expect(row).toContainText(tracking[i]!);
  }
  // The order's detail links its tracking number to the carrier's page.
  await page.goto(`/orders/${ids[1]}`);
  await expect(page.getByTestId('order-tracking').getByRole('link')).toHaveAttribute('href', link);
});

test('the shipment dialog says on its row why an order cannot ship, and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, SELLER);
  const [readyId] = await openOrderIds(page, true);
  const [waitingId] = await openOrderIds(page, false);
  await gridWith(page, '/orders/open-status', `id~IN~${readyId}|${waitingId}`);
  await expect(page.getByTestId('grid-row')).toHaveCount(2);
  for (const id of [readyId, waitingId])
    await page.locator(`[data-row-id="${id}"]`).getByTestId('grid-select-row').check();
  const dialog = await openShipDialog(page);

  await expect(dialog.locator(`[data-order-id="${waitingId}"]`)).toContainText(
    'Cannot be shipped: An unconfirmed open order cannot be changed.',
  );
  await expect(dialog.locator(`[data-order-id="${waitingId}"]`).getByTestId('bulk-ship-tracking')).toHaveCount(0);
  await dialog.getByTestId('bulk-ship-paste').fill(`${readyId};PHONE-1\n${waitingId};PHONE-2`);
  await dialog.getByTestId('bulk-ship-fill').click();
  await expect(dialog.locator(`[data-order-id="${readyId}"]`).getByTestId('bulk-ship-tracking')).toHaveValue('PHONE-1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await dialogAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/filled-390.png` });

  await dialog.getByTestId('bulk-ship-submit').click();
  const answer = dialog.getByTestId('status-bulk-answer');
  await expect(answer.getByTestId('status-bulk-row')).toHaveCount(2);
  await expect(answer.locator(`[data-order-id="${readyId}"]`)).toContainText('Shipped');
  await expect(answer.locator(`[data-order-id="${waitingId}"]`)).toContainText(
    'An unconfirmed open order cannot be changed.',
  );
  await expect(page.getByTestId('flash-error')).toContainText('1 changed, 1 not changed');
  await page.screenshot({ path: `${SHOTS}/results-390.png` });
});
