import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, PASSWORD, seriousAxeFindings } from '../helpers';

/**
 * seller46 (Tools Fashion 46 Kft., a Hungarian shop in production that no other spec uses) has no addresses
 * and no contacts: it prepares its MALL Delivery warehouse and contact, requests the service, and an operator
 * accepts it in the cockpit while the seller's page stays open.
 */
const SELLER = { email: 'seller46@demo.test', name: 'Tools Fashion 46' };
const SHOTS = '/tmp/i19/shots/mdp';

async function gql(request: APIRequestContext, query: string, variables: Record<string, unknown>, headers = {}) {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
  });
  const body = await response.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** What the seller does in the partner area (its own specs cover those forms): the warehouse and two contacts. */
async function prepareWarehouseAndContacts(request: APIRequestContext) {
  const { login: session } = await gql(
    request,
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { selectedPartner { id } } } }',
    { e: SELLER.email, p: PASSWORD },
  );
  const headers = { authorization: `Bearer ${session.token}`, 'x-partner-id': session.session.selectedPartner.id };
  await gql(
    request,
    'mutation($input: AddressInput!) { saveAddress(input: $input) { id } }',
    { input: { street: 'Raktár utca 12', city: 'Budapest', state: 'HU', zip: '1097', types: ['MDP_WAREHOUSE'] } },
    headers,
  );
  const contact = 'mutation($input: ContactInput!) { saveContact(input: $input) { id } }';
  await gql(
    request,
    contact,
    {
      input: {
        firstName: 'Gábor',
        lastName: 'Futár',
        email: 'futar@toolsfashion46.test',
        phone: '+36 30 123 4567',
        roles: ['MALL_DELIVERY'],
      },
    },
    headers,
  );
  await gql(
    request,
    contact,
    {
      input: {
        firstName: 'Eszter',
        lastName: 'Vezető',
        email: 'manager@toolsfashion46.test',
        phone: '+36 30 765 4321',
        roles: ['MANAGER'],
      },
    },
    headers,
  );
}

async function noAxeFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

test.describe('MALL Delivery', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  });

  test('a seller requests MALL Delivery, an operator accepts it, and the seller sees it active and is notified', async ({
    page,
    browser,
    request,
  }) => {
    // Two people, two desks, two screen sizes: longer than one page's test.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, SELLER.email);
    await page.goto('/deliveries/mall');
    await expect(page.getByTestId('mall-state')).toHaveText('Inactive');
    // The rules show before the request goes: both pieces missing, the request button disabled.
    await expect(page.getByTestId('mall-prepare-warehouse')).toHaveAttribute('data-ready', 'false');
    await expect(page.getByTestId('mall-prepare-warehouse')).toContainText(
      'A MALL Delivery warehouse address is mandatory.',
    );
    await expect(page.getByTestId('mall-prepare-contact')).toHaveAttribute('data-ready', 'false');
    await expect(page.getByTestId('mall-request')).toBeDisabled();
    await expect(page.getByTestId('mall-not-ready')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage addresses' })).toHaveAttribute('href', '/partner');
    await expect(page.getByRole('link', { name: 'Manage contacts' })).toHaveAttribute('href', '/partner/contacts');
    await noAxeFindings(page);
    await page.screenshot({ path: `${SHOTS}/missing-1440.png`, fullPage: true });

    await prepareWarehouseAndContacts(request);
    await page.reload();
    await expect(page.getByTestId('mall-prepare-warehouse')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('mall-prepare-contact')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('mall-prepare-contact')).toContainText('Gábor Futár');
    await page.getByTestId('mall-request').click();
    await expect(page.getByTestId('mall-state')).toHaveText('Requested');
    await expect(page.getByTestId('mall-pending')).toBeVisible();
    await expect(page.getByTestId('mall-request')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/requested-1440.png`, fullPage: true });

    // The operator, at another desk, accepts with the fee and the depots.
    const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
    await login(operator, 'admin@demo.test');
    await operator.goto('/cockpit/mall-delivery');
    await operator.getByPlaceholder(/search/i).fill(SELLER.name);
    // The search has landed when the grid shows this one partner: deciding before that races the grid's refresh.
    await expect(operator.getByTestId('grid-row')).toHaveCount(1);
    const row = operator.getByTestId('grid-row').filter({ hasText: SELLER.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Decide: ${SELLER.name}`, exact: false }).click();
    const dialog = operator.getByRole('dialog');
    await expect(dialog.getByTestId('mall-dialog-state')).toHaveText('Requested');
    await expect(dialog).toContainText('Raktár utca 12');
    // HUF fees are whole: the rule shows before the decision goes.
    await dialog.getByTestId('mall-fee').fill('990,50');
    await dialog.getByTestId('mall-decide-submit').click();
    await expect(dialog.getByText(/whole/i)).toBeVisible();
    await dialog.getByTestId('mall-fee').fill('990');
    await expect(await seriousAxeFindings(operator)).toEqual([]);
    await operator.screenshot({ path: `${SHOTS}/cockpit-decide-1440.png` });
    await dialog.getByTestId('mall-decide-submit').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Accepted');
    await noAxeFindings(operator);
    await operator.screenshot({ path: `${SHOTS}/cockpit-list-1440.png` });
    await operator.close();

    // The seller's open page follows over the live stream: active, with the agreed fee.
    await expect(page.getByTestId('mall-state')).toHaveText('Active');
    await expect(page.getByTestId('mall-summary')).toContainText('990');
    await noAxeFindings(page);
    await page.screenshot({ path: `${SHOTS}/active-1440.png`, fullPage: true });

    // The notification is in the seller's list (its manager contact is the default recipient).
    await page.goto('/user/notifications');
    const item = page.getByTestId('notification-text').first();
    await expect(item).toContainText('MALL Delivery: Active');

    // On a phone: the pages fit and keep their rules.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/deliveries/mall');
    await expect(page.getByTestId('mall-state')).toHaveText('Active');
    await noAxeFindings(page);
    await page.screenshot({ path: `${SHOTS}/active-390.png`, fullPage: true });
    await page.goto('/deliveries/mall/classic');
    await expect(page.getByRole('textbox', { name: /Return PIN/ })).toBeVisible();
    await page.getByRole('textbox', { name: /Return PIN/ }).fill('12');
    await page.getByTestId('classic-save').click();
    await expect(page.getByText('Enter 4 to 6 digits.')).toBeVisible();
    await expect(page.getByText('Open the warehouse on at least one day.')).toBeVisible();
    await page.getByRole('textbox', { name: /Return PIN/ }).fill('4821');
    await page.getByRole('checkbox', { name: 'Monday' }).check();
    await page.getByRole('textbox', { name: 'Monday From' }).fill('08:00');
    await page.getByRole('textbox', { name: 'Monday To' }).fill('07:00');
    await page.getByTestId('classic-save').click();
    await expect(page.getByText('The end must be later than the start.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Monday To' }).fill('16:00');
    await noAxeFindings(page);
    await page.screenshot({ path: `${SHOTS}/classic-390.png`, fullPage: true });
    await page.getByTestId('classic-save').click();
    await expect(page.getByText('Classic settings saved.')).toBeVisible();
    await page.goto('/deliveries/mall/spectrum');
    await expect(page.getByTestId('spectrum-status')).toBeVisible();
    await noAxeFindings(page);
    await page.screenshot({ path: `${SHOTS}/spectrum-390.png`, fullPage: true });
  });
});
