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
