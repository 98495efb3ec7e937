import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { gql, login, sellerHeaders, watchProblems } from '../helpers';
import { dayFromToday, lookAtBothWidths } from '../look';

/**
 * Issue 22 points 1–3 in the browser: an operator creates and publishes a campaign in the cockpit; the Czech demo
 * seller finds it, joins it with a file that has two bad lines, reads the errors, uploads the fixed file and
 * sees the campaign's price on its product, read-only.
 */

const SHOTS = process.env.ISSUE22_SHOTS ?? '/tmp/shots/issue22';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

interface Candidate {
  id: string;
  price: number;
}

/**
 * Three of the seller's products a campaign takes: live, active, in stock, without variants, priced. Taken from
 * the end of the id order, away from the first rows the product specs edit.
 */
async function joinableProducts(request: APIRequestContext): Promise<Candidate[]> {
  const headers = await sellerHeaders(request, 'partner@demo.test');
  const data = await gql(
    request,
    `query($grid: GridInput) { products(view: ALL, grid: $grid) { items { id price variantCount } } }`,
    {
      grid: {
        perPage: 50,
        sort: { field: 'id', direction: 'ASCENDING' },
        filters: [
          { field: 'stage', operator: 'IN', values: ['LIVE'] },
          { field: 'status', operator: 'IN', values: ['ACTIVE'] },
          { field: 'blocked', operator: 'EQUAL', value: 'false' },
          { field: 'variantCount', operator: 'EQUAL', value: '0' },
          { field: 'inStock', operator: 'GREATER_THAN', value: '0' },
          { field: 'price', operator: 'GREATER_THAN', value: '100' },
        ],
      },
    },
    headers,
  );
  const items = (data.products.items as { id: string; price: number | null }[]).filter((p) => p.price !== null);
  expect(items.length).toBeGreaterThan(10);
  return items.slice(5, 8).map((p) => ({ id: p.id, price: p.price! }));
}

/** Picks a file in the campaign file field, as a person does through the browser's file dialog. */
async function chooseFile(page: Page, chosen: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Campaign file').click();
  await (await chooser).setFiles(chosen);
}

const file = (lines: string[]) => ({
  name: 'campaign.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
});

