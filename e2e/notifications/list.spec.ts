import { expect, test } from '@playwright/test';
import { login, seriousAxeFindings } from '../helpers';

/**
 * seller21 (Tools Auto 21, a Slovak shop no other spec moves) waits for its contract and has no contacts yet;
 * the Czech demo shop (partner@demo.test) has three weeks of notifications, the last five unread by its master
 * when the demo starts (other specs may add more).
 */
const SELLER = { email: 'seller21@demo.test', name: 'Tools Auto 21' };
const NEWS = 'launch@toolsauto21.test';

test.describe('notification list', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a shop asks to hear of its onboarding, an operator moves it, and the news arrives live and by e-mail', async ({
    page,
    browser,
  }) => {
    await login(page, SELLER.email);
    await page.goto('/partner/notifications');
    const workflow = page.getByTestId('notification-setting-WORKFLOW_STATUS_CHANGED');
    // The default names the managers, and this shop has no manager yet: the form says so before saving.
    await workflow.getByRole('textbox', { name: 'Other e-mail addresses' }).fill(NEWS);
    await expect(workflow.getByText('No contact belongs to: Manager')).toBeVisible();
    await workflow.getByRole('combobox', { name: 'Contact groups' }).press('Backspace');
    await workflow.getByRole('button', { name: 'Save “Onboarding status changed”' }).click();
    await expect(page.getByText('The setting “Onboarding status changed” has been saved.')).toBeVisible();

    await page.goto('/user/notifications');
    await expect(page.getByTestId('notifications-page')).toBeVisible();
    await expect(page.getByTestId('notification-text')).toHaveCount(0);

    const operator = await browser.newPage();
    await login(operator, 'admin@demo.test');
    await operator.goto('/cockpit/onboarding');
    await operator.getByPlaceholder(/search/i).fill(SELLER.name);
    const row = operator.getByTestId('grid-row').filter({ hasText: SELLER.name });
    await expect(row).toHaveCount(1);
    await operator.getByTestId(`move-${await row.getAttribute('data-row-id')}`).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Partner access').check();
    await dialog.getByLabel('Contract signed by both sides').check();
    await dialog.getByTestId('move-submit').click();
    await expect(dialog).toBeHidden();
    await operator.close();

    // The open list follows over the live stream, and so does the account menu's count.
    const item = page.getByTestId('notification-text').first();
    await expect(item).toContainText('Onboarding status: Partner access');
    await expect(item).toContainText('The onboarding has moved from “Draft contract” to “Partner access”.');
    await expect(page.getByTestId('notification-new')).toHaveCount(1);
    await expect(page.getByTestId('account-menu-unread')).toContainText('1');
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByTestId('notifications-mark-all').click();
    await expect(page.getByText('All notifications are marked as read.')).toBeVisible();
    await expect(page.getByTestId('notification-new')).toHaveCount(0);

    // The mail went to the address the shop gave. That address has no account, so it reads the language of the
    // shop's master account (Czech in the demo data), not the market's (issue 18: mails in the reader's language).
    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-recipient').fill(NEWS);
    await page.getByRole('button', { name: 'Show' }).click();
    const mail = page.getByTestId('mailbox-message').filter({ hasText: 'Stav onboardingu: Přístup partnera' });
    await expect(mail.first()).toBeVisible({ timeout: 20_000 });
    await mail.first().click();
    // The mail's link selects the shop first, then opens its onboarding (right for people of several shops).
    const opened = page.getByTestId('mailbox-open-message');
    await expect(opened).toContainText('/switch-partner/');
    const link = /\/switch-partner\/\d+\?to=%2Fworkflow/.exec((await opened.textContent()) ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/workflow/);
  });

  test('the demo shop reads its history, opens the menu count and marks one read, on a desktop and a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'partner@demo.test');
    await page.getByTestId('account-menu').click();
    // The seed leaves five unread; specs that ran before may have added news (a decided brand request, an answer).
    const badge = page.getByTestId('notifications-unread');
    await expect(badge).toHaveText(/^\d+$/);
    const unread = Number(await badge.textContent());
    expect(unread).toBeGreaterThanOrEqual(5);
    await page.getByTestId('account-menu-notifications').click();
    await expect(page).toHaveURL(/\/user\/notifications$/);
    await expect(page.getByTestId('notification-new')).toHaveCount(unread);
    await expect(
      page.getByTestId('notification-text').filter({ hasText: 'Brand request Ultra Run: Rejected' }),
    ).toHaveCount(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/notifications-1440.png', fullPage: true });

    await page.getByTestId('notification-mark-read').first().click();
    await expect(page.getByTestId('notification-new')).toHaveCount(unread - 1);
    await expect(page.getByTestId('account-menu-unread')).toContainText(String(unread - 1));

    await page.getByRole('button', { name: 'Unread' }).click();
    await expect(page.getByTestId('notification-text')).toHaveCount(unread - 1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('notification-text').first()).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/screenshots/notifications-390.png', fullPage: true });
  });
});
