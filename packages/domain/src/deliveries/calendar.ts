/**
 * The working-day calendar of the six markets (commerce spec §3 "Warehouse settings": calendar type
 * MP_WORKING_DAYS, the marketplace's working days of the calendar country). A working day is a weekday that is
 * not a public holiday on which shops and carriers rest ("deň pracovného pokoja", "dzień wolny od pracy" …).
 * Holidays are computed, never typed in: fixed dates, and the movable feasts from Easter Sunday, for any year
 * from 1900 to 9999. Where a law changed, the rule names the year it changed (docs/decisions.md, "Working-day
 * calendar"). Dates are ISO `YYYY-MM-DD` strings outside; inside, whole days since 1970-01-01 (UTC), so a
 * year's calendar is a few integer comparisons.
 */

import { dayNumber, EASTER_OFFSETS, easterDay, FIXED, type Holiday, type HolidayKey, holds, MOVABLE } from './holidays';

export type { Holiday, HolidayKey } from './holidays';

export const CALENDAR_COUNTRIES = ['CZ', 'SK', 'PL', 'SI', 'HU', 'HR'] as const;
export type CalendarCountry = (typeof CALENDAR_COUNTRIES)[number];
export const CALENDAR_TYPES = ['MP_WORKING_DAYS'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

/** Each market's own clock: an order's day and the cut-off are read there. */
export const CALENDAR_TIME_ZONES: Record<CalendarCountry, string> = {
  CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava',
  PL: 'Europe/Warsaw',
  SI: 'Europe/Ljubljana',
  HU: 'Europe/Budapest',
  HR: 'Europe/Zagreb',
};

export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 9999;

/** Year, month and day of a day number, in integers only (H. Hinnant's civil_from_days): no Date per day. */
function civil(day: number): [year: number, month: number, date: number] {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const date = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, date];
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

function isoOf(day: number): string {
  const [year, month, date] = civil(day);
  return `${year}-${pad(month)}-${pad(date)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of an ISO date, or a RangeError for anything else (a wrong day of a month included). */
function parseIso(date: string): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  checkYear(year);
  const n = dayNumber(year, month, day);
  if (isoOf(n) !== date) throw new RangeError(`not a date: ${date}`);
  return n;
}

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) {
    throw new RangeError(`year out of range: ${year}`);
  }
}

function checkCountry(country: string): asserts country is CalendarCountry {
  if (!(CALENDAR_COUNTRIES as readonly string[]).includes(country)) throw new RangeError(`no calendar: ${country}`);
}

export function isCalendarCountry(value: string): value is CalendarCountry {
  return (CALENDAR_COUNTRIES as readonly string[]).includes(value);
}

/** Easter Sunday of `year` as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  checkYear(year);
  return isoOf(easterDay(year));
}

interface YearCalendar {
  holidays: { day: number; key: HolidayKey }[];
  days: Map<number, HolidayKey>;
}
const cache = new Map<string, YearCalendar>();

function yearCalendar(country: CalendarCountry, year: number): YearCalendar {
  const id = `${country}:${year}`;
  let found = cache.get(id);
  if (found) return found;
  const easter = easterDay(year);
  const holidays: { day: number; key: HolidayKey }[] = [];
  for (const [month, day, key, from, to] of FIXED[country]) {
    if (holds(year, from, to)) holidays.push({ day: dayNumber(year, month, day), key });
  }
  for (const [key, from, to] of MOVABLE[country]) {
    if (holds(year, from, to)) holidays.push({ day: easter + EASTER_OFFSETS[key], key });
  }
  holidays.sort((a, b) => a.day - b.day);
  found = { holidays, days: new Map(holidays.map((h) => [h.day, h.key])) };
  // Holidays of any year may be asked for; the cache stays small (six markets times the years in use).
  if (cache.size > 2000) cache.clear();
  cache.set(id, found);
  return found;
}

/** The public holidays (days of rest) of a market in a year, in date order; weekend holidays included. */
export function publicHolidays(country: CalendarCountry, year: number): Holiday[] {
  checkCountry(country);
  checkYear(year);
  return yearCalendar(country, year).holidays.map((h) => ({ date: isoOf(h.day), key: h.key }));
}

function yearOf(day: number): number {
  return civil(day)[0];
}

function isWorkingDayNumber(country: CalendarCountry, day: number): boolean {
  // 1970-01-01 was a Thursday: (day + 4) % 7 is 0 on Sundays, 6 on Saturdays.
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (weekday === 0 || weekday === 6) return false;
  const year = yearOf(day);
  if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) throw new RangeError(`year out of range: ${year}`);
  return !yearCalendar(country, year).days.has(day);
}

/** Whether `date` (YYYY-MM-DD) is a working day of the market: not a weekend, not a public holiday. */
export function isWorkingDay(country: CalendarCountry, date: string): boolean {
  checkCountry(country);
  return isWorkingDayNumber(country, parseIso(date));
}

/** The holiday on `date`, or null. */
export function holidayOn(country: CalendarCountry, date: string): Holiday | null {
  checkCountry(country);
  const day = parseIso(date);
  const found = yearCalendar(country, yearOf(day)).holidays.find((h) => h.day === day);
  return found ? { date, key: found.key } : null;
}

/** Longest run of days without a working day a loop may meet (Christmas to New Year over a weekend is 6). */
const MAX_STEPS = 400_000;

function stepWorkingDays(country: CalendarCountry, from: number, n: number): number {
  let day = from;
  let left = Math.abs(n);
  const step = n < 0 ? -1 : 1;
  let guard = 0;
  while (left > 0) {
    day += step;
    if (isWorkingDayNumber(country, day)) left--;
    if (++guard > MAX_STEPS) throw new RangeError('too many days');
  }
  return day;
}

/**
 * The `n`-th working day after `date` (before it when `n` is negative). `n = 0` gives `date` itself, working
 * day or not: callers that need a working day start from `nextWorkingDay`.
 */
export function addWorkingDays(country: CalendarCountry, date: string, n: number): string {
  checkCountry(country);
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of days: ${n}`);
  return isoOf(stepWorkingDays(country, parseIso(date), n));
}

