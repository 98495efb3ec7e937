import { expect, test } from '@playwright/test';
import { login } from '../helpers';

test.describe('portal platform', () => {
  test('a user of three partners switches between them', async ({ page }) => {
    await login(page, 'multi@demo.test');
    await expect(page.getByTestId('selected-partner')).toContainText('Záhrada Demo');
    await page.getByTestId('partner-switcher').click();
    await page.getByRole('menuitem', { name: /Zabawki Demo/ }).click();
    await expect(page.getByTestId('selected-partner')).toContainText('Zabawki Demo');
    await expect(page).toHaveURL(/\/$/);
    // The choice is kept: a reload stays on the Polish partner.
    await page.reload();
    await expect(page.getByTestId('selected-partner')).toContainText('Zabawki Demo');
  });

  test("a mail's link selects its partner first, then opens the page, and never leaves the portal", async ({
    page,
  }) => {
    await login(page, 'multi@demo.test');
    await expect(page.getByTestId('selected-partner')).toContainText('Záhrada Demo');
    const slovak = await page.evaluate(() => localStorage.getItem('pp.selectedPartnerId'));
    await page.getByTestId('partner-switcher').click();
    await page.getByRole('menuitem', { name: /Zabawki Demo/ }).click();
    await expect(page.getByTestId('selected-partner')).toContainText('Zabawki Demo');

    // A notification mail about the Slovak shop, opened while the Polish one is selected.
    await page.goto(`/switch-partner/${slovak}?to=${encodeURIComponent('/partner/webhook')}`);
    await expect(page).toHaveURL(/\/partner\/webhook$/);
    await expect(page.getByTestId('selected-partner')).toContainText('Záhrada Demo');

    // A target outside the portal is not followed: the switch lands at home.
    await page.goto(`/switch-partner/${slovak}?to=${encodeURIComponent('//evil.example/x')}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('a switch to a partner the account does not have is refused with a translated message', async ({ page }) => {
    await login(page, 'multi@demo.test');
    await expect(page.getByTestId('selected-partner')).toContainText('Záhrada Demo');
    // The Czech shop's neighbour id, and an id of no shop at all: neither is among multi@'s partners.
    for (const id of ['999999', 'abc']) {
      await page.goto(`/switch-partner/${id}`);
      await expect(page.getByTestId('switch-partner-refused')).toContainText(
        "This partner is not among your account's partners. You stay with the current partner.",
      );
      await expect(page.getByTestId('selected-partner')).toContainText('Záhrada Demo');
    }
    await page.getByTestId('language-switcher').selectOption('cs');
    await expect(page.getByTestId('switch-partner-refused')).toContainText('Tento partner nepatří');
    await page.getByTestId('language-switcher').selectOption('en');
  });

  test('the language switcher changes every text and is kept', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.getByTestId('language-switcher').selectOption('cs');
    await expect(page.getByTestId('nav-orders')).toContainText('Objednávky');
    await page.reload();
    await expect(page.getByTestId('nav-orders')).toContainText('Objednávky');
    await page.getByTestId('language-switcher').selectOption('pl');
    await expect(page.getByTestId('nav-orders')).toContainText('Zamówienia');
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(page.getByTestId('nav-orders')).toContainText('Orders');
  });

  test('an account without the orders resource sees no orders and gets the not-allowed page', async ({ page }) => {
    await login(page, 'limited@demo.test');
    await expect(page.getByTestId('nav-orders')).toHaveCount(0);
    await page.goto('/orders');
    // The account's own language is Czech.
    await expect(page.getByTestId('not-allowed')).toHaveText('K této stránce nemáte přístup.');
    await page.getByTestId('language-switcher').selectOption('en');
    await expect(page.getByTestId('not-allowed')).toHaveText('You do not have access to this page.');
  });

  test('the menu opens billing inside the layout; old paths lead to their pages', async ({ page }) => {
    await login(page, 'partner@demo.test');
    await page.getByTestId('nav-billings').click();
    await expect(page).toHaveURL(/\/billings$/);
    // The account's own language is Czech.
    await expect(page.getByRole('heading', { level: 1, name: 'Fakturace' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Faktury' })).toBeVisible();
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await page.goto('/orders-beta');
    await expect(page).toHaveURL(/\/orders$/);
    await page.goto('/sla');
    await expect(page).toHaveURL(/\/sla\/cancel-rate$/);
  });

  test('the live stream opens after login and answers pings', async ({ page }) => {
    test.setTimeout(60_000);
    await login(page, 'partner@demo.test');
    const shell = page.getByTestId('app-shell');
    await expect(shell).toHaveAttribute('data-stream-state', 'open');
    await expect(shell).not.toHaveAttribute('data-last-pong', '', { timeout: 25_000 });
  });
});
