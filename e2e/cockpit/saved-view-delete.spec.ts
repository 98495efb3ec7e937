import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test('a saved view shows its name when applied, keeps its columns, and asks before it is deleted', async ({ page }) => {
  await login(page, 'admin@demo.test');
  await page.goto('/cockpit?f=shopId~EQUAL~PL20MA');
  await expect(page.getByTestId('grid-row').first()).toBeVisible();

  // Hide the "Rating" column, then save the view with that column choice.
  await page.getByTestId('grid-columns').click();
  await page.getByRole('checkbox', { name: 'Rating' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /rating/i })).toHaveCount(0);

  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  await page.getByRole('textbox', { name: /name of the view/i }).fill('Polish shops');
  await page.getByTestId('grid-view-save-submit').click();
  await expect(page.getByTestId('grid-view-applied')).toHaveText('View: Polish shops');

  // Elsewhere, with every column back, the view brings its filter and its columns.
  await page.goto('/cockpit');
  await page.getByTestId('grid-columns').click();
  await page.getByRole('button', { name: /reset to default/i }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: /rating/i })).toHaveCount(1);
  await expect(page.getByTestId('grid-view-applied')).toHaveCount(0);
  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view').filter({ hasText: 'Polish shops' }).click();
  await expect.poll(() => decodeURIComponent(page.url())).toContain('f=shopId~EQUAL~PL20MA');
  await expect(page.getByTestId('grid-view-applied')).toHaveText('View: Polish shops');
  await expect(page.getByRole('columnheader', { name: /rating/i })).toHaveCount(0);

  // Deleting asks first; cancelling keeps the view.
  await page.getByTestId('grid-views').click();
  await page.getByRole('button', { name: 'Delete view Polish shops' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the view?' });
  await expect(dialog).toContainText('Polish shops');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('grid-views').click();
  await expect(page.getByTestId('grid-view').filter({ hasText: 'Polish shops' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete view Polish shops' }).click();
  await page.getByTestId('grid-view-delete-submit').click();
  await expect(page.getByTestId('flash-success')).toContainText('The view has been deleted.');
  await expect(page.getByTestId('grid-view-applied')).toHaveCount(0);
});