/** `date` when it is a working day, else the first working day after it. */
export function nextWorkingDay(country: CalendarCountry, date: string): string {
  checkCountry(country);
  const day = parseIso(date);
  return isoOf(isWorkingDayNumber(country, day) ? day : stepWorkingDays(country, day, 1));
}

/** Working days in the half-open interval (from, to]: how many working days `to` lies after `from`. */
export function workingDaysBetween(country: CalendarCountry, from: string, to: string): number {
  checkCountry(country);
  const a = parseIso(from);
  const b = parseIso(to);
  const [lo, hi, sign] = a <= b ? [a, b, 1] : [b, a, -1];
  let count = 0;
  for (let day = lo + 1; day <= hi; day++) if (isWorkingDayNumber(country, day)) count++;
  return sign * count;
}

export interface CalendarDay {
  date: string;
  working: boolean;
  weekend: boolean;
  holiday: HolidayKey | null;
}

/** Every day from `from` to `to` (inclusive) with whether it is worked, and why not (a preview, the bench). */
export function calendarDays(country: CalendarCountry, from: string, to: string): CalendarDay[] {
  checkCountry(country);
  const a = parseIso(from);
  const b = parseIso(to);
  const days: CalendarDay[] = [];
  // Walks the dates by counting, not by converting each day: ten years are 3,650 steps of integer arithmetic.
  let [year, month, date] = civil(a);
  let holidays = yearCalendar(country, year).days;
  for (let day = a; day <= b; day++) {
    const weekday = (((day + 4) % 7) + 7) % 7;
    const holiday = holidays.get(day) ?? null;
    const weekend = weekday === 0 || weekday === 6;
    days.push({ date: `${year}-${pad(month)}-${pad(date)}`, working: !weekend && holiday === null, weekend, holiday });
    if (++date > monthLength(year, month)) {
      date = 1;
      if (++month > 12) {
        month = 1;
        year++;
        if (day < b) holidays = yearCalendar(country, year).days;
      }
    }
  }
  return days;
}

