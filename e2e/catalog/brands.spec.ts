import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { login, seriousAxeFindings } from '../helpers';

/**
 * Brands (issue 8, point 2): the list with its alphabet index and search, a seller's request that runs into
 * a similar brand and is sent anyway, an operator accepting it in the cockpit, and the seller seeing the
 * outcome arrive in the history and the brand in the list.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
});

/** A PNG logo of the given size, made here rather than kept as a fixture. */
async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

test('the brand list has an alphabet index and a search', async ({ page }) => {
  await login(page, 'partner@demo.test');
  await page.getByTestId('nav-brands').click();
  await expect(page).toHaveURL(/\/brands$/);
  const rows = page.getByTestId('grid-row');
  await expect(rows.first()).toBeVisible();

  await page.getByTestId('brand-letter-S').click();
  await expect(page).toHaveURL(/letter=S/);
  await expect(rows.first()).toBeVisible();
  const names = await rows.locator('td:nth-child(2)').allInnerTexts();
  // A filtered list shows 5 per page (spec: "history and filtered lists show 5 per page"); S has more brands.
  expect(names).toHaveLength(5);
  await expect(page.getByTestId('grid-pagination').getByRole('button', { name: '2', exact: true })).toBeVisible();
  for (const name of names) expect(name.trim().toUpperCase().startsWith('S')).toBe(true);
  // Sorted by name, as a person reads it.
  expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);

  await page.getByTestId('brand-letter-S').click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByPlaceholder(/search/i).fill('SAMSUNG');
  await expect(rows.filter({ hasText: 'Samsung' })).toHaveCount(1);
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test('a seller requests a brand, an operator accepts it, the seller sees it accepted', async ({ page, browser }) => {
  await login(page, 'partner@demo.test');
  await page.goto('/brands/request');
  const form = page.getByTestId('brand-request-form');
  await expect(form).toBeVisible();

  // The domain's rules answer before anything is sent.
  await page.getByTestId('brand-request-name').fill('1234');
  await page.getByTestId('brand-request-submit').click();
  await expect(form.getByText('Brand must contain at least 1 letter')).toBeVisible();
  await expect(page.getByTestId('brand-request-name')).toBeFocused();
  await expect(form.getByText('The field is mandatory').first()).toBeVisible();

  // A logo is checked by the server's decoding: too small is refused with its reason.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await png(40, 40) });
  await expect(page.getByTestId('brand-logo-error')).toContainText('between 100 and 2000 px');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png(400, 200) });
  await expect(page.getByTestId('brand-logo-preview')).toBeVisible();
  await expect(page.getByTestId('brand-logo-error')).toHaveCount(0);

  // "Samsnug" is one swapped pair of letters away from Samsung.
  await page.getByTestId('brand-request-name').fill('Samsnug');
  await expect(form.getByText('Brand ID: SAMSNUG')).toBeVisible();
  await page.getByTestId('brand-request-description').fill('Kitchen gadgets of our own design.');
  await page.getByTestId('manufacturer-name').fill('Samsnug Trading s.r.o.');
  await page.getByTestId('manufacturer-street').fill('Vinohradská 12');
  await page.getByTestId('manufacturer-city').fill('Praha');
  await page.getByTestId('manufacturer-zip').fill('120 00');
  await page.getByTestId('manufacturer-country').fill('Czech');
  await page.getByRole('option', { name: 'Czechia' }).click();
  await page.getByTestId('brand-request-add-translation').click();
  await page.getByTestId('translation-0').getByLabel('Name').fill('Samsnug');
  expect(await seriousAxeFindings(page)).toEqual([]);

  // An operator already has the queue open, in a session of their own: the request must arrive by itself.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await operator.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(operator, 'admin@demo.test');
  await operator.getByTestId('cockpit-nav-brandRequests').click();
  await expect(operator).toHaveURL(/\/cockpit\/brand-requests$/);
  await expect(operator.getByTestId('grid-row').first()).toBeVisible();
  await expect(operator.getByTestId('app-shell')).toHaveAttribute('data-stream-state', 'open');
  const row = operator.getByTestId('grid-row').filter({ hasText: 'Samsnug' });
  await expect(row).toHaveCount(0);

  await page.getByTestId('brand-request-submit').click();
  const similar = page.getByTestId('brand-similar');
  await expect(similar).toBeVisible();
  await expect(similar).toContainText('Samsung');
  await page.getByTestId('brand-request-force').click();

  await expect(page.getByText(/processed within 2 to 3 working days/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/brands\/history$/);
  const mine = page.getByTestId('brand-history').locator('li').filter({ hasText: 'Samsnug' });
  await expect(mine.getByTestId('brand-request-status')).toHaveText('Waiting');
  expect(await seriousAxeFindings(page)).toEqual([]);
  // The form starts empty again: the sent request is not kept as a draft.
  await page.getByTestId('tab-/brands/request').click();
  await expect(page.getByTestId('brand-request-name')).toHaveValue('');
  await page.getByTestId('tab-/brands/history').click();

  // The operator's queue shows it without a reload, and says so.
  await expect(operator.getByText('New brand request: Samsnug')).toBeVisible();
  await expect(row).toHaveCount(1);
  expect(await seriousAxeFindings(operator)).toEqual([]);
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = operator.getByTestId('brand-request-dialog');
  await expect(dialog).toContainText('Samsnug Trading s.r.o.');
  await expect(dialog).toContainText('Kitchen gadgets of our own design.');
  expect(await seriousAxeFindings(operator)).toEqual([]);
  await dialog.getByTestId('brand-request-accept').click();
  await expect(operator.getByText('The brand Samsnug has been accepted.')).toBeVisible();
  // Decided requests leave the pending queue.
  await expect(operator.getByTestId('grid-row').filter({ hasText: 'Samsnug' })).toHaveCount(0);
  await operatorContext.close();

  // The seller's open history learns the outcome from the live stream.
  await expect(mine.getByTestId('brand-request-status')).toHaveText('Accepted');
  await page.getByTestId('tab-/brands').click();
  await page.getByPlaceholder(/search/i).fill('samsnug');
  await expect(page.getByTestId('grid-row').filter({ hasText: 'Samsnug' })).toHaveCount(1);
});

