import { expect, type Page, test } from '@playwright/test';
import { login, png, seriousAxeFindings } from '../helpers';

/**
 * The product detail (issue 8, points 4–6) on the Czech demo partner (CZK: whole prices): a seller creates
 * a product with images and variants, reopens it, confirms a price change over 30 % and meets an image the
 * marketplace refuses. The images are made here, as a seller's files would be.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

async function upload(page: Page, files: { name: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('media-upload').click();
  await (await chooser).setFiles(files.map((f) => ({ ...f, mimeType: 'image/png' })));
}

async function pickOptions(page: Page, testId: string, options: string[]) {
  const input = page.getByTestId(testId);
  for (const option of options) {
    await input.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

test('a seller creates a product with images and variants, reopens it and confirms a big price change', async ({
  page,
}) => {
  const id = `E2E_${Date.now()}`;
  await login(page, 'partner@demo.test');
  await page.goto('/products/detail');
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();

  await page.getByTestId('product-id').fill(id);
  await page.getByTestId('product-productType').fill('Tablet Pro');
  await expect(page.getByTestId('product-title')).toHaveText('Tablet Pro');
  // The long description is rich text: what the seller formats comes back formatted (sanitised, not dropped).
  await page.getByTestId('product-long-desc').getByRole('textbox').click();
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Fast and light');
  // CZK prices are whole numbers: the rule shows before anything is sent.
  await page.getByTestId('product-price').fill('10000,50');
  await expect(page.getByTestId('product-price')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be a whole number')).toBeVisible();
  await page.getByTestId('product-price').fill('10000');
  await page.getByTestId('product-inStock').fill('12');

  // Saving without a main image would be refused: the first image becomes the main one.
  await upload(page, [
    { name: 'front.png', buffer: png(400, 300, [200, 40, 40]) },
    { name: 'back.png', buffer: png(300, 400, [40, 40, 200]) },
  ]);
  await expect(page.getByTestId('media-item')).toHaveCount(2);
  await expect(page.getByTestId('media-item').first().getByRole('radio')).toBeChecked();

  await page.getByTestId('product-tab-category').click();
  await page.getByTestId('category-picker-open').click();
  await page.getByTestId('category-picker-search').fill('Tablets');
  await page
    .getByTestId('category-search-results')
    .getByRole('button', { name: /Tablets/ })
    .first()
    .click();
  await expect(page.getByTestId('category-picker-path')).toContainText('Tablets');
  // Tablets carry the recycling fee: saving asks for the confirmation first.
  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('product-issues')).toBeVisible();
  await page.getByTestId('product-tab-category').click();
  await page.getByTestId('recycling-fee-confirm').check();

  await page.getByTestId('product-tab-variants').click();
  await page.getByTestId('variant-parameter-COLOR').check();
  await page.getByTestId('variant-parameter-CAPACITY').check();
  await pickOptions(page, 'variant-values-COLOR', ['Black', 'White']);
  await pickOptions(page, 'variant-values-CAPACITY', ['64', '128']);
  await page.getByTestId('variants-generate').click();
  await expect(page.getByTestId('variant-row')).toHaveCount(4);
  // Each variant is named by the base title, its values and their units.
  await expect(page.getByTestId('variant-title').first()).toContainText('Tablet Pro');
  await expect(page.getByTestId('variant-title').first()).toContainText('64 GB');
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByTestId('product-save').click();
  await expect(page.getByText(`Product ${id} was created.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/detail/${id}$`));

  // Reopened from the server: the images, the category and the four variants are there.
  await page.reload();
  await expect(page.getByTestId('product-id')).toHaveValue(id);
  await expect(page.getByTestId('media-item')).toHaveCount(2);
  await expect(page.getByTestId('product-long-desc').locator('strong')).toHaveText('Fast and light');
  await page.getByTestId('product-tab-variants').click();
  await expect(page.getByTestId('variant-row')).toHaveCount(4);
  await expect(page.getByTestId('variant-parameter-COLOR')).toBeChecked();
  // Dropping a colour drops variants: the seller is asked before the variants are built again, and the
  // variants that stay keep their ids.
  const firstId = await page.getByTestId('variant-row').first().locator('td').first().innerText();
  await pickOptions(page, 'variant-values-COLOR', ['White']);
  await page.getByTestId('variants-generate').click();
  await page.getByTestId('variants-regenerate-confirm').click();
  await expect(page.getByTestId('variant-row')).toHaveCount(2);
  await expect(page.getByTestId('variant-row').first().locator('td').first()).toHaveText(firstId);

  // Doubling the price needs a confirmation; confirmed, it is saved.
  await page.getByTestId('product-tab-basic').click();
  await page.getByTestId('product-price').fill('20000');
  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('price-confirm-text')).toContainText('100');
  await page.getByTestId('price-confirm').click();
  await expect(page.getByText(`Product ${id} was saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('product-price')).toHaveValue('20000');
});

test('an image wider than 2000 px is refused with its message', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/products/detail');
  await upload(page, [{ name: 'panorama.png', buffer: png(2001, 20, [10, 120, 10]) }]);
  await expect(page.getByTestId('media-refusals')).toContainText(
    'panorama.png: The image failed to upload because it is wider than 2000 px',
  );
  await expect(page.getByTestId('media-item')).toHaveCount(0);
});

test('a second product with the same id is refused and the form keeps what was typed', async ({ page }) => {
  const id = `E2E_TWICE_${Date.now()}`;
  await login(page, 'partner@demo.test');
  for (const round of [1, 2]) {
    await page.goto('/products/detail');
    await page.getByTestId('product-id').fill(id);
    await page.getByTestId('product-productType').fill(`Kettle ${round}`);
    await page.getByTestId('product-save').click();
    if (round === 1) await expect(page).toHaveURL(new RegExp(`/products/detail/${id}$`));
  }
  await expect(page.getByTestId('error-alert')).toHaveText('A product with this ID already exists.');
  await expect(page.getByTestId('product-productType')).toHaveValue('Kettle 2');
  await expect(page).toHaveURL(/\/products\/detail$/);
});

test('leaving a changed product asks first', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/products/detail');
  await page.getByTestId('product-productType').fill('Something');
  await page.getByRole('link', { name: 'Back to products' }).click();
  await expect(page.getByText('Discard changes?')).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await expect(page).toHaveURL(/\/products\/detail$/);
  await page.getByRole('link', { name: 'Back to products' }).click();
  await page.getByTestId('unsaved-leave').click();
  await expect(page).toHaveURL(/\/products$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the product form fits the screen in every tab and saves from the bar at the bottom', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.goto('/products/detail');
    await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
    for (const tab of ['basic', 'category', 'parameters', 'related', 'variants']) {
      await page.getByTestId(`product-tab-${tab}`).click();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, `${tab}: page width`).toBeLessThanOrEqual(innerWidth);
    }
    await expect(page.getByTestId('product-save')).toBeInViewport();
    await page.getByTestId('product-tab-basic').click();
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
