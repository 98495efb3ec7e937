import { expect, test } from '@playwright/test';
import { login, PASSWORD, seriousAxeFindings } from '../helpers';

/** colleague@demo.test exists for this spec: nothing else signs in with it, so its password may change. */
test('a person changes their name, language and password in the user area', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('pp.e2e.languageSet')) {
      localStorage.setItem('pp.language', 'en');
      sessionStorage.setItem('pp.e2e.languageSet', '1');
    }
  });
  // A second sign-in elsewhere, which the password change must end.
  const elsewhere = await (await browser.newContext()).newPage();
  await login(elsewhere, 'colleague@demo.test');

  await login(page, 'colleague@demo.test');
  await page.goto('/user');
  await expect(page.getByRole('textbox', { name: /Sign-in e-mail/ })).toHaveValue('colleague@demo.test');
  expect(await seriousAxeFindings(page)).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The navigation bar slides away below its breakpoint: the picture waits for it.
    await page.waitForTimeout(600);
    await page.screenshot({ path: testInfo.outputPath(`profile-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // A wrong current password is refused on its field; a weak new one before anything is sent.
  await page.getByLabel(/^Current password/).fill('Not-my-password-1!');
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Repeat the new password/).fill('short');
  await page.getByTestId('password-save').click();
  await expect(page.getByText('The password must have at least 12 characters.').first()).toBeVisible();
  await page.getByLabel(/^New password/).fill('Klara-Nove-Heslo-2026!');
  await page.getByLabel(/^Repeat the new password/).fill('Klara-Nove-Heslo-2026!');
  await page.getByTestId('password-save').click();
  await expect(page.getByText('Incorrect access data')).toBeVisible();

  await page.getByLabel(/^Current password/).fill(PASSWORD);
  await page.getByTestId('password-save').click();
  await expect(page.getByTestId('flash-success')).toContainText('Your password has been changed.');
  // This session goes on; the other one has ended.
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/login/);

  // The name and the language: the portal speaks Slovak at once.
  await page.getByRole('textbox', { name: /^First name/ }).fill('Klára Anna');
  await page.getByTestId('profile-language').selectOption('sk');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('flash-success').last()).toContainText('Profil bol uložený.');
  await expect(page.getByRole('heading', { name: 'Váš profil' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Meno/ })).toHaveValue('Klára Anna');
});
