import { expect, type Page, test } from '@playwright/test';
import { fillLogin, login, logout, PASSWORD, seriousAxeFindings } from '../helpers';
import { freshCode } from '../two-factor';

/**
 * Two-factor sign-in (issue 24): a seller sets up an authenticator app in the profile (the code computed from the
 * key the page shows, as an app would), signs out and back in through the second step; another seller registers
 * a passkey with Chromium's virtual authenticator and signs in with it. Sellers of their own, so nothing another
 * spec relies on changes.
 */

test('sets up an authenticator app, shows the recovery codes once, and signs in with a code', async ({ page }) => {
  const email = 'seller37@demo.test';
  await login(page, email);
  // The seller's account speaks Czech; this seller of its own reads the portal in English from here on.
  await page.getByTestId('language-switcher').selectOption('en');
  await page.goto('/user');
  const section = page.getByRole('region', { name: /two-factor sign-in/i });
  await section.getByRole('button', { name: /set up an authenticator app/i }).click();
  const enrolment = section.getByTestId('totp-enrolment');
  await expect(enrolment.getByRole('img', { name: /qr code/i })).toBeVisible();
  const secret = (await enrolment.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused, translated; the right one turns the app on and shows ten recovery codes.
  await enrolment.getByLabel(/code from the app/i).fill('000000');
  await enrolment.getByRole('button', { name: /confirm and turn on/i }).click();
  await expect(enrolment.getByTestId('error-alert')).toContainText(/not right/i);
  await enrolment.getByLabel(/code from the app/i).fill(await freshCode(email, secret));
  await enrolment.getByRole('button', { name: /confirm and turn on/i }).click();
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await codes.getByRole('button', { name: /i have saved them/i }).click();
  await expect(section.getByTestId('recovery-codes')).toHaveCount(0);
  await expect(section.getByText(/unused recovery codes: 10/i)).toBeVisible();

  await logout(page);
  await fillLogin(page, email);
  const step = page.getByTestId('two-factor-step');
  await expect(step.getByLabel(/code from the app/i)).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await step.getByLabel(/code from the app/i).fill(await freshCode(email, secret));
  await step.getByRole('button', { name: /verify/i }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
});

/** The portal at localhost: a passkey needs a domain, and 127.0.0.1 is an address (WEBAUTHN_RP_ID). */
function atLocalhost(page: Page, path: string) {
  const base = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3210');
  return page.goto(`${base.protocol}//localhost:${base.port}${path}`);
}

async function signInAtLocalhost(page: Page, email: string) {
  await atLocalhost(page, '/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('textbox', { name: /^password/i }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('registers a passkey with a virtual authenticator and signs in with it', async ({ page, browserName }) => {
  test.skip(browserName !== 'chromium', 'the virtual authenticator is Chromium DevTools');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = 'seller56@demo.test';
  await signInAtLocalhost(page, email);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.getByTestId('language-switcher').selectOption('en');
  await atLocalhost(page, '/user');
  const section = page.getByRole('region', { name: /two-factor sign-in/i });
  await section.getByLabel(/name of the passkey/i).fill('Work laptop');
  await section.getByRole('button', { name: /add a passkey/i }).click();
  // The first second factor of the account brings its recovery codes.
  const codes = section.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: /i have saved them/i }).click();
  await expect(section.getByTestId('passkey-list')).toContainText('Work laptop');
  // The authenticator holds the one credential the portal registered (its public key is all the server keeps).
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);

  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAtLocalhost(page, email);
  const step = page.getByTestId('two-factor-step');
  await step.getByRole('button', { name: /use a passkey/i }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await atLocalhost(page, '/user');
  await expect(section.getByTestId('passkey-list')).toContainText(/last used/i);
});
