import { expect, type Locator, type Page, test } from '@playwright/test';
import { login, logout } from '../helpers';

/**
 * The portal on a phone (issue 6): from 360 px up every header control is on screen and usable, the
 * navigation is a drawer behind the burger, logout works, and no page scrolls sideways (grids scroll
 * inside themselves).
 */

/** The element is shown and lies wholly inside the viewport (waiting for a drawer to finish sliding in). */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 1 });
}

/** The text is shown in full: not cut by an ellipsis or a too-narrow box. */
async function expectNotTruncated(locator: Locator) {
  const [scrollWidth, clientWidth] = await locator.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, 'text fits its box').toBeLessThanOrEqual(clientWidth);
}

async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`on a ${viewport.width} px phone`, () => {
    test.use({ viewport });

    test('the login page fits and its language can be changed', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      const language = page.getByTestId('language-switcher');
      await expectOnScreen(language);
      await language.selectOption('cs');
      await expect(page.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await language.selectOption('en');
    });

    test('a partner reaches every header control, navigates through the drawer and logs out', async ({ page }) => {
      await login(page, 'partner@demo.test');
      await page.getByTestId('account-menu').click();
      await page.getByTestId('language-option-en').click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
      await expectNoSidewaysScroll(page);

      // The header: burger, partner (with its whole market badge) and the account menu, all on screen;
      // the language choice moved into the account menu.
      const burger = page.getByTestId('nav-burger');
      await expectOnScreen(burger);
      await expectOnScreen(page.getByTestId('partner-switcher'));
      await expectNotTruncated(page.getByTestId('partner-switcher').locator('.mantine-Badge-label'));
      await expectOnScreen(page.getByTestId('account-menu'));
      await expect(page.getByTestId('language-switcher')).toHaveCount(0);

      // The navigation is a drawer: closed at first, opened by the burger, closed again by navigating.
      const orders = page.getByTestId('nav-orders');
      await expect(orders).not.toBeInViewport();
      await expect(burger).toHaveAttribute('aria-expanded', 'false');
      await burger.click();
      await expect(burger).toHaveAttribute('aria-expanded', 'true');
      await expectOnScreen(orders);
      await orders.click();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(page.getByTestId('grid-orders')).toBeVisible();
      await expect(orders).not.toBeInViewport();
      await expectNoSidewaysScroll(page);

      // The last item of the long navigation is reachable in the drawer, and shown when it is the current page.
      await burger.click();
      const user = page.getByTestId('nav-user');
      await user.scrollIntoViewIfNeeded();
      await user.click();
      await expect(page).toHaveURL(/\/user$/);
      await burger.click();
      await expect(user).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(burger).toHaveAttribute('aria-expanded', 'false');

      // The language can be changed from the account menu.
      await page.getByTestId('account-menu').click();
      await page.getByTestId('language-option-cs').click();
      await burger.click();
      await expect(orders).toContainText('Objednávky');
      await burger.click();
      await page.getByTestId('account-menu').click();
      await page.getByTestId('language-option-en').click();

      await logout(page);
    });

    test('the cockpit fits, with its badge whole, and the administrator logs out', async ({ page }) => {
      await login(page, 'admin@demo.test');
      await expect(page).toHaveURL(/\/cockpit\/home$/);
      await expect(page.getByTestId('app-shell')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page);
      await expectOnScreen(page.getByTestId('cockpit-badge'));
      await expectNotTruncated(page.getByTestId('cockpit-badge').locator('.mantine-Badge-label'));
      await expectOnScreen(page.getByTestId('account-menu'));
      await logout(page);
    });
  });
}
