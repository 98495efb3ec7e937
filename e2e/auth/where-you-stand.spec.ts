import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test.describe('users know where they stand', () => {
  test('switching to a partner the account does not have keeps the current one and says why', async ({ page }) => {
    // The portal in English (the demo account's own language is Czech).
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    await login(page, 'partner@demo.test');
    const current = (await page.getByTestId('selected-partner').innerText()).trim();
    const stored = await page.evaluate(() => localStorage.getItem('pp.selectedPartnerId'));
    await page.goto('/switch-partner/999999');
    // Said on the page itself, not in a notice that fades over the home page.
    await expect(page.getByTestId('switch-partner-refused')).toContainText(
      "This partner is not among your account's partners",
    );
    await expect(page).toHaveURL(/\/switch-partner\/999999$/);
    await expect(page.getByTestId('selected-partner')).toHaveText(current);
    expect(await page.evaluate(() => localStorage.getItem('pp.selectedPartnerId'))).toBe(stored);
  });

  test('an expired session returns to sign-in with "Your session has expired"', async ({ page }) => {
    await login(page, 'partner@demo.test');
    // The server no longer knows the stored session (expired, ended elsewhere).
    await page.evaluate(() => localStorage.setItem('pp.token', 'an-expired-session-token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('session-expired')).toContainText('Your session has expired');
    // A plain visit to the login page says nothing of the kind.
    await page.reload();
    await expect(page.getByTestId('session-expired')).toHaveCount(0);
  });

  test('a used or invalid token link says the link expired or was used', async ({ page }) => {
    await page.goto('/login/token/not-a-valid-token');
    await expect(page.getByTestId('dead-link')).toContainText('This link has expired or has already been used');
    await expect(page.getByText('Incorrect access data')).toHaveCount(0);
    await page.goto('/remote-login/forged-hash/token/forged-token/partner/1');
    await expect(page.getByTestId('dead-link')).toContainText('This link has expired or has already been used');
  });

  test('the reset page checks its link on arrival', async ({ page }) => {
    await page.goto('/login/reset-password/not-a-real-token');
    await expect(page.getByTestId('reset-link-invalid')).toBeVisible();
    // Nothing to type into: the dead link is said at once, with the way to a new one.
    await expect(page.getByRole('textbox', { name: /^new password/i })).toHaveCount(0);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL(/\/login\/forgot-password$/);
  });

  test('a language chosen on the sign-in page carries into the portal', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-switcher').selectOption('sk');
    await page.getByLabel(/e-mail/i).fill('partner@demo.test');
    await page.getByRole('textbox', { name: /^heslo/i }).fill('Demo-portal-2026!');
    await page.getByRole('button', { name: /prihlásiť/i }).click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
  });
});
