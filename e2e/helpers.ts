import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { passSecondFactor } from './two-factor';

export const PASSWORD = 'Demo-portal-2026!';

export async function fillLogin(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByRole('textbox', { name: /^password/i }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/**
 * Signs in through the login page and waits for the portal (or cockpit) shell. An operator (every one must use
 * two-factor sign-in) passes the second step with a code of the demo operators' published secret (two-factor.ts).
 */
export async function login(page: Page, email: string) {
  if (await resumeSession(page, email)) return;
  await fillLogin(page, email);
  const shell = page.getByTestId('app-shell');
  await expect(shell.or(page.getByTestId('two-factor-step'))).toBeVisible();
  if (!(await page.getByTestId('two-factor-step').isVisible())) {
    await expect(shell).toBeVisible();
    return;
  }
  await passSecondFactor(page, email);
  await expect(shell).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('pp.token'));
  if (token) secondFactorSessions.set(email, token);
}

/**
 * Sessions of accounts that signed in with a second factor, per worker. A code's time step is accepted once per
 * account, so a second sign-in within 30 seconds would wait for the next step: tests after the first reuse the
 * session (as a person's browser keeps it) instead of signing in again — what they test is behind the sign-in.
 */
const secondFactorSessions = new Map<string, string>();

/** Opens the app with the account's kept session; false (and forgotten) when it has ended, e.g. by a logout. */
async function resumeSession(page: Page, email: string): Promise<boolean> {
  const token = secondFactorSessions.get(email);
  if (!token) return false;
  await page.goto('/login');
  await page.evaluate((kept) => window.localStorage.setItem('pp.token', kept), token);
  await page.goto('/');
  const shell = page.getByTestId('app-shell');
  const form = page.getByRole('textbox', { name: /^password/i });
  await expect(shell.or(form)).toBeVisible();
  if (await shell.isVisible()) return true;
  secondFactorSessions.delete(email);
  return false;
}

export async function logout(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The serious or critical WCAG 2.2 AA violations of the page as it stands: the one axe run of every spec and of the
 * route walk. Legacy mode runs axe in the page itself (the default opens a helper page per analysis, about a second
 * each, and finds nothing more: the portal has no iframes); violations only, so axe skips describing what passed.
 * `options()` replaces the whole option object, the tags' runOnly with it: it goes first.
 */
export async function seriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Serious or critical WCAG 2.2 AA findings of the page as it stands, a line each. */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A PNG of one colour, built byte by byte (signature, IHDR, IDAT, IEND) so the server really decodes it. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens the products' import dialog from the products page. */
export async function openProductsImport(page: Page) {
  await page.goto('/products');
  await page.getByTestId('products-import').click();
  return page.getByRole('dialog');
}

/**
 * Sends an XML feed in the open products' import dialog and waits for the import's end (a job: more than
 * the default wait on a busy machine). Answers the dialog, which shows the import's outcome.
 */
export async function importProductsFeed(page: Page, xml: string) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'feed.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(xml, 'utf8'),
  });
  await dialog.getByTestId('products-import-submit').click();
  await expect(dialog.getByTestId('products-import-progress')).toHaveAttribute('data-status', 'END', {
    timeout: 30_000,
  });
  return dialog;
}

/** A spec's own setup through the GraphQL API the web uses, in English; any error fails the test. */
export async function gql(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** The request headers of a seller's API session: signed in with the demo password, its partner selected. */
export async function sellerHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const { login: session } = await gql(
    request,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { selectedPartner { id } } } }',
    { e: email, p: PASSWORD },
  );
  return { authorization: `Bearer ${session.token}`, 'x-partner-id': session.session.selectedPartner.id };
}

/**
 * What went wrong in a page while a spec watched it: script errors, console errors, failed answers and GraphQL
 * errors (with their codes). A spec adds it to a failure's message, so a failure seen once in CI says why.
 */
export function watchProblems(page: Page): () => string {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', async (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    if (!response.url().endsWith('/graphql')) return;
    const body = await response.text().catch(() => '');
    if (body.includes('"errors"')) problems.push(`graphql errors: ${body.slice(0, 600)}`);
  });
  return () => (problems.length ? `\nwhat the page saw:\n${problems.join('\n')}` : '');
}
