import { expect, test } from '@playwright/test';
import { fillLogin } from '../helpers';

test.describe('sign-in link when sign-in is throttled', () => {
  test('the throttled login offers a link by e-mail, and the link signs the owner in', async ({ page }) => {
    // An account no other spec signs in with: the five wrong passwords below pause it for this address, and the
    // profile spec changes colleague@'s language. seller1@ is the master of a shop in PRODUCTION.
    const email = 'seller1@demo.test';
    // Wrong passwords from this address until sign-in is paused for it.
    for (let i = 0; i < 5; i++) {
      await fillLogin(page, email, `Wrong-password-${i}!`);
      await expect(page.getByRole('alert')).toContainText('Incorrect access data');
    }
    await fillLogin(page, email);
    await expect(page.getByRole('alert').first()).toContainText('Too many failed attempts');
    const offer = page.getByTestId('login-link-offer');
    await expect(offer).toContainText('e-mail you a one-time sign-in link');
    await offer.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByTestId('login-link-sent')).toContainText(`If an account exists for ${email}`);

    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-recipient').fill(email);
    await page.getByRole('button', { name: 'Show' }).click();
    // The mail speaks the account's own language (Czech).
    const message = page
      .getByTestId('mailbox-message')
      .filter({ hasText: 'Váš odkaz pro přihlášení do Partner Portálu' });
    await expect(message.first()).toBeVisible({ timeout: 20_000 });
    await message.first().click();
    await page.getByTestId('mailbox-open-message').getByText('Plain text', { exact: true }).click();
    await page
      .getByTestId('mailbox-text')
      .getByRole('link', { name: /\/login\/token\// })
      .click();
    await expect(page.getByTestId('app-shell')).toBeVisible();
  });
});
