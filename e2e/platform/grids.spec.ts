import { expect, type Page, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The grids a seller works in (issue 18): every number shown whole and right at any width (no column
 * covers another), and on a phone each row a card with its key fields, filters, sorting, paging and bulk
 * selection still there.
 */

const SHOTS = '/tmp/shots/grids';

interface OrderItem {
  id: string;
  total: number;
  status: string;
}
interface ProductItem {
  id: string;
  title: string;
  price: number | null;
  inStock: number;
}

/** Signs the seller in with the portal in English (the texts the assertions read). */
async function signIn(page: Page) {
  await login(page, 'partner@demo.test');
  await page.evaluate(() => localStorage.setItem('pp.language', 'en'));
}

/** Opens a grid and returns the rows the server answered with for the list the grid shows. */
async function openGrid<T>(page: Page, path: string, operation: 'Orders' | 'Products'): Promise<T[]> {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes(`query ${operation}(`),
  );
  await page.goto(path);
  const body = (await (await answer).json()) as { data: Record<string, { items: T[] }> };
  const items = body.data[operation === 'Orders' ? 'orders' : 'products']!.items;
  await expect(page.getByTestId('grid-row')).toHaveCount(items.length);
  return items;
}

/** A number as the portal shows it in English ("CZK 2,899", "€12.50", "1,234"), read back. */
function shownNumber(text: string): number {
  return Number(text.replace(/[^\d.-]/g, ''));
}

/**
 * Every cell in the visible part of the table: not overlapped by a pinned (sticky) cell, and not cut inside
 * its own box (unless it ends in an ellipsis with the whole text as its title).
 */
async function coveredOrClipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const table = document.querySelector('[data-testid^="grid-"] table');
    if (!table) return ['no table'];
    let scroller: HTMLElement | null = table.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
    const view = (scroller ?? table).getBoundingClientRect();
    for (const tr of table.querySelectorAll('tr')) {
      const cells = [...tr.children] as HTMLElement[];
      const pinned = cells.filter((c) => getComputedStyle(c).position === 'sticky');
      for (const cell of cells) {
        if (pinned.includes(cell)) continue;
        const box = cell.getBoundingClientRect();
        if (box.right <= view.left || box.left >= view.right) continue;
        const text = cell.innerText.trim();
        for (const pin of pinned) {
          const p = pin.getBoundingClientRect();
          if (p.left < box.right && p.right > box.left) problems.push(`"${text}" is covered by a pinned column`);
        }
        const ellipsis = getComputedStyle(cell).textOverflow === 'ellipsis' && cell.title === text;
        if (cell.scrollWidth > cell.clientWidth && !ellipsis) problems.push(`"${text}" is cut`);
      }
    }
    return problems;
  });
}

/** Checks the visible table at its first position and scrolled sideways halfway. */
async function expectNothingCoveredOrCut(page: Page) {
  expect(await coveredOrClipped(page)).toEqual([]);
  await page.evaluate(() => {
    const table = document.querySelector('[data-testid^="grid-"] table');
    let el = table?.parentElement ?? null;
    while (el && !/(auto|scroll)/.test(getComputedStyle(el).overflowX)) el = el.parentElement;
    if (el) el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
  });
  expect(await coveredOrClipped(page)).toEqual([]);
}

