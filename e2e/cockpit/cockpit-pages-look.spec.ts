import { expect, type Page, test } from '@playwright/test';
import { login } from '../helpers';
import { lookAtBothWidths } from '../look';

/**
 * The cockpit pages of issue 24 that no other spec looks at, at 1440 px and at a 390 px phone with axe. Read-only:
 * each page is opened as the administrator and waited for its content, nothing is changed.
 */
const SHOTS = '.tmp/screenshots';

const gridLoaded = (page: Page) => async () => {
  await expect(page.getByTestId('grid-total')).not.toBeEmpty();
};

test('the cockpit pages of issue 24 fit a phone and a desktop and pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin@demo.test');
  await page.goto('/cockpit');
  await page.getByPlaceholder(/search/i).fill('100001');
  const row = page.getByTestId('grid-row').filter({ hasText: 'Sportovní potřeby Demo' });
  await expect(row).toHaveCount(1);
  const partnerId = await row.getAttribute('data-row-id');

  const pages: { path: string; shot: string; ready: () => Promise<void> }[] = [
    {
      path: '/cockpit/home',
      shot: 'cockpit-home',
      ready: async () => {
        await expect(page.getByTestId('cockpit-queues').getByTestId('queue-count').first()).toBeVisible();
      },
    },
    { path: '/cockpit/audit', shot: 'cockpit-audit', ready: gridLoaded(page) },
    {
      path: '/cockpit/flags',
      shot: 'cockpit-flags',
      ready: async () => {
        await expect(page.getByTestId('flag-croatiaEnabled')).toBeVisible();
      },
    },
    { path: '/cockpit/registrations', shot: 'cockpit-registrations', ready: gridLoaded(page) },
    { path: '/cockpit/onboarding', shot: 'cockpit-onboarding', ready: gridLoaded(page) },
    {
      path: '/cockpit/portal-dialogs',
      shot: 'cockpit-portal-dialogs',
      ready: async () => {
        await expect(page.getByTestId('portal-dialogs')).toBeVisible();
      },
    },
    {
      path: `/cockpit/partners/${partnerId}/stream`,
      shot: 'cockpit-stream-watch',
      ready: async () => {
        await expect(page.getByRole('heading', { level: 1 })).toContainText('Sportovní potřeby Demo');
        await expect(page.getByTestId('stream-watch-state')).toHaveAttribute('data-state', 'open');
      },
    },
    {
      path: '/cockpit/not-allowed',
      shot: 'cockpit-not-allowed',
      ready: async () => {
        await expect(page.getByTestId('not-allowed')).toBeVisible();
      },
    },
  ];
  for (const { path, shot, ready } of pages) {
    await page.goto(path);
    await ready();
    await lookAtBothWidths(page, `${SHOTS}/${shot}`, ready);
  }
});
