/**
 * The public holidays of the six markets that are days of rest, as rules over the year (fixed dates and days
 * from Easter Sunday). The working-day calendar (calendar.ts) builds on these.
 */
import type { CalendarCountry } from './calendar';

/** Names of the holidays, keys of `deliveries.holidays.*` in the locale files. */
export type HolidayKey =
  | 'newYear'
  | 'newYear2'
  | 'restorationCz'
  | 'slovakRepublic'
  | 'epiphany'
  | 'preseren'
  | 'revolution1848'
  | 'goodFriday'
  | 'easterSunday'
  | 'easterMonday'
  | 'uprisingSi'
  | 'labourDay'
  | 'labourDay2'
  | 'constitutionPl'
  | 'liberation'
  | 'victoryFascism'
  | 'whitSunday'
  | 'whitMonday'
  | 'corpusChristi'
  | 'statehoodHr'
  | 'antifascist'
  | 'statehoodSi'
  | 'cyrilMethodius'
  | 'janHus'
  | 'victoryHr'
  | 'assumption'
  | 'stateFoundationHu'
  | 'slovakUprising'
  | 'constitutionSk'
  | 'ourLadySorrows'
  | 'statehoodCz'
  | 'independenceHr'
  | 'revolution1956'
  | 'czechoslovakia'
  | 'reformation'
  | 'allSaints'
  | 'independencePl'
  | 'freedomDemocracy'
  | 'remembranceHr'
  | 'christmasEve'
  | 'christmasDay'
  | 'stStephen'
  | 'independenceSi';

export interface Holiday {
  date: string;
  key: HolidayKey;
}

/** Whole days since 1970-01-01 of a calendar date. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

export const DAY_MS = 86_400_000;

/**
 * Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher), as a day number.
 * All six markets keep the Western date.
 */
export function easterDay(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayNumber(year, month, day);
}

type Rule = [month: number, day: number, key: HolidayKey, from?: number, to?: number];
/** Days after Easter Sunday of the movable feasts. */
export const EASTER_OFFSETS = {
  goodFriday: -2,
  easterSunday: 0,
  easterMonday: 1,
  whitSunday: 49,
  whitMonday: 50,
  corpusChristi: 60,
} as const;
type EasterRule = [key: keyof typeof EASTER_OFFSETS, from?: number, to?: number];

/**
 * Public holidays that are days of rest, per market. `from`/`to` bound the years a rule held (inclusive).
 * CZ: Act 245/2000 Coll. (Good Friday since 2016). SK: Act 241/1993 Coll. — 1 September is no day of rest since
 * 2024, 17 November since 2025, and the consolidation act of September 2025 suspends 8 May and 15 September in
 * 2026. PL: Act of 18 January 1951 (Epiphany since 2011, Christmas Eve since 2025). SI: Holidays and Work-free
 * Days Act (2 January again since 2017). HU: Labour Code §102 (Good Friday since 2017). HR: Act on Holidays,
 * 2019 amendment effective 2020 (Statehood Day 30 May instead of 25 June, Remembrance Day 18 November, no
 * Independence Day 8 October).
 */
export const FIXED: Record<CalendarCountry, readonly Rule[]> = {
  CZ: [
    [1, 1, 'restorationCz'],
    [5, 1, 'labourDay'],
    [5, 8, 'liberation'],
    [7, 5, 'cyrilMethodius'],
    [7, 6, 'janHus'],
    [9, 28, 'statehoodCz'],
    [10, 28, 'czechoslovakia'],
    [11, 17, 'freedomDemocracy'],
    [12, 24, 'christmasEve'],
    [12, 25, 'christmasDay'],
    [12, 26, 'stStephen'],
  ],
  SK: [
    [1, 1, 'slovakRepublic'],
    [1, 6, 'epiphany'],
    [5, 1, 'labourDay'],
    [5, 8, 'victoryFascism', 1997, 2025],
    [5, 8, 'victoryFascism', 2027],
    [7, 5, 'cyrilMethodius'],
    [8, 29, 'slovakUprising'],
    [9, 1, 'constitutionSk', 1993, 2023],
    [9, 15, 'ourLadySorrows', undefined, 2025],
    [9, 15, 'ourLadySorrows', 2027],
    [11, 1, 'allSaints'],
    [11, 17, 'freedomDemocracy', 2001, 2024],
    [12, 24, 'christmasEve'],
    [12, 25, 'christmasDay'],
    [12, 26, 'stStephen'],
  ],
  PL: [
    [1, 1, 'newYear'],
    [1, 6, 'epiphany', 2011],
    [5, 1, 'labourDay'],
    [5, 3, 'constitutionPl'],
    [8, 15, 'assumption'],
    [11, 1, 'allSaints'],
    [11, 11, 'independencePl'],
    [12, 24, 'christmasEve', 2025],
    [12, 25, 'christmasDay'],
    [12, 26, 'stStephen'],
  ],
  SI: [
    [1, 1, 'newYear'],
    [1, 2, 'newYear2', undefined, 2012],
    [1, 2, 'newYear2', 2017],
    [2, 8, 'preseren'],
    [4, 27, 'uprisingSi'],
    [5, 1, 'labourDay'],
    [5, 2, 'labourDay2'],
    [6, 25, 'statehoodSi'],
    [8, 15, 'assumption'],
    [10, 31, 'reformation'],
    [11, 1, 'allSaints'],
    [12, 25, 'christmasDay'],
    [12, 26, 'independenceSi'],
  ],
  HU: [
    [1, 1, 'newYear'],
    [3, 15, 'revolution1848'],
    [5, 1, 'labourDay'],
    [8, 20, 'stateFoundationHu'],
    [10, 23, 'revolution1956'],
    [11, 1, 'allSaints'],
    [12, 25, 'christmasDay'],
    [12, 26, 'stStephen'],
  ],
  HR: [
    [1, 1, 'newYear'],
    [1, 6, 'epiphany'],
    [5, 1, 'labourDay'],
    [5, 30, 'statehoodHr', 2020],
    [6, 22, 'antifascist'],
    [6, 25, 'statehoodHr', undefined, 2019],
    [8, 5, 'victoryHr'],
    [8, 15, 'assumption'],
    [10, 8, 'independenceHr', undefined, 2019],
    [11, 1, 'allSaints'],
    [11, 18, 'remembranceHr', 2020],
    [12, 25, 'christmasDay'],
    [12, 26, 'stStephen'],
  ],
};

export const MOVABLE: Record<CalendarCountry, readonly EasterRule[]> = {
  CZ: [['goodFriday', 2016], ['easterMonday']],
  SK: [['goodFriday'], ['easterMonday']],
  PL: [['easterSunday'], ['easterMonday'], ['whitSunday'], ['corpusChristi']],
  SI: [['easterSunday'], ['easterMonday'], ['whitSunday']],
  HU: [['goodFriday', 2017], ['easterSunday'], ['easterMonday'], ['whitSunday'], ['whitMonday']],
  HR: [['easterSunday'], ['easterMonday'], ['corpusChristi']],
};

export const holds = (year: number, from?: number, to?: number) =>
  (from === undefined || year >= from) && (to === undefined || year <= to);
