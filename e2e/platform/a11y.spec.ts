import { expect, type Page, test } from '@playwright/test';
import { login, logout, seriousAxeViolations } from '../helpers';

/**
 * WCAG 2.2 AA walk (issue 6): axe-core on every route of the route table, in English and Czech, failing on
 * any serious or critical violation. Public routes are checked signed out, portal routes as the partner
 * with every permission, the cockpit as the administrator. One visit per route and language; each
 * area signs in once and switches the language with the language switcher (the stored choice).
 *
 * The lists follow apps/web/src/app/router.tsx and the features' routes.tsx files; parameters get made-up
 * values (the pages show their not-found or error state, which must be accessible too). Paths that only
 * redirect (/orders-beta, /products-beta…, /self-billing, /marketing, /sla, /business-terms/cs|en,
 * /switch-partner/$id) are left out: where they land is in the list.
 */
const PUBLIC_ROUTES = [
  '/login',
  '/login/forgot-password',
  '/login/reset-password/not-a-real-token',
  '/login/token/not-a-real-token',
  '/remote-login/not-a-real-hash/token/not-a-real-token/partner/1',
  '/registration',
  '/registration-submit',
  '/registration-confirm/not-a-real-token',
  '/registration-complete/not-a-real-token/not-a-real-token',
  '/business-terms',
  '/business-terms/cz',
  '/business-terms/cz/en',
  '/business-terms/cz/history',
  '/offer/services',
  '/offer/services/feed-manager',
  '/no-such-page',
];

const PORTAL_ROUTES = [
  '/',
  '/not-allowed',
  '/workflow',
  '/workflow/2',
  '/orders',
  '/orders/1',
  '/orders-stock-export/1',
  '/products',
  '/products/sold-out',
  '/products/last-items',
  '/products/blocked',
  '/products/errors',
  '/products/detail',
  '/products/detail/1',
  '/products/detail/CZ-00001',
  '/categories',
  '/brands',
  '/brands/history',
  '/brands/request',
  '/brands/price-list',
  '/heureka-feed',
  '/heureka-feed/status',
  '/heureka-feed/categories-pairing',
  '/heureka-feed/params-values-pairing',
  '/heureka-feed/params-values-pairing/1',
  '/heureka-feed/box-management',
  '/heureka-feed/media-management',
  '/heureka-feed/products-management',
  '/mall-feed',
  '/mall-feed/stats',
  '/mall-feed/stats/feed/1/job/1/error-log',
  '/heureka-feed/status/feed/1/job/1/error-log',
  '/marketing/campaigns',
  '/marketing/campaigns/detail/1',
  '/marketing/partner-page',
  '/deliveries',
  '/deliveries/warehouse',
  '/deliveries/detail',
  '/deliveries/detail/1',
  '/deliveries/mall',
  '/deliveries/mall/classic',
  '/deliveries/mall/spectrum',
  '/billings',
  '/billings/offsets',
  '/billings/self-billing',
  '/billings/invoice-detail/1',
  '/billings/offset-detail/1',
  '/sla/cancel-rate',
  '/sla/tracking-rate',
  '/sla/status-error',
  '/sla/delivery',
  '/sla/all',
  '/statistics',
  '/financing',
  '/services',
  '/services/detail/feed-manager',
  '/services/mall-pay',
  '/faq',
  '/partner',
  '/partner/contacts',
  '/partner/accounts',
  '/partner/notifications',
  '/partner/webhook',
  '/partner/webhook/1/logs',
  '/partner/sandbox-accounts',
  '/partner/permissions',
  '/partner/api-limit',
  '/partner/api-docs',
  '/user',
  '/user/notifications',
  '/user/messages',
  '/user/send-message',
  '/user/conversation/1',
  '/user/contacts',
];

const COCKPIT_ROUTES = [
  '/cockpit',
  '/cockpit/brand-requests',
  '/cockpit/mall-delivery',
  '/cockpit/branches',
  '/cockpit/price-lists',
  '/cockpit/campaigns',
  '/cockpit/content',
  '/cockpit/billing',
  '/cockpit/home',
  '/cockpit/onboarding',
  '/cockpit/registrations',
  '/cockpit/portal-dialogs',
  '/cockpit/audit',
  '/cockpit/flags',
  '/cockpit/operators',
  '/cockpit/webhooks',
  '/cockpit/feeds',
  '/cockpit/messages',
  '/cockpit/api-limits',
  '/cockpit/usage',
  '/cockpit/terms',
  '/cockpit/partners/1',
];

/**
 * Opens a route inside the running app, as its own links do: the router loads the page while the layout's
 * main landmark says it is busy. A full load of every route cost more than the check itself (the whole app
 * boots again: ~1.5 s a route on a quiet machine, several on a loaded one) and checks nothing more: the
 * page's markup is the same however it was reached, and other specs load deep links.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    // Let the router start and React commit its pending state before the caller waits for it to end.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }, path);
}

/** Opens a route, waits until it has settled in the expected language, and returns its serious findings. */
async function check(page: Page, path: string, language: string): Promise<string[]> {
  await open(page, path);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // Nothing still loading: the session check, a lazy page or its data.
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
  return (await seriousAxeViolations(page)).map(
    (v) =>
      `${language} ${path}: ${v.id} (${v.impact}) ${v.help}\n    ` +
      v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n    '),
  );
}

/**
 * One test per route and language, so a slow or failing route is named by itself. A group shares one page
 * signed in once (a failed test gets a fresh worker, whose beforeAll signs in again). The production project
 * (playwright.config.ts) walks both languages.
 */
function walk(area: string, routes: readonly string[], who: string | null) {
  for (const language of ['en', 'cs'] as const) {
    test.describe(`${area} in ${language}`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await browser.newPage();
        if (who) await login(page, who);
        else await page.goto('/login');
        await page.getByTestId('language-switcher').selectOption(language);
      });
      test.afterAll(async () => {
        await page?.close();
      });
      for (const path of routes) {
        test(path, async () => {
          const failures = await check(page, path, language);
          expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
        });
      }
    });
  }
}

test.describe('accessibility (WCAG 2.2 AA, axe-core)', () => {
  walk('public routes, signed out,', PUBLIC_ROUTES, null);
  walk('portal routes as a partner', PORTAL_ROUTES, 'partner@demo.test');
  walk('cockpit routes as the administrator', COCKPIT_ROUTES, 'admin@demo.test');

  test('keyboard: skip link, first invalid field focused on submit, show-password reachable', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: /e-mail/i });
    const password = page.getByRole('textbox', { name: /^password/i });
    await expect(email).toBeFocused();

    // Refused submits land on the first field to fix, marked invalid for assistive technology.
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await email.fill('partner@demo.test');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(password).toBeFocused();

    // Tab from the password reaches the show-password button, which works with the keyboard.
    await password.fill('secret');
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Show or hide the password' });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');

    // The same for the forgotten-password form.
    await page.goto('/login/forgot-password');
    await page.getByRole('button', { name: /send/i }).click();
    await expect(page.getByRole('textbox', { name: /e-mail/i })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: /e-mail/i })).toBeFocused();

    // The skip link is the first stop of Tab on every layout and moves focus to the main landmark.
    for (const [path, who] of [
      ['/login', null],
      ['/', 'partner@demo.test'],
      ['/cockpit', 'admin@demo.test'],
    ] as const) {
      if (who) await login(page, who);
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // Start from the top of the document, as after a fresh load without an autofocused field.
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute('tabindex');
      });
      await page.keyboard.press('Tab');
      const skip = page.getByTestId('skip-link');
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      if (who) await logout(page);
    }
  });
});
