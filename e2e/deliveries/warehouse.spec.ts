import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  addWorkingDays,
  localDateTime,
  nextWorkingDay,
  publicHolidays,
} from '../../packages/domain/src/deliveries/calendar';
import { login, seriousAxeFindings } from '../helpers';

/**
 * seller53 (Toys Auto 53 k.s., a Czech shop in production that no other spec uses) sets its warehouse calendar
 * to Poland with a supply delay, sees what the Polish calendar does before saving, and finds it saved after a
 * reload; on a phone the same page, preview included, reads in one column.
 */
const SELLER = 'seller53@demo.test';
const SHOTS = '/tmp/i19/shots/calendar';
const en = JSON.parse(readFileSync(new URL('../../packages/domain/src/i18n/locales/en.json', import.meta.url), 'utf8'));

/** The next three public holidays of Poland from today, as the preview lists them. */
function polishHolidaysAhead() {
  const today = localDateTime('PL', new Date()).date;
  const year = Number(today.slice(0, 4));
  return [...publicHolidays('PL', year), ...publicHolidays('PL', year + 1)].filter((h) => h.date >= today).slice(0, 3);
}

test('a seller sets the warehouse calendar and supply delay, sees the holidays ahead and finds them saved', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The shop's account reads Czech; the spec reads the English texts.
  await page.addInitScript(() => localStorage.setItem('pp.language', 'en'));
  await login(page, SELLER);
  await page.goto('/deliveries/warehouse');
  await expect(page.getByRole('heading', { name: 'Warehouse and calendar' })).toBeVisible();
  // A new shop starts on its market's calendar, same-day dispatch before 14:00.
  await expect(page.getByTestId('warehouse-country')).toHaveValue('Czechia');
  await expect(page.getByTestId('warehouse-close-time')).toHaveValue('14:00');
  await expect(page.getByTestId('marketplace-flags')).toContainText('Set by the marketplace');
  expect(await seriousAxeFindings(page)).toEqual([]);

  // The preview follows the chosen country before anything is saved.
  await page.getByTestId('warehouse-country').click();
  await page.getByRole('option', { name: 'Poland' }).click();
  const preview = page.getByTestId('calendar-preview');
  await expect(preview).toContainText('What the calendar of Poland does');
  const ahead = polishHolidaysAhead();
  const items = page.getByTestId('preview-holidays').locator('li');
  await expect(items).toHaveCount(ahead.length);
  for (const [i, holiday] of ahead.entries()) {
    await expect(items.nth(i)).toHaveAttribute('data-date', holiday.date);
    await expect(items.nth(i)).toContainText(en.deliveries.holidays[holiday.key]);
  }
  const today = localDateTime('PL', new Date()).date;
  // Five working days from today's (or the next) one: a Polish holiday or weekend is skipped.
  const first = nextWorkingDay('PL', today);
  const days = page.getByTestId('preview-working-days').locator('[data-date]');
  await expect(days).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(days.nth(i)).toHaveAttribute('data-date', addWorkingDays('PL', first, i));

  // The rule is shown before the request goes: "from" above "to".
  await page.getByTestId('warehouse-supply-from').fill('4');
  await page.getByTestId('warehouse-supply-to').fill('2');
  await page.getByTestId('warehouse-save').click();
  await expect(page.getByText('“From” must not be more than “to”.')).toBeVisible();

  await page.getByTestId('warehouse-supply-from').fill('1');
  await page.getByTestId('warehouse-supply-to').fill('3');
  await page.getByTestId('warehouse-close-time').fill('13:30');
  await page.getByTestId('warehouse-cod-disabled').click();
  await page.getByTestId('warehouse-save').click();
  await expect(page.getByText('Warehouse settings saved.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/warehouse-1440.png`, fullPage: true });

  await page.reload();
  await expect(page.getByTestId('warehouse-country')).toHaveValue('Poland');
  await expect(page.getByTestId('warehouse-supply-from')).toHaveValue('1');
  await expect(page.getByTestId('warehouse-supply-to')).toHaveValue('3');
  await expect(page.getByTestId('warehouse-close-time')).toHaveValue('13:30');
  await expect(page.getByTestId('warehouse-cod-disabled')).toBeChecked();
  await expect(preview).toContainText('What the calendar of Poland does');

  // Leaving with an unsaved change asks first.
  await page.getByTestId('warehouse-supply-to').fill('5');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('unsaved-stay')).toBeVisible();
  await page.getByTestId('unsaved-stay').click();
  await expect(page).toHaveURL(/\/deliveries\/warehouse$/);
  await page.getByTestId('warehouse-supply-to').fill('3');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('warehouse-country')).toHaveValue('Poland');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/warehouse-390.png`, fullPage: true });
});
