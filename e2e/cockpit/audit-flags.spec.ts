import { expect, type Page, test } from '@playwright/test';
import { gql, login, sellerHeaders, seriousAxeFindings } from '../helpers';

/**
 * The orders grid's filter panel with a "Country" filter: its choices follow the markets switched on. The demo
 * seller's portal speaks the account's Czech.
 */
async function countryChoices(page: Page) {
  await page.getByTestId('grid-filters-toggle').click();
  await page.getByRole('button', { name: 'Přidat filtr' }).click();
  const row = page.getByTestId('grid-filter-row').last();
  await row.getByLabel('Sloupec').click();
  await page.getByRole('option', { name: 'Země', exact: true }).click();
  await row.getByLabel('Hodnota').click();
}

async function switchCroatia(operator: Page, to: 'on' | 'off') {
  await operator.goto('/cockpit/flags');
  const flag = operator.getByTestId('flag-croatiaEnabled');
  const toggle = flag.getByRole('switch', { name: 'Croatian market' });
  if ((await toggle.isChecked()) === (to === 'on')) return;
  await toggle.click({ force: true });
  await operator.getByRole('button', { name: to === 'on' ? 'Switch on' : 'Switch off', exact: true }).click();
  await expect(operator.getByTestId('flash-success')).toBeVisible();
}

test('an administrator switches the Croatian market and an open seller page follows at once', async ({ browser }) => {
  const seller = await browser.newPage();
  const operator = await browser.newPage();
  await login(operator, 'admin@demo.test');
  await switchCroatia(operator, 'off');

  await login(seller, 'partner@demo.test');
  await expect(seller.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');
  await seller.goto('/orders');
  await countryChoices(seller);
  await expect(seller.getByRole('option', { name: 'Chorvatsko' })).toHaveCount(0);

  await switchCroatia(operator, 'on');
  await expect(operator.getByTestId('flag-croatiaEnabled')).toContainText('admin@demo.test');
  // No reload: the seller's open filter offers Croatia as soon as the switch is announced.
  await expect(seller.getByRole('option', { name: 'Chorvatsko' })).toBeVisible();

  // The switch is in the audit trail, with its before and after.
  await operator.goto('/cockpit/audit?f=entityId~EQUAL~croatiaEnabled');
  const grid = operator.getByTestId('grid-cockpit-audit');
  await expect(grid).toContainText('featureFlag.update');
  await grid.getByRole('button', { name: 'Detail' }).first().click();
  const entry = operator.getByTestId('audit-entry');
  await expect(entry).toContainText('admin@demo.test');
  await expect(entry.getByTestId('audit-changes')).toContainText('false');
  await expect(entry.getByTestId('audit-changes')).toContainText('true');
  expect(await seriousAxeFindings(operator)).toEqual([]);

  await switchCroatia(operator, 'off');
  await seller.close();
  await operator.close();
});

test('the audit view filters by partner', async ({ page, request }) => {
  // The demo seller saves its profile (unchanged) for its Czech partner: the partner's newest entry.
  const seller = await sellerHeaders(request, 'partner@demo.test');
  const partnerId = seller['x-partner-id']!;
  await gql(
    request,
    'mutation($i: ProfileInput!) { updateProfile(input: $i) { firstName } }',
    { i: { firstName: 'Jan', lastName: 'Novák', lang: 'cs' } },
    seller,
  );
  await login(page, 'admin@demo.test');
  await page.goto(`/cockpit/audit?f=partnerId~EQUAL~${partnerId}`);
  const grid = page.getByTestId('grid-cockpit-audit');
  await expect(grid).toContainText('account.profile');
  await expect(grid).toContainText('partner@demo.test');
  await expect(grid).not.toContainText('Vrt Demo');
  await expect(page.getByTestId('grid-active-filters')).toContainText(partnerId);
  expect(await seriousAxeFindings(page)).toEqual([]);

  // At a phone's width the page stacks and the grid scrolls inside itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid).toContainText('account.profile');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
