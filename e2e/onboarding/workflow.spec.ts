import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * The demo shops' people read Czech (their accounts' language), the operator English. The demo seed is deterministic: seller31 (Baby Home 31 Sp. z o.o., Czech shop) waits for its contract
 * (DRAFT_CONTRACT); onboarding@demo.test is a shop that has just registered.
 */
const DRAFT_SELLER = { email: 'seller31@demo.test', name: 'Baby Home 31' };

test.describe('onboarding workflow', () => {
  test('a new shop sees the five steps, opened where it stands, with its checklist', async ({ page }) => {
    await login(page, 'onboarding@demo.test');
    await page.goto('/workflow');
    const stepper = page.getByTestId('workflow-stepper');
    await expect(stepper).toBeVisible();
    for (const step of ['Firma', 'Podmínky a poplatky', 'Nastavení', 'Produkty', 'Spuštění']) {
      await expect(stepper.getByRole('button', { name: new RegExp(step) })).toBeVisible();
    }
    // A registered shop starts with its company details.
    await expect(page.getByTestId('workflow-step-company')).toHaveAttribute('aria-current', 'step');
    await expect(page.getByTestId('workflow-status-badge')).toHaveText('Registrovaný');

    await stepper.getByRole('button', { name: /Spuštění/ }).click();
    await expect(page).toHaveURL(/\/workflow\/launch$/);
    await expect(page.getByTestId('workflow-status')).toHaveText('Registrovaný');
    await expect(page.getByTestId('workflow-next')).toContainText('odsouhlaste obchodní podmínky');
    await expect(page.getByTestId('checklist-terms')).toHaveAttribute('data-ok', 'false');
    await expect(page.getByTestId('checklist-terms')).toContainText('Zatím nehotovo');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '.tmp/screenshots/workflow-1440.png', fullPage: true });

    await page.getByRole('button', { name: 'Zpět' }).click();
    await expect(page).toHaveURL(/\/workflow\/data$/);
    await expect(page.getByTestId('workflow-products')).toHaveText('0');
  });

  test('fits a phone: the steps stack', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'onboarding@demo.test');
    await page.goto('/workflow/launch');
    await expect(page.getByTestId('workflow-launch-step')).toBeVisible();
    const stepper = page.getByTestId('workflow-stepper');
    const [first, last] = [stepper.getByRole('button').first(), stepper.getByRole('button').last()];
    const firstBox = (await first.boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y).toBeGreaterThan(firstBox.y + firstBox.height);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.tmp/screenshots/workflow-390.png', fullPage: true });
  });

  test('an operator moves a shop on in the cockpit and the shop’s open page follows', async ({ page, browser }) => {
    const seller = await browser.newPage();
    await login(seller, DRAFT_SELLER.email);
    await seller.goto('/workflow/launch');
    await expect(seller.getByTestId('workflow-status')).toHaveText('Návrh smlouvy');

    await login(page, 'admin@demo.test');
    await page.goto('/cockpit/onboarding');
    await page.getByPlaceholder(/search/i).fill(DRAFT_SELLER.name);
    const row = page.getByTestId('grid-row').filter({ hasText: DRAFT_SELLER.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Draft contract');
    expect(await seriousAxeFindings(page)).toEqual([]);
    const id = await row.getAttribute('data-row-id');
    await page.getByTestId(`move-${id}`).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Partner access').check();
    // The move needs the signed contract: it cannot be sent unchecked.
    await expect(dialog.getByTestId('move-submit')).toBeDisabled();
    await dialog.getByLabel('Contract signed by both sides').check();
    await dialog.getByLabel('Note for the partner').fill('Smlouva podepsána, vítejte.');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/cockpit-onboarding-move.png' });
    await dialog.getByTestId('move-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/moved to “Partner access”/)).toBeVisible();

    // The shop's page follows over the live stream, without a reload.
    await expect(seller.getByTestId('workflow-status')).toHaveText('Přístup partnera');
    await expect(seller.getByTestId('workflow-history')).toContainText('Smlouva podepsána, vítejte.');
    await expect(seller.getByRole('button', { name: 'Začít testovat' })).toBeDisabled();
    await seller.close();
  });
});
