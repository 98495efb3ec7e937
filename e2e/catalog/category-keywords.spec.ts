import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/** A category shows its query keywords (issue 18, point 17): the words the catalogue search finds it by. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

test('a category shows the query keywords the search finds it by, and searching one finds it', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/categories');
  await page.getByRole('button', { name: 'Open Electronics' }).click();
  await page.getByRole('button', { name: 'Open Phones' }).click();
  await page.getByRole('button', { name: 'Smartphones', exact: true }).click();
  const keywords = page.getByTestId('category-keywords');
  await expect(keywords.getByRole('heading', { name: 'Query keywords' })).toBeVisible();
  // The seed's synonyms and the names of every market, as the search compares them.
  for (const word of ['iphone', 'android', 'mobil', 'smartfony', 'okostelefonok']) {
    await expect(keywords.getByTestId('category-keyword').filter({ hasText: new RegExp(`^${word}$`) })).toBeVisible();
  }
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(keywords.getByTestId('category-keyword').first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  // A keyword that is in no name finds the category.
  await page.getByTestId('category-search').fill('iphone');
  const results = page.getByTestId('category-search-results');
  await expect(results.getByText('Smartphones', { exact: true })).toBeVisible();
});
