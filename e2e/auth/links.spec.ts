import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test.describe('one-time links', () => {
  test('a login link that is not valid says so and offers the login page', async ({ page }) => {
    await page.goto('/login/token/not-a-valid-token');
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used');
    await expect(page.getByRole('alert')).not.toContainText('Incorrect access data');
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  });

  test('a tampered remote-login link signs nobody in', async ({ page }) => {
    await page.goto('/remote-login/forged-hash/token/forged-token/partner/1');
    await expect(page.getByRole('alert')).toContainText('This link has expired or has already been used');
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });
});

test('a partner in onboarding lands on the workflow', async ({ page }) => {
  await login(page, 'onboarding@demo.test');
  await expect(page).toHaveURL(/\/workflow/);
  await expect(page.getByTestId('nav-workflow')).toBeVisible();
});
