import { expect, test } from '@playwright/test';
import { seriousAxeFindings } from '../helpers';

test.describe('demo mailbox', () => {
  test('a reset mail arrives in the mailbox within seconds and its link opens the reset page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login/forgot-password');
    await page.getByRole('textbox', { name: /e-mail/i }).fill('multi@demo.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toBeVisible();

    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
    await page.getByTestId('mailbox-recipient').fill('multi@demo.test');
    await page.getByRole('button', { name: 'Show' }).click();
    // Delivered by the job within seconds; the page looks again every few seconds.
    const message = page.getByTestId('mailbox-message').filter({ hasText: 'Reset your Partner Portal password' });
    await expect(message.first()).toBeVisible({ timeout: 20_000 });
    await message.first().click();

    const opened = page.getByTestId('mailbox-open-message');
    await expect(opened.getByRole('heading', { name: 'Reset your Partner Portal password' })).toBeVisible();
    await expect(opened).toContainText('To: multi@demo.test');

    // The formatted part: a sandboxed frame whose button carries the same link.
    await opened.getByText('Formatted', { exact: true }).click();
    const frame = page.frameLocator('[data-testid="mailbox-html"]');
    await expect(frame.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByTestId('mailbox-html')).toHaveAttribute(
      'sandbox',
      'allow-popups allow-popups-to-escape-sandbox',
    );
    await page.screenshot({ path: '.tmp/mailbox-1440-html.png', fullPage: true });
    expect(await seriousAxeFindings(page)).toEqual([]);

    await opened.getByText('Plain text', { exact: true }).click();
    const link = page.getByTestId('mailbox-text').getByRole('link', { name: /\/login\/reset-password\// });
    await link.click();
    await expect(page).toHaveURL(/\/login\/reset-password\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('textbox', { name: /^new password/i })).toBeVisible();
  });

  test('reads well on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login/forgot-password');
    await page.getByRole('textbox', { name: /e-mail/i }).fill('admin@demo.test');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toBeVisible();
    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-recipient').fill('admin@demo.test');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('mailbox-message').first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: '.tmp/mailbox-390-list.png', fullPage: true });
    await page.getByTestId('mailbox-message').first().click();
    await expect(page.getByTestId('mailbox-text')).toBeVisible();
    // The list gives way to the message on a narrow screen; nothing runs off to the side.
    await expect(page.getByTestId('mailbox-message').first()).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '.tmp/mailbox-390-message.png', fullPage: true });
    await page.getByRole('button', { name: /All messages/ }).click();
    await expect(page.getByTestId('mailbox-message').first()).toBeVisible();
  });
});
