import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * Two-factor sign-in for the e2e (issue 24). The demo operators' authenticator secret is published like the demo
 * password (apps/server/src/modules/auth/two-factor-seed.ts); codes are computed here as an authenticator app
 * computes them (RFC 6238: HMAC-SHA-1, 30 s, 6 digits). A time step is accepted once per account, so this worker
 * remembers the steps it used and takes the next one, waiting for it when the clock has not reached it.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PERIOD_MS = 30_000;

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const usedSteps = new Map<string, number>();

/**
 * A code of a step this worker has not used for the account yet. The server accepts one step either side of
 * now, so three sign-ins fit in one step's time: the step before now while the current one has over 5 s
 * left (the server's clock must not leave it behind), then now, then the next. A later one waits, and the
 * wait is added to the test's time, which a sign-in should not use up.
 */
export async function freshCode(email: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  const key = `${email}:${secret}`;
  const now = Math.floor(Date.now() / PERIOD_MS);
  const earliest = (now + 1) * PERIOD_MS - Date.now() > 5_000 ? now - 1 : now;
  const step = Math.max(earliest, (usedSteps.get(key) ?? earliest - 1) + 1);
  // The server takes at most the next step: a later one waits until the clock is one step before it.
  const wait = (step - 1) * PERIOD_MS - Date.now();
  if (wait > 0) {
    const info = currentTest();
    info?.setTimeout(info.timeout + wait + 1_000);
    // Said in the run's output: waits add up to minutes of the suite when specs sign operators out.
    console.log(`two-factor: ${email} waits ${Math.round(wait / 1000)} s for the next code step`);
    await new Promise((resolve) => setTimeout(resolve, wait + 200));
  }
  usedSteps.set(key, step);
  return totpCode(secret, step);
}

function currentTest() {
  try {
    return test.info();
  } catch {
    return null; // outside a test (a global setup): no test time to extend
  }
}

/** On the login page's second step: types a fresh code (and once more with the next step if another took it). */
export async function passSecondFactor(page: Page, email: string, secret = DEMO_TOTP_SECRET) {
  const step = page.getByTestId('two-factor-step');
  for (let attempt = 0; attempt < 3; attempt++) {
    await step.getByLabel(/code from the app/i).fill(await freshCode(email, secret));
    await step.getByRole('button', { name: /verify/i }).click();
    const outcome = await Promise.race([
      page
        .getByTestId('app-shell')
        .or(page.getByTestId('two-factor-setup'))
        .first()
        .waitFor()
        .then(() => 'in' as const),
      step
        .getByTestId('error-alert')
        .waitFor()
        .then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
  }
  throw new Error(`the second factor of ${email} was refused three times`);
}

/** A sign-in through the API as the web does it, through the second step when the account has one. */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  fields = 'token session { selectedPartner { id } }',
): Promise<{ token: string; session: { selectedPartner?: { id: string } | null } }> {
  const call = async (query: string, variables: Record<string, unknown>) => {
    const response = await request.post('/graphql', {
      data: { query, variables },
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    const body = await response.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const { login } = await call(
    `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { ${fields} twoFactor { ticket } } }`,
    { e: email, p: password },
  );
  if (!login.twoFactor) return login;
  const { loginSecondFactor } = await call(
    `mutation($t: String!, $c: String) { loginSecondFactor(ticket: $t, code: $c) { ${fields} } }`,
    { t: login.twoFactor.ticket, c: await freshCode(email) },
  );
  return loginSecondFactor;
}
