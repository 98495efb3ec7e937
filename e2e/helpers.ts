import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-portal-2026!';

export async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('textbox', { name: /^password/i }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Signs in through the login page and waits for the portal (or cockpit) shell. */
export async function login(page: Page, email: string) {
  await fillLogin(page, email);
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Serious or critical WCAG 2.2 AA findings of the page as it stands (the same rules as the a11y suite). */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
