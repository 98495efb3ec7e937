import { expect, test } from '@playwright/test';

test.describe('forgotten password', () => {
  test('the login page leads to the form, which confirms without telling whether the account exists', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/login\/forgot-password$/);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('The field is mandatory')).toBeVisible();
    await page.getByRole('textbox', { name: /e-mail/i }).fill('nobody@demo.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toContainText('nobody@demo.test');
  });

  test('the reset page checks the policy before sending and explains a dead link', async ({ page }) => {
    // The page checks its link on arrival; this test is about the form, so the check is answered "valid"
    // here and the real server refuses the made-up link only when the form is sent.
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('passwordResetLinkStatus')) {
        await route.fulfill({ json: { data: { passwordResetLinkStatus: 'VALID' } } });
      } else await route.continue();
    });
    await page.goto('/login/reset-password/not-a-real-token');
    const password = page.getByRole('textbox', { name: /^new password/i });
    await password.fill('short');
    await expect(page.getByTestId('password-strength')).toBeVisible();
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The password must have at least 12 characters.').first()).toBeVisible();

    await password.fill('Good-password-2026!');
    await page.getByRole('textbox', { name: /^repeat/i }).fill('Good-password-2026?');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();

    await page.getByRole('textbox', { name: /^repeat/i }).fill('Good-password-2026!');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByTestId('reset-link-invalid')).toBeVisible();
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL(/\/login\/forgot-password$/);
  });
});
