import { expect, test } from '@playwright/test';
import { login, logout, seriousAxeFindings } from '../helpers';

/** The demo seed publishes 2025.1 (history) and 2026.1 (in force) per shop; every live shop agreed to 2026.1. */
test.describe('business terms', () => {
  test('anyone reads the terms of a country, in another language and from the history, without signing in', async ({
    page,
  }) => {
    await page.goto('/business-terms');
    await page.getByTestId('terms-country-cz').click();
    await expect(page).toHaveURL(/\/business-terms\/cz$/);
    const body = page.getByTestId('terms-body');
    await expect(
      body.getByRole('heading', { level: 2, name: 'General terms and conditions for sellers' }),
    ).toBeVisible();
    await expect(page.getByTestId('terms-version')).toContainText('2026.1');
    await expect(body).toContainText('6. Returns and complaints');

    await page.getByTestId('terms-language').selectOption('cs');
    await expect(page).toHaveURL(/\/business-terms\/cz\/cs$/);
    await expect(
      body.getByRole('heading', { level: 2, name: 'Všeobecné obchodní podmínky pro prodejce' }),
    ).toBeVisible();

    await page.getByTestId('terms-history-link').click();
    await expect(page).toHaveURL(/\/business-terms\/cz\/history$/);
    const rows = page.getByTestId('terms-history-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('2026.1');
    await expect(rows.last()).toContainText('2025.1');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await rows.last().getByRole('link', { name: '2025.1' }).click();
    await expect(page.getByTestId('terms-version')).toContainText('2025.1');
    // The older version had five sections: the returns section came with 2026.1.
    await expect(page.getByTestId('terms-body')).not.toContainText('6.');

    // The old language addresses lead to their countries.
    await page.goto('/business-terms/cs');
    await expect(page).toHaveURL(/\/business-terms\/cz$/);
    await page.goto('/business-terms/en');
    await expect(page).toHaveURL(/\/business-terms\/si$/);
    await expect(page.getByTestId('terms-body')).toContainText('MIMOVRSTE');
    await page.goto('/business-terms/xx');
    await expect(page.getByTestId('terms-none')).toContainText('do not exist');
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/business-terms/sk');
    await expect(page.getByTestId('terms-body')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/screenshots/terms-390.png', fullPage: true });
    await page.goto('/business-terms/sk/history');
    await expect(page.getByTestId('terms-history-row')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('after an operator publishes a new version, the seller is asked to agree at sign-in', async ({ page }) => {
    await login(page, 'admin@demo.test');
    await page.goto('/cockpit/terms');
    await expect(page.getByTestId('cockpit-terms-row-2026.1')).toBeVisible();
    await page.getByTestId('terms-new').click();
    await page.getByTestId('terms-form-version').fill('2026.9');
    await page.getByTestId('terms-form-title-cs').fill('Obchodní podmínky 2026.9');
    await page.getByTestId('terms-form-body-cs').fill('<h2>1. Úvod</h2><p>Nové znění podmínek.</p>');
    // English is required too: saving without it shows the rule.
    await page.getByTestId('terms-form-save').click();
    await expect(page.getByTestId('terms-form-title-en')).toBeVisible();
    await page.getByTestId('terms-form-title-en').fill('Business terms 2026.9');
    await page.getByTestId('terms-form-body-en').fill('<h2>1. Introduction</h2><p>The new wording.</p>');
    await page.getByTestId('terms-form-save').click();
    await expect(page.getByTestId('terms-form')).toBeHidden();
    await page.screenshot({ path: '.tmp/screenshots/cockpit-terms-1440.png', fullPage: true });
    await page.getByTestId('terms-publish-2026.9').click();
    await page.getByTestId('terms-publish-confirm').click();
    await expect(page.getByTestId('cockpit-terms-row-2026.9')).toContainText('Published');
    await expect(page.getByTestId('cockpit-terms-row-2026.9')).toContainText('Adam Operátor');
    await logout(page);

    // The seller reads the portal in English in this tab (its account speaks Czech).
    await page.getByTestId('language-switcher').selectOption('en');
    await login(page, 'partner@demo.test');
    const prompt = page.getByTestId('terms-prompt-body');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('The new wording.');
    // It cannot be waved away.
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: '.tmp/screenshots/terms-prompt-1440.png' });
    await page.getByTestId('consent-submit').click();
    await expect(prompt.getByText('Confirm that you have read the terms')).toBeVisible();
    await page.getByTestId('consent-names').fill('Jan Novák');
    await page.getByTestId('consent-read').check();
    await page.getByTestId('consent-submit').click();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('terms-prompt-body')).toBeHidden();
  });

  test('a new shop reads the terms and fees in step 2 and agrees on the VIP path', async ({ page }) => {
    await login(page, 'onboarding@demo.test');
    await page.goto('/workflow/terms');
    await expect(page.getByTestId('terms-step')).toBeVisible();
    await expect(page.getByTestId('terms-body')).toContainText('2026.');
    await expect(page.getByTestId('fees-table').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('fees-table')).toContainText('499');
    await page.getByTestId('commission-search').fill('smartphones');
    const commissions = page.getByTestId('commission-table').locator('tbody tr');
    await expect(commissions).toHaveCount(2);
    await expect(commissions.last()).toContainText('Apple');
    await page.screenshot({ path: '.tmp/screenshots/terms-step-1440.png', fullPage: true });

    await page.getByTestId('terms-choose-VIP').click();
    await page.getByTestId('consent-names').fill('Olga Nová');
    await page.getByTestId('consent-read').check();
    await page.getByTestId('consent-submit').click();
    await expect(page.getByTestId('terms-thanks')).toBeVisible();
    await page.getByTestId('terms-thanks-close').click();
    await expect(page.getByTestId('terms-agreed')).toContainText('Olga Nová');
    await expect(page.getByTestId('terms-path-VIP')).toBeHidden();
  });
});
