import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fillLogin, login, logout } from '../helpers';

test.describe('login', () => {
  test('a partner signs in, lands on the dashboard with real figures, and signs out', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('selected-partner')).toContainText('Sportovní potřeby Demo');
    await expect(page.getByTestId('to-ship-today-value')).toHaveText(/\d/);
    await expect(page).toHaveTitle(/Partner Portal/i);
    // The account menu is named by what it shows, then what it is, in the account's Czech (WCAG 2.5.3, axe's
    // experimental rule).
    await expect(page.getByTestId('account-menu')).toHaveAccessibleName(/Jan Novák Menu účtu$/);
    const { violations } = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .setLegacyMode(true)
      .analyze();
    expect(violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await logout(page);
    // The session is gone: a portal page sends the user back to login.
    await page.goto('/partner');
    await expect(page).toHaveURL(/\/login/);
  });

  test('wrong credentials show "Incorrect access data"', async ({ page }) => {
    await fillLogin(page, 'partner@demo.test', 'Wrong-password-1!');
    await expect(page.getByRole('alert')).toContainText('Incorrect access data');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are refused before the request goes', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByText('The field is mandatory').first()).toBeVisible();
  });

  test('deactivated, unconfirmed and closed-partner accounts get their catalogue messages', async ({ page }) => {
    await fillLogin(page, 'deactivated@demo.test');
    await expect(page.getByRole('alert')).toContainText('The account is deactivated.');
    await fillLogin(page, 'unconfirmed@demo.test');
    await expect(page.getByRole('alert')).toContainText('Account not confirmed');
    await fillLogin(page, 'closed@demo.test');
    await expect(page.getByRole('alert')).toContainText('Your partner registration has been deactivated');
  });

  test('an invalid or revoked token returns the user to login', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (/token/i.test(key) && !/stream/i.test(key)) localStorage.setItem(key, JSON.stringify('revoked-token'));
      }
    });
    await page.goto('/partner');
    await expect(page).toHaveURL(/\/login/);
  });

  test('unknown paths give the public not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