/** The cells of a column, by its header's text. */
async function columnTexts(page: Page, header: string): Promise<Map<string, string>> {
  const headers = await page.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  const texts = new Map<string, string>();
  for (const row of await page.getByTestId('grid-row').all()) {
    texts.set((await row.getAttribute('data-row-id')) ?? '', await row.locator('td').nth(index).innerText());
  }
  return texts;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the products grid shows every stock, stage and listing whole, under no other column', async ({ page }) => {
      await signIn(page);
      const items = await openGrid<ProductItem>(page, '/products', 'Products');
      for (const item of items) {
        const row = page.locator(`[data-testid="grid-row"][data-row-id="${item.id}"]`);
        expect(shownNumber(await row.getByTestId('product-inStock').innerText()), item.id).toBe(item.inStock);
      }
      await expect(page.getByRole('columnheader', { name: 'Stage' })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Listing' })).toBeVisible();
      if (viewport.width === 1440) await page.screenshot({ path: `${SHOTS}/products-1440.png` });
      await expectNothingCoveredOrCut(page);
    });

    test('the orders grid shows every number and total whole, under no other column', async ({ page }) => {
      await signIn(page);
      const items = await openGrid<OrderItem>(page, '/orders', 'Orders');
      const totals = await columnTexts(page, 'Total');
      for (const item of items) {
        await expect(page.locator(`[data-row-id="${item.id}"]`).getByTestId('order-link')).toHaveText(item.id);
        expect(shownNumber(totals.get(item.id) ?? ''), item.id).toBe(item.total);
      }
      if (viewport.width === 1440) await page.screenshot({ path: `${SHOTS}/orders-1440.png` });
      await expectNothingCoveredOrCut(page);
    });
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

  test('a seller filters the orders by a status, reads the cards and picks two for a bulk action', async ({ page }) => {
    await signIn(page);
    await openGrid<OrderItem>(page, '/orders', 'Orders');
    const grid = page.getByTestId('grid-orders');
    await expect(grid.getByRole('list', { name: 'Records' })).toBeVisible();
    await expect(grid.locator('table')).toHaveCount(0);

    // The status filter, through the grid's filter panel.
    await grid.getByTestId('grid-filters-toggle').click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('combobox', { name: 'Column' }).last().click();
    await page.getByRole('option', { name: 'Status', exact: true }).click();
    await page.getByTestId('grid-filter-panel').getByLabel('Value').click();
    const answer = page.waitForResponse(
      (r) =>
        r.url().endsWith('/graphql') &&
        ['query Orders(', '"field":"status"', '"value":"open"'].every((part) =>
          (r.request().postData() ?? '').includes(part),
        ),
    );
    await page.getByRole('option', { name: 'Open', exact: true }).click();
    await page.getByTestId('grid-apply-filters').click();
    const body = (await (await answer).json()) as { data: { orders: { items: OrderItem[] } } };
    const open = body.data.orders.items;
    expect(open.length).toBeGreaterThanOrEqual(2);
    const cards = grid.getByTestId('grid-row');
    await expect(cards).toHaveCount(open.length);

    // Each card: the order's number (its link) as the heading, its total and status, as the server has them.
    for (const order of open) {
      const card = grid.locator(`[data-row-id="${order.id}"]`);
      const article = card.getByRole('article', { name: order.id });
      await expect(article.getByRole('heading', { level: 3 }).getByRole('link', { name: order.id })).toBeVisible();
      expect(shownNumber(await card.locator('[data-field="total"] dd').innerText())).toBe(order.total);
      await expect(card.getByTestId('order-status')).toHaveText('Open');
      await expect(card.locator('[data-field="deliveryDate"] dt')).toHaveText('Expected delivery');
    }

    // Two cards picked: the bulk actions bar appears with both.
    await cards.nth(0).getByTestId('grid-select-row').check();
    await cards.nth(1).getByTestId('grid-select-row').check();
    await expect(page.getByTestId('grid-bulk-bar')).toBeVisible();
    await expect(page.getByTestId('grid-selected-count')).toHaveText('Selected: 2');
    await expect(page.getByTestId('bulk-status')).toBeVisible();

    // Sorting has its own control on a phone; the row link is reachable from the keyboard.
    await expect(grid.getByTestId('grid-sort-field')).toBeVisible();
    const link = cards.first().getByTestId('order-link');
    await link.focus();
    await expect(link).toBeFocused();

    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/orders-390.png`, fullPage: true });
  });

  test('the products grid shows cards with image, title, price and stock, and another grid shows cards too', async ({
    page,
  }) => {
    await signIn(page);
    const items = await openGrid<ProductItem>(page, '/products', 'Products');
    const grid = page.getByTestId('grid-products');
    for (const item of items.slice(0, 10)) {
      const card = grid.locator(`[data-row-id="${item.id}"]`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.title);
      await expect(card.getByTestId('grid-card-media').locator('img, svg').first()).toBeVisible();
      expect(shownNumber(await card.getByTestId('product-inStock').innerText()), item.id).toBe(item.inStock);
      await expect(card.locator('[data-field="price"] dt')).toHaveText('Price');
      if (item.price != null) {
        expect(shownNumber(await card.locator('[data-field="price"] dd').innerText())).toBe(item.price);
      }
      await expect(card.getByTestId('product-status')).toBeVisible();
      await expect(card.getByTestId('product-edit')).toBeVisible();
    }
    await grid.getByTestId('grid-select-page').check();
    await expect(page.getByTestId('grid-selected-count')).toHaveText(`Selected: ${items.length}`);
    await expect(page.getByTestId('grid-pagination')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/products-390.png`, fullPage: true });

    // The contacts grid: cards too, each with its heading and its actions.
    await page.goto('/partner/contacts');
    const contacts = page.getByTestId('grid-partner-contacts');
    await expect(contacts.getByRole('list', { name: 'Records' })).toBeVisible();
    await expect(contacts.getByRole('article').first().getByRole('heading', { level: 3 })).not.toBeEmpty();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
