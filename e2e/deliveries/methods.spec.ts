import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { login, PASSWORD, seriousAxeFindings } from '../helpers';

/**
 * seller13 (Garden Electro 13 a.s., a Czech shop in production that no other spec uses) has no delivery
 * methods: it creates one priced by weight, finds it in the grid, changes it and sees it as a card on a phone.
 */
const SELLER = 'seller13@demo.test';
const SHOTS = '/tmp/i19/shots/methods';
/** The marketplace's service credential of the e2e servers (playwright.config.ts). */
const INTAKE_TOKEN = 'e2e-marketplace-intake-credential-0123456789';

const field = (form: Locator, name: string | RegExp) =>
  form.getByRole('textbox', { name, exact: typeof name === 'string' });

async function pickOption(page: Page, form: Locator, combobox: string, option: string) {
  await form.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a seller creates a delivery method with weight levels, sees it in the grid, edits it and sees it as a card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The seller's account reads Czech; the spec reads the English texts.
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(page, SELLER);
  await page.goto('/deliveries');
  await expect(page.getByRole('button', { name: 'New delivery method' })).toBeVisible();
  await page.getByRole('button', { name: 'New delivery method' }).click();
  await expect(page).toHaveURL(/\/deliveries\/detail$/);

  const form = page.getByRole('form', { name: 'New delivery method' });
  await pickOption(page, form, 'Carrier', 'PPL');
  // The carrier fills the code and name a seller usually keeps.
  await expect(field(form, /^Code/)).toHaveValue('PPL');
  await field(form, /^Code/).fill('PPL small');
  await field(form, /^Name/).fill('PPL to the door');
  await field(form, /^Delivery price/).fill('99');
  await form.locator('label', { hasText: 'By weight' }).click();
  await expect(form.getByRole('radio', { name: 'By weight' })).toBeChecked();
  await field(form, /^Level 1: from/).fill('2');
  await field(form, /^Level 1: price/).fill('129');
  await form.getByRole('button', { name: 'Add level' }).click();
  await field(form, /^Level 2: from/).fill('2');
  await field(form, /^Level 2: price/).fill('149,50');
  await field(form, 'Monday').fill('24:00');
  await field(form, 'Max. weight').fill('20');
  await field(form, 'Min. weight').fill('30');
  await form.getByRole('button', { name: 'Save delivery method' }).click();

  // Every rule speaks at once, before anything is sent.
  for (const [name, message] of [
    [/^Code/, 'Use only letters without accents, digits, underscore, dot and hyphen.'],
    [/^Level 2: from/, 'Each limit must be higher than the one before.'],
    [/^Level 2: price/, 'The price in CZK must be a whole number.'],
    ['Monday', 'Enter the time in the format HH: mm'],
    ['Max. weight', 'The maximum must not be lower than the minimum.'],
  ] as const) {
    await expect(field(form, name)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(message)).toBeVisible();
  }
  // The package-size tooltip states the chosen threshold.
  await expect(form.getByTestId('package-size-info')).toHaveAttribute(
    'aria-label',
    'Small box: up to 20 kg, the three sides together up to 170 cm and no side longer than 100 cm. Big box: anything heavier or larger.',
  );

  await field(form, /^Code/).fill('PPL_small');
  await field(form, /^Level 2: from/).fill('5');
  await field(form, /^Level 2: price/).fill('149');
  await field(form, 'Monday').fill('14:30');
  await field(form, 'Min. weight').fill('0.1');
  await pickOption(page, form, 'Package size', 'Small box');
  await page.screenshot({ path: `${SHOTS}/detail-1440.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save delivery method' }).click();

  await expect(page).toHaveURL(/\/deliveries$/);
  const row = page.getByRole('row', { name: /PPL to the door/ });
  await expect(row).toContainText('PPL_small');
  await expect(row).toContainText('By weight · 2');
  await page.screenshot({ path: `${SHOTS}/grid-1440.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await row.getByRole('button', { name: 'Edit PPL to the door' }).click();
  const edit = page.getByRole('form', { name: 'Edit delivery method' });
  await expect(field(edit, /^Level 2: from/)).toHaveValue('5');
  await field(edit, /^Name/).fill('PPL parcel');
  await edit.getByRole('button', { name: 'Remove level 2' }).click();
  await expect(field(edit, /^Level 2: from/)).toHaveCount(0);
  // Leaving with changes asks first.
  await page.getByTestId('tab-/deliveries').click();
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await edit.getByRole('button', { name: 'Save delivery method' }).click();
  await expect(page).toHaveURL(/\/deliveries$/);
  const changed = page.getByRole('row', { name: /PPL parcel/ });
  await expect(changed).toContainText('By weight · 1');

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByTestId('grid-row').filter({ hasText: 'PPL parcel' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('PPL_small');
  await page.screenshot({ path: `${SHOTS}/grid-390.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  await card.getByRole('link', { name: 'PPL parcel' }).click();
  const mobileForm = page.getByRole('form', { name: 'Edit delivery method' });
  // The form shows what was saved, not what the page held before.
  await expect(field(mobileForm, /^Name/)).toHaveValue('PPL parcel');
  await expect(field(mobileForm, /^Level 1: from/)).toHaveValue('2');
  await expect(field(mobileForm, /^Level 2: from/)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/detail-390.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
});

/** The seller's session for GraphQL calls of its own (what other screens of the portal would do). */
async function apiSession(request: APIRequestContext, email: string) {
  const answer = await request.post('/graphql', {
    data: {
      query:
        'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token session { selectedPartner { id } } } }',
      variables: { e: email, p: PASSWORD },
    },
  });
  const { login: session } = (await answer.json()).data;
  const partnerId = session.session.selectedPartner.id as string;
  const headers = { authorization: `Bearer ${session.token}`, 'x-partner-id': partnerId, 'accept-language': 'en' };
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await request.post('/graphql', { data: { query, variables }, headers });
    const body = await response.json();
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  return { partnerId: Number(partnerId), gql };
}

test('a method open orders use keeps its delete button disabled with the reason, and MALL Delivery asks for a request first', async ({
  page,
  request,
}) => {
  const seller = await apiSession(request, SELLER);
  // A method of its own (kept across a retry), and an order the marketplace hands in that travels with it.
  const { partnerDeliveries } = await seller.gql('{ partnerDeliveries { id code } }');
  if (!partnerDeliveries.some((m: { code: string }) => m.code === 'PPL_busy')) {
    await seller.gql('mutation($input: DeliveryInput!) { saveDelivery(input: $input) { id } }', {
      input: { code: 'PPL_busy', title: 'PPL busy', transport: 'PPL', price: '89', deliveryDelay: 1 },
    });
  }
  const orderId = 7_100_000_000_000 + (Date.now() % 1_000_000_000);
  const posted = await request.post('/internal/marketplace/orders', {
    headers: { authorization: `Bearer ${INTAKE_TOKEN}` },
    data: {
      orderId,
      partnerId: seller.partnerId,
      purchaseId: `E2E-${orderId}`,
      paymentType: 'C',
      currency: 'CZK',
      customer: { name: 'Petr Zahradník', email: 'petr@example.cz' },
      address: { street: 'Dlouhá 5', city: 'Praha', zip: '110 00', country: 'CZ' },
      transport: { deliveryType: 'ADDRESS', transportId: 'PPL_busy' },
      prices: { delivery: 89 },
      items: [{ id: 1, title: 'Zahradní hadice', quantity: 1, unitPrice: 499, vat: 21 }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(page, SELLER);
  await page.goto('/deliveries');
  const row = page.getByRole('row', { name: /PPL busy/ });
  // The grid says why before any click: the button stays in place, disabled, with the reason as its description.
  const remove = row.getByRole('button', { name: 'Delete PPL busy' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(remove).toHaveAccessibleDescription(
    /^Open orders use this delivery method \(\d+\): it can be deleted once they have shipped\.$/,
  );
  // A click on it does nothing (Playwright would wait for it to be enabled: the click is forced).
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await remove.hover();
  await expect(page.getByRole('tooltip')).toContainText('Open orders use this delivery method');
  await page.screenshot({ path: `${SHOTS}/delete-refused-1440.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await row.getByRole('button', { name: 'Edit PPL busy' }).click();
  await expect(page.getByRole('form', { name: 'Edit delivery method' })).toBeVisible();
  await expect(page.getByTestId('method-delete')).toHaveAttribute('aria-disabled', 'true');
  // Open orders hold the pricing too: said above the levels before a change is tried.
  await expect(page.getByTestId('pricing-held')).toBeVisible();
  // MALL Delivery is not requested for this shop: the switch says so and where to go.
  const mall = page.getByTestId('method-mall');
  await expect(mall.getByRole('switch', { name: 'MALL Delivery allowed' })).toBeDisabled();
  await expect(mall.getByTestId('method-mall-note')).toContainText('Request MALL Delivery first');
  await expect(mall.getByRole('link', { name: 'Open MALL Delivery' })).toHaveAttribute('href', '/deliveries/mall');
  await expect(mall.getByTestId('method-mall-save')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/detail-held-1440.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('method-delete')).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: `${SHOTS}/detail-held-390.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.goto('/deliveries');
  const card = page.getByTestId('grid-row').filter({ hasText: 'PPL busy' });
  await expect(card.getByRole('button', { name: 'Delete PPL busy' })).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: `${SHOTS}/grid-held-390.png`, fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);
});