test('an operator publishes a campaign; a seller joins it with a file, fixes two bad lines and sees the campaign price', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Spring deals ${Date.now().toString(36)}`;
  const from = dayFromToday(40);
  const to = dayFromToday(49);

  // The operator: a new campaign for the Czech shop, 10 % off at least, published.
  const operator = await browser.newPage();
  await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  const operatorProblems = watchProblems(operator);
  await login(operator, 'admin@demo.test');
  await operator.getByTestId('cockpit-nav-campaigns').click();
  await expect(operator).toHaveURL(/\/cockpit\/campaigns$/);
  await operator.getByRole('button', { name: 'New campaign' }).click();
  const form = operator.getByRole('form', { name: 'Campaign' });
  // Refused before anything is sent: the required fields say so.
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(form.getByText('The field is mandatory').first(), operatorProblems()).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('Spring offers of the Czech shop.');
  // The pills' box takes the click for its hidden input.
  await form.getByRole('combobox', { name: 'Shops' }).click({ force: true });
  await operator.getByRole('option', { name: /CZ10MA/ }).click();
  await operator.keyboard.press('Escape');
  await form.getByLabel('First day').fill(from);
  await form.getByLabel('Last day').fill(to);
  await form.getByLabel('Minimum discount from the price').fill('10');
  await form.getByLabel('Maximum number of products').fill('20');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(operator.getByText('The campaign was created as a draft.', { exact: false })).toBeVisible();
  const panel = operator.getByTestId('cockpit-campaign-panel');
  await expect(panel).toContainText(name);
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(operator.getByText('The campaign was published.'), operatorProblems()).toBeVisible();
  // Another Czech shop is kept out, picked by its name, then allowed again.
  const picker = panel.getByRole('combobox', { name: 'Partner' });
  await picker.click();
  const other = operator.getByRole('listbox').getByRole('option').filter({ hasNotText: 'Sportovní potřeby' }).first();
  const otherName = (await other.innerText()).replace(/ \(.*$/, '');
  await other.click();
  await panel.getByRole('button', { name: 'Keep out' }).click();
  await expect(operator.getByText('The partner is kept out of the campaign.')).toBeVisible();
  const kept = panel.getByTestId('campaign-blacklist-row');
  await expect(kept).toHaveCount(1);
  await expect(kept).toContainText(otherName);
  await expect(picker).toHaveValue('');
  await kept.getByRole('button', { name: `Allow ${otherName} again` }).click();
  await expect(operator.getByText('The partner may take part again.')).toBeVisible();
  await expect(kept).toHaveCount(0);

  await lookAtBothWidths(operator, `${SHOTS}/cockpit-campaigns`, async () => {
    await expect(operator.getByRole('button', { name: name })).toBeVisible();
  });
  await operator.close();

  // The seller: the campaign in the list, its detail, and a file with two bad lines.
  const [a, b, c] = (await joinableProducts(request)) as [Candidate, Candidate, Candidate];
  const problems = watchProblems(page);
  await login(page, 'partner@demo.test');
  await page.goto('/marketing');
  await expect(page).toHaveURL(/\/marketing\/campaigns$/);
  await lookAtBothWidths(page, `${SHOTS}/campaigns`, async () => {
    await expect(page.getByRole('link', { name }), problems()).toBeVisible();
  });
  await page.getByRole('link', { name }).click();
  const detail = page.getByTestId('campaign-detail');
  await expect(detail.getByRole('heading', { name }), problems()).toBeVisible();
  await expect(page.getByTestId('campaign-joinable')).toBeVisible();

  // A fifth off: well over the campaign's 10 %.
  const promo = (p: Candidate) => String(Math.floor(p.price * 0.8));
  await chooseFile(
    page,
    file([
      `${a.id};${promo(a)}`,
      `${b.id};${promo(b)}`,
      'NO-SUCH-PRODUCT-22;100',
      // One crown off: below the campaign's minimum discount.
      `${c.id};${c.price - 1}`,
    ]),
  );
  await page.getByRole('button', { name: 'Upload file' }).click();
  const last = page.getByTestId('campaign-last-import');
  await expect(last.getByText('Errors found'), problems()).toBeVisible({ timeout: 30_000 });
  const errors = page.getByTestId('campaign-import-errors');
  await expect(errors.getByText('No product or variant has the id NO-SUCH-PRODUCT-22.')).toBeVisible();
  await expect(
    errors.getByText(/^The discount of .* % from the price .* is below the campaign minimum of 10 %\.$/),
  ).toBeVisible();
  await expect(errors.getByText(a.id, { exact: true })).toHaveCount(0);
  await lookAtBothWidths(page, `${SHOTS}/campaign-detail-errors`, async () => {
    await expect(page.getByTestId('campaign-last-import').getByText('Errors found')).toBeVisible();
  });

  // Nothing joined while the file had errors: the product has no campaign price.
  await page.goto(`/products/detail/${encodeURIComponent(a.id)}`);
  await expect(page.getByTestId('product-promotions')).toBeVisible();
  await expect(page.getByTestId('product-promotions').getByText('Campaign')).toHaveCount(0);

  // The fixed file: the unknown product out, the third product at a fifth off too.
  await page.goBack();
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await chooseFile(page, file([`${a.id};${promo(a)}`, `${b.id};${promo(b)}`, `${c.id};${promo(c)}`]));
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByTestId('campaign-last-import').getByText('Accepted'), problems()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('campaign-import-errors')).toHaveCount(0);
  await expect(page.getByTestId('campaign-products-count')).toContainText('3');

  // The product shows the campaign's price with the campaign's days, read-only.
  await page.goto(`/products/detail/${encodeURIComponent(a.id)}`);
  const promotions = page.getByTestId('product-promotions');
  await expect(promotions.getByText('Campaign'), problems()).toBeVisible();
  const price = promotions.getByRole('textbox', { name: /^Promotion price/ }).last();
  await expect(price).toHaveValue(new RegExp(`^${promo(a)}([.,]0+)?$`));
  await expect(price).toHaveAttribute('readonly', '');
  await expect(promotions.getByRole('textbox', { name: /^From/ }).last()).toHaveValue(from);
  await expect(promotions.getByRole('textbox', { name: /^To/ }).last()).toHaveValue(to);
});
