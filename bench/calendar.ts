import { CALENDAR_COUNTRIES, calendarDays, expectedOrderDates } from '@pp/domain';
import type { BenchResult } from './run';

const SAMPLES = 200;
const YEARS = 10;

/**
 * The working-day calendar is a pure function: ten years of a market's days (weekends, fixed and Easter-based
 * holidays, each day's working flag), aim ≤ 5 ms. Each sample starts from a cold cache (a year range not asked
 * before), so it measures computing the holidays, not reading them back. There is no raw SQL twin to set beside
 * it: nothing here touches the database. One line also times dating 10,000 orders (the intake's cost per order).
 */
export async function calendarBench(): Promise<BenchResult[]> {
  console.log('calendar: a pure function, no raw SQL twin (nothing is read from the database)');
  const results: BenchResult[] = [];
  for (const country of CALENDAR_COUNTRIES) {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // A different decade each sample (2100–4099), so the year cache never answers.
      const from = 2100 + i * YEARS;
      const started = performance.now();
      const days = calendarDays(country, `${from}-01-01`, `${from + YEARS - 1}-12-31`);
      samples.push(performance.now() - started);
      if (days.length < 3650) throw new Error('short calendar');
    }
    results.push({ name: `calendar: ten years of ${country}, cold (aim ≤ 5 ms)`, rows: YEARS * 365, samples });
  }
  const dating: number[] = [];
  for (let round = 0; round < 20; round++) {
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) {
      expectedOrderDates({
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
        calendarCountry: 'CZ',
        carrierCloseTime: '14:00',
        supplyDelayFrom: 1,
        supplyDelayTo: 3,
        deliveryDelay: 2,
      });
    }
    dating.push(performance.now() - started);
  }
  results.push({ name: 'calendar: expectedOrderDates × 10,000 orders', rows: 10_000, samples: dating });
  return results;
}