test('an operator rejects a request with a reason', async ({ page }) => {
  await login(page, 'admin@demo.test');
  await page.goto('/cockpit/brand-requests');
  const rows = page.getByTestId('grid-row');
  await expect(rows.first()).toBeVisible();
  const name = (await rows.first().locator('td:nth-child(2) p').first().innerText()).trim();
  const pending = await rows.filter({ hasText: name }).count();
  await rows.first().getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByTestId('brand-request-dialog');
  await dialog.getByTestId('brand-request-reject').click();
  await dialog.getByTestId('brand-request-reject-confirm').click();
  await expect(dialog.getByText('The field is mandatory')).toBeVisible();
  await dialog.getByTestId('brand-request-reason').fill('The brand belongs to another company.');
  await dialog.getByTestId('brand-request-reject-confirm').click();
  await expect(page.getByText(`The request for ${name} has been rejected.`)).toBeVisible();

  // It leaves the pending queue and is listed with the rejected ones.
  await expect(rows.filter({ hasText: name })).toHaveCount(pending - 1);
  await page.getByTestId('brand-requests-status').getByText('Rejected').click();
  await expect(page).toHaveURL(/status=REJECTED/);
  await expect(rows.filter({ hasText: name }).first()).toBeVisible();
  const statuses = await rows.getByText(/^(Waiting|Accepted|Rejected)$/).allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Rejected']));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the brand pages fit the screen', async ({ page }) => {
    await login(page, 'partner@demo.test');
    for (const path of ['/brands', '/brands/request', '/brands/history']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
  });
});