function monthLength(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const clocks = new Map<CalendarCountry, Intl.DateTimeFormat>();
/** A formatter is costly to make (about a millisecond): one per market, kept. */
function clockOf(country: CalendarCountry): Intl.DateTimeFormat {
  let clock = clocks.get(country);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone: CALENDAR_TIME_ZONES[country],
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(country, clock);
  }
  return clock;
}

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant in the market's time zone. */
export function localDateTime(country: CalendarCountry, at: Date): { date: string; time: string } {
  checkCountry(country);
  if (Number.isNaN(at.getTime())) throw new RangeError('invalid instant');
  const parts = clockOf(country).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** A time of day HH:mm, 00:00 to 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface OrderDatesInput {
  /** When the customer ordered. */
  createdAt: Date;
  /** The warehouse's calendar country: its working days and its clock. */
  calendarCountry: CalendarCountry;
  /** The partner's dispatch cut-off (carrierCloseTime, HH:mm): an order at or after it counts from the next working day. */
  carrierCloseTime: string;
  /** Working days the warehouse needs before dispatch, at least and at most (warehouse settings). */
  supplyDelayFrom: number;
  supplyDelayTo: number;
  /** Working days the delivery method's carrier takes from dispatch to the customer. */
  deliveryDelay: number;
  /** The customer's market, whose working days the carrier keeps; the calendar country when not given. */
  deliveryCountry?: CalendarCountry;
}

export interface OrderDates {
  /** The first working day the order counts from (its day, or the next working day past the cut-off). */
  countsFrom: string;
  /** The earliest and the latest expected dispatch; `dispatchBy` is the ship-by date the seller is held to. */
  dispatchFrom: string;
  dispatchBy: string;
  /** The expected delivery window; `deliveryBy` is the order's expected delivery date. */
  deliveryFrom: string;
  deliveryBy: string;
}

/**
 * An order's expected dispatch and delivery dates (docs/decisions.md, "Working-day calendar"). The order counts
 * from its day in the warehouse's time zone when that is a working day and it came before the cut-off,
 * otherwise from the next working day; dispatch follows the supply delay in working days, delivery the
 * method's delivery delay in working days of the customer's market. A delay of 0 is the same day.
 */
export function expectedOrderDates(input: OrderDatesInput): OrderDates {
  const { calendarCountry: country, supplyDelayFrom, supplyDelayTo, deliveryDelay } = input;
  checkCountry(country);
  const deliveryCountry = input.deliveryCountry ?? country;
  checkCountry(deliveryCountry);
  if (!TIME_OF_DAY.test(input.carrierCloseTime)) throw new RangeError(`not a time: ${input.carrierCloseTime}`);
  for (const n of [supplyDelayFrom, supplyDelayTo, deliveryDelay]) {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a delay: ${n}`);
  }
  if (supplyDelayFrom > supplyDelayTo) throw new RangeError('supply delay from exceeds to');
  const local = localDateTime(country, input.createdAt);
  const day = parseIso(local.date);
  // Equal strings compare equal: an order exactly at the cut-off is past it (the carrier is at the door).
  const countsFrom =
    isWorkingDayNumber(country, day) && local.time < input.carrierCloseTime ? day : stepWorkingDays(country, day, 1);
  const dispatchFrom = stepWorkingDays(country, countsFrom, supplyDelayFrom);
  const dispatchBy = stepWorkingDays(country, countsFrom, supplyDelayTo);
  const deliver = (from: number) =>
    deliveryDelay === 0 ? from : stepWorkingDays(deliveryCountry, from, deliveryDelay);
  return {
    countsFrom: isoOf(countsFrom),
    dispatchFrom: isoOf(dispatchFrom),
    dispatchBy: isoOf(dispatchBy),
    deliveryFrom: isoOf(deliver(dispatchFrom)),
    deliveryBy: isoOf(deliver(dispatchBy)),
  };
}
