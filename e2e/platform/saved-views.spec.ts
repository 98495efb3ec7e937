import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test('an operator saves a filtered view of the partner grid, applies it later, and deletes it', async ({ page }) => {
  await login(page, 'admin@demo.test');
  await page.goto('/cockpit?f=shopId~EQUAL~SK10MA');
  await expect(page.getByTestId('grid-row').first()).toBeVisible();

  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  await page.getByTestId('grid-view-save-submit').click();
  await expect(page.getByText('The field is mandatory')).toBeVisible();
  await page.getByRole('textbox', { name: /name of the view/i }).fill('Slovak shops');
  await page.getByTestId('grid-view-save-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText('The view has been saved.');

  // The same name again is refused before the request goes.
  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  await page.getByRole('textbox', { name: /name of the view/i }).fill('slovak SHOPS');
  await page.getByTestId('grid-view-save-submit').click();
  await expect(page.getByText('A saved view with this name already exists.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/cockpit');
  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view').filter({ hasText: 'Slovak shops' }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain('f=shopId~EQUAL~SK10MA');
  // The previous rows stay on screen while the filtered page loads: wait for the data to settle.
  await expect
    .poll(async () => new Set(await page.getByTestId('grid-row').locator('td:nth-child(2)').allInnerTexts()))
    .toEqual(new Set(['Slovakia']));

  await page.getByTestId('grid-views').click();
  await page.getByRole('button', { name: 'Delete view Slovak shops' }).click();
  await page.getByTestId('grid-view-delete-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText('The view has been deleted.');
});
