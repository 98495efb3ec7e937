import { expect, type Page, test } from '@playwright/test';
import { login, PASSWORD, seriousAxeFindings } from '../helpers';

/**
 * seller19 (Pets Garden 19, a Czech shop in production that no other spec uses) makes a pickup-point test
 * order of its own, opens it and sends it to another pickup point by typing a town without its diacritics
 * into the searchable branch picker; at 1440 px and on a 390 px phone.
 */
const SELLER = 'seller19@demo.test';
const SHOTS = '/tmp/i19/shots/branches';

async function gql<T>(
  page: Page,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await page.request.post('/graphql', {
    data: { query, variables },
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** A new pickup-point test order of the seller (its own data), through the API the test-order dialog uses. */
async function pickupTestOrder(page: Page): Promise<string> {
  const { login: session } = await gql<{ login: { token: string; session: { partners: { id: string }[] } } }>(
    page,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { partners { id } } } }',
    { e: SELLER, p: PASSWORD },
  );
  const made = await gql<{ orderTestCreate: { id: string } }>(
    page,
    'mutation($input: TestOrderInput!) { orderTestCreate(input: $input) { id } }',
    {
      input: { deliveryType: 'PICKUP_POINT', paymentType: 'B', items: [{ title: 'Pelíšek', quantity: 1, price: 590 }] },
    },
    { authorization: `Bearer ${session.token}`, 'x-partner-id': session.session.partners[0]!.id },
  );
  return made.orderTestCreate.id;
}

for (const [label, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  test(`a seller changes an order's pickup point by typing a town (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    const orderId = await pickupTestOrder(page);
    await login(page, SELLER);
    await page.goto(`/orders/${orderId}`);
    await page.getByTestId('order-change-branch').click();
    const dialog = page.getByTestId('branch-dialog');
    await expect(dialog).toBeVisible();

    const picker = dialog.getByRole('combobox', { name: 'New pickup point' });
    await picker.click();
    await picker.fill('ceske budejovice');
    const option = page.getByRole('option', { name: /České Budějovice/ }).first();
    await expect(option).toBeVisible();
    // Every offered branch is in the town typed (without its diacritics).
    const offered = page.locator('[role="listbox"]:visible [role="option"]');
    for (const text of await offered.allInnerTexts()) expect(text).toContain('České Budějovice');
    await page.screenshot({ path: `${SHOTS}/picker-${label}.png` });

    const name = (await option.innerText()).split('\n')[0]!;
    await option.click();
    await expect(dialog.getByTestId('branch-chosen')).toContainText('České Budějovice');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/chosen-${label}.png` });
    await dialog.getByTestId('branch-save').click();
    await expect(page.getByText('The delivery branch was changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The order now names the chosen branch (its key ends with the branch code in brackets of the option).
    const code = /\(([^)]+)\)$/.exec(name)?.[1];
    await expect(page.getByTestId('order-branch')).toContainText(`ZASILKOVNA-${code}`);
  });
}

/**
 * An operator refreshes a carrier's branches from a file in the cockpit: a good file is loaded by the job and
 * listed with its counts; a bad one is listed with its lines and changes nothing. Slovak Parcel Service has no
 * branches in the demo, so no other spec's pickup points move.
 */
const HEADER = 'carrier;country;code;name;street;city;zip;lat;lng;active;cod_allowed;max_package_size;opening_hours';
const GOOD = [
  HEADER,
  'SPS;SK;E2E01;SPS Balíkomat Bratislava Aupark;Einsteinova 18;Bratislava;851 01;48.13;17.11;1;1;SMALLBOX;24/7',
  'SPS;SK;E2E02;SPS Výdajné miesto Košice Optima;Moldavská cesta 32;Košice;040 11;48.70;21.24;1;0;;Po–Pi 9:00–21:00',
].join('\n');
const BAD = [
  HEADER,
  'SPS;SK;E2E03;SPS Balíkomat Žilina;Hlavná 1;Žilina;010 01;;;1;1;;',
  'SPS;SK;E2E04;SPS Balíkomat Nitra;Štúrova 2;Nitra;9490;;;1;1;;',
  'PACKETA;SK;E2E05;Packeta Trnava;Hlavná 3;Trnava;917 01;;;1;1;;',
].join('\n');

async function spsBranches(page: Page): Promise<string[]> {
  const { login: session } = await gql<{ login: { token: string; session: { partners: { id: string }[] } } }>(
    page,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { partners { id } } } }',
    { e: SELLER, p: PASSWORD },
  );
  const found = await gql<{ carrierBranches: { nodes: { code: string }[] } }>(
    page,
    'query { carrierBranches(country: "SK", carrier: "SPS", first: 100) { nodes { code } } }',
    {},
    { authorization: `Bearer ${session.token}`, 'x-partner-id': session.session.partners[0]!.id },
  );
  return found.carrierBranches.nodes.map((b) => b.code).sort();
}

async function uploadBranches(page: Page, name: string, content: string) {
  const carrier = page.getByTestId('branches-carrier');
  await carrier.click();
  await carrier.fill('Slovak Parcel');
  await page.getByRole('option', { name: 'Slovak Parcel Service (SPS)' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByTestId('branches-submit').click();
}

for (const [label, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 390, 844],
] as const) {
  test(`an operator loads a carrier's branch file; a bad one changes nothing (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    await login(page, 'admin@demo.test');
    await page.goto('/cockpit/branches');
    await expect(page.getByRole('heading', { name: 'Carrier branches', level: 1 })).toBeVisible();

    await uploadBranches(page, `sps-${label}.csv`, GOOD);
    const good = page
      .getByTestId('branch-load')
      .filter({ hasText: `sps-${label}.csv` })
      .first();
    await expect(good).toHaveAttribute('data-status', 'done');
    await expect(good.getByTestId('branch-load-lines')).toHaveText('2');
    await expect(good).toContainText('SPS/SK');
    expect(await spsBranches(page)).toEqual(['E2E01', 'E2E02']);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cockpit-loaded-${label}.png`, fullPage: true });

    await uploadBranches(page, `sps-bad-${label}.csv`, BAD);
    const bad = page
      .getByTestId('branch-load')
      .filter({ hasText: `sps-bad-${label}.csv` })
      .first();
    await expect(bad).toHaveAttribute('data-status', 'failed');
    await expect(bad.getByTestId('branch-load-refusal')).toHaveText('The file has bad rows; nothing was changed.');
    const errors = bad.getByTestId('branch-load-errors').getByRole('listitem');
    await expect(errors).toHaveText([
      'Line 3 · zip — the value is not valid',
      'Line 4 · carrier — the row is of another carrier than the one chosen',
    ]);
    expect(await spsBranches(page)).toEqual(['E2E01', 'E2E02']);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cockpit-refused-${label}.png`, fullPage: true });
  });
}
