import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  CALENDAR_COUNTRIES,
  type CalendarCountry,
  calendarDays,
  easterSunday,
  expectedOrderDates,
  holidayOn,
  isWorkingDay,
  nextWorkingDay,
  publicHolidays,
  workingDaysBetween,
} from './calendar';
import { codAllowed, offeredCodPrice, warehouseSettingsSchema } from './warehouse';

const dates = (country: CalendarCountry, year: number) => publicHolidays(country, year).map((h) => h.date.slice(5));

describe('Easter Sunday', () => {
  it('is computed for every year, 2024–2030 and the far ends', () => {
    expect([2024, 2025, 2026, 2027, 2028, 2029, 2030].map(easterSunday)).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
    ]);
    // The earliest and latest possible dates, and a year of each century rule.
    expect(easterSunday(2285)).toBe('2285-03-22');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(1900)).toBe('1900-04-15');
    expect(easterSunday(2000)).toBe('2000-04-23');
  });
});

describe('public holidays per market', () => {
  it('Czechia: 13 days, Good Friday since 2016', () => {
    expect(dates('CZ', 2025)).toEqual([
      '01-01',
      '04-18',
      '04-21',
      '05-01',
      '05-08',
      '07-05',
      '07-06',
      '09-28',
      '10-28',
      '11-17',
      '12-24',
      '12-25',
      '12-26',
    ]);
    expect(dates('CZ', 2015)).not.toContain('04-03'); // Good Friday 2015 was a working day
    expect(dates('CZ', 2016)).toContain('03-25');
  });

  it('Slovakia: Constitution Day worked since 2024, 17 November since 2025, 8 May and 15 September in 2026', () => {
    expect(dates('SK', 2023)).toContain('09-01');
    expect(dates('SK', 2024)).not.toContain('09-01');
    expect(dates('SK', 2024)).toContain('11-17');
    expect(dates('SK', 2025)).toEqual([
      '01-01',
      '01-06',
      '04-18',
      '04-21',
      '05-01',
      '05-08',
      '07-05',
      '08-29',
      '09-15',
      '11-01',
      '12-24',
      '12-25',
      '12-26',
    ]);
    expect(dates('SK', 2026)).toEqual([
      '01-01',
      '01-06',
      '04-03',
      '04-06',
      '05-01',
      '07-05',
      '08-29',
      '11-01',
      '12-24',
      '12-25',
      '12-26',
    ]);
    expect(dates('SK', 2027)).toContain('05-08');
    expect(dates('SK', 2027)).toContain('09-15');
    expect(dates('SK', 2027)).not.toContain('11-17');
  });

  it('Poland: Easter Sunday, Whit Sunday, Corpus Christi; Christmas Eve since 2025', () => {
    expect(dates('PL', 2025)).toEqual([
      '01-01',
      '01-06',
      '04-20',
      '04-21',
      '05-01',
      '05-03',
      '06-08',
      '06-19',
      '08-15',
      '11-01',
      '11-11',
      '12-24',
      '12-25',
      '12-26',
    ]);
    expect(dates('PL', 2024)).not.toContain('12-24');
    expect(dates('PL', 2024)).toContain('05-30'); // Corpus Christi 2024
  });

  it('Slovenia: Prešeren Day, 2 January (again since 2017), 26 December as Independence Day', () => {
    expect(dates('SI', 2025)).toEqual([
      '01-01',
      '01-02',
      '02-08',
      '04-20',
      '04-21',
      '04-27',
      '05-01',
      '05-02',
      '06-08',
      '06-25',
      '08-15',
      '10-31',
      '11-01',
      '12-25',
      '12-26',
    ]);
    expect(dates('SI', 2015)).not.toContain('01-02');
    expect(holidayOn('SI', '2025-12-26')?.key).toBe('independenceSi');
  });

  it('Hungary: Good Friday since 2017, Whit Monday', () => {
    expect(dates('HU', 2025)).toEqual([
      '01-01',
      '03-15',
      '04-18',
      '04-20',
      '04-21',
      '05-01',
      '06-08',
      '06-09',
      '08-20',
      '10-23',
      '11-01',
      '12-25',
      '12-26',
    ]);
    expect(dates('HU', 2016)).not.toContain('03-25');
  });

  it('Croatia: Statehood Day 30 May and Remembrance Day since 2020, Corpus Christi', () => {
    expect(dates('HR', 2025)).toEqual([
      '01-01',
      '01-06',
      '04-20',
      '04-21',
      '05-01',
      '05-30',
      '06-19',
      '06-22',
      '08-05',
      '08-15',
      '11-01',
      '11-18',
      '12-25',
      '12-26',
    ]);
    expect(dates('HR', 2019)).toContain('06-25');
    expect(dates('HR', 2019)).toContain('10-08');
    expect(dates('HR', 2019)).not.toContain('05-30');
  });

  it('moves the Easter feasts with Easter in every market, 2024–2030', () => {
    const offsets: Record<CalendarCountry, number[]> = {
      CZ: [-2, 1],
      SK: [-2, 1],
      PL: [0, 1, 49, 60],
      SI: [0, 1, 49],
      HU: [-2, 0, 1, 49, 50],
      HR: [0, 1, 60],
    };
    for (let year = 2024; year <= 2030; year++) {
      const easter = easterSunday(year);
      for (const country of CALENDAR_COUNTRIES) {
        const all = publicHolidays(country, year).map((h) => h.date);
        for (const offset of offsets[country]) {
          const day = new Date(`${easter}T00:00:00Z`);
          day.setUTCDate(day.getUTCDate() + offset);
          expect(all, `${country} ${year} Easter${offset >= 0 ? '+' : ''}${offset}`).toContain(
            day.toISOString().slice(0, 10),
          );
        }
      }
    }
    // Easter Monday 2027 is 29 March: not worked anywhere.
    for (const country of CALENDAR_COUNTRIES) expect(isWorkingDay(country, '2027-03-29')).toBe(false);
  });
});

describe('working days', () => {
  it('are weekdays that are not holidays', () => {
    expect(isWorkingDay('CZ', '2025-06-06')).toBe(true); // Friday
    expect(isWorkingDay('CZ', '2025-06-07')).toBe(false); // Saturday
    expect(isWorkingDay('CZ', '2025-06-08')).toBe(false); // Sunday
    expect(isWorkingDay('CZ', '2025-07-07')).toBe(true); // Monday after Cyril and Methodius, Jan Hus on a weekend
    expect(isWorkingDay('PL', '2025-06-19')).toBe(false); // Corpus Christi
    expect(isWorkingDay('CZ', '2025-06-19')).toBe(true);
    expect(isWorkingDay('SK', '2025-11-17')).toBe(true);
    expect(isWorkingDay('CZ', '2025-11-17')).toBe(false);
  });

  it('count over a chain of holidays: Christmas', () => {
    // 2025: 24–26 December Wednesday to Friday, then a weekend.
    expect(addWorkingDays('CZ', '2025-12-23', 1)).toBe('2025-12-29');
    expect(addWorkingDays('HU', '2025-12-23', 1)).toBe('2025-12-24'); // Hungary works on Christmas Eve
    expect(addWorkingDays('CZ', '2025-12-31', 1)).toBe('2026-01-02');
    expect(addWorkingDays('SK', '2025-12-31', 1)).toBe('2026-01-02');
    expect(addWorkingDays('SI', '2025-12-31', 1)).toBe('2026-01-05'); // 1 and 2 January, then a weekend
    expect(addWorkingDays('SK', '2026-01-02', 1)).toBe('2026-01-05');
    expect(addWorkingDays('SK', '2026-01-05', 1)).toBe('2026-01-07'); // Epiphany
    expect(addWorkingDays('CZ', '2025-12-29', -1)).toBe('2025-12-23');
    expect(nextWorkingDay('CZ', '2025-12-24')).toBe('2025-12-29');
    expect(nextWorkingDay('CZ', '2025-12-23')).toBe('2025-12-23');
    expect(workingDaysBetween('CZ', '2025-12-23', '2025-12-29')).toBe(1);
    expect(workingDaysBetween('CZ', '2025-12-29', '2025-12-23')).toBe(-1);
    expect(addWorkingDays('CZ', '2025-12-24', 0)).toBe('2025-12-24');
  });

  it('gives a month of days with why each is not worked', () => {
    const april = calendarDays('CZ', '2026-04-01', '2026-04-30');
    expect(april).toHaveLength(30);
    expect(april.filter((d) => d.holiday).map((d) => [d.date, d.holiday])).toEqual([
      ['2026-04-03', 'goodFriday'],
      ['2026-04-06', 'easterMonday'],
    ]);
    expect(april.filter((d) => d.working)).toHaveLength(20);
  });

  it('refuses what is not a date, a market or a whole number', () => {
    expect(() => isWorkingDay('CZ', '2025-02-30')).toThrow(RangeError);
    expect(() => isWorkingDay('CZ', '25-02-01')).toThrow(RangeError);
    expect(() => isWorkingDay('DE' as CalendarCountry, '2025-02-03')).toThrow(RangeError);
    expect(() => publicHolidays('CZ', 1899)).toThrow(RangeError);
    expect(() => publicHolidays('CZ', 10_000)).toThrow(RangeError);
    expect(() => addWorkingDays('CZ', '2025-02-03', 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays('CZ', '9999-12-31', 1)).toThrow(RangeError);
  });
});

describe('expected order dates', () => {
  const base = {
    calendarCountry: 'CZ' as const,
    carrierCloseTime: '14:00',
    supplyDelayFrom: 0,
    supplyDelayTo: 0,
    deliveryDelay: 1,
  };
  // Prague is UTC+1 in winter, UTC+2 in summer.
  it('counts an order before the cut-off from its day, at or after it from the next working day', () => {
    const before = expectedOrderDates({ ...base, createdAt: new Date('2025-06-05T11:59:00Z') }); // Thu 13:59
    expect(before).toEqual({
      countsFrom: '2025-06-05',
      dispatchFrom: '2025-06-05',
      dispatchBy: '2025-06-05',
      deliveryFrom: '2025-06-06',
      deliveryBy: '2025-06-06',
    });
    const exactly = expectedOrderDates({ ...base, createdAt: new Date('2025-06-05T12:00:00Z') }); // 14:00
    expect(exactly.dispatchBy).toBe('2025-06-06');
    const after = expectedOrderDates({ ...base, createdAt: new Date('2025-06-06T12:30:00Z') }); // Fri 14:30
    expect(after).toMatchObject({ countsFrom: '2025-06-09', dispatchBy: '2025-06-09', deliveryBy: '2025-06-10' });
  });

  it("reads the day and the cut-off on the warehouse's clock", () => {
    // 23:30 UTC on Monday is 00:30 on Tuesday in Warsaw (summer time).
    const late = expectedOrderDates({
      ...base,
      calendarCountry: 'PL',
      createdAt: new Date('2025-06-02T23:30:00Z'),
    });
    expect(late.countsFrom).toBe('2025-06-03');
    // Winter: 13:30 UTC is 14:30 in Budapest, past a 14:00 cut-off.
    const winter = expectedOrderDates({ ...base, calendarCountry: 'HU', createdAt: new Date('2025-01-15T13:30:00Z') });
    expect(winter.countsFrom).toBe('2025-01-16');
  });

  it('adds the supply delay and the delivery delay in working days, over holidays', () => {
    // Ordered on Tuesday 23 December 2025 at 10:00 in Prague: supply 1–2 working days, carrier 2.
    const dates = expectedOrderDates({
      ...base,
      supplyDelayFrom: 1,
      supplyDelayTo: 2,
      deliveryDelay: 2,
      createdAt: new Date('2025-12-23T09:00:00Z'),
    });
    expect(dates).toEqual({
      countsFrom: '2025-12-23',
      dispatchFrom: '2025-12-29',
      dispatchBy: '2025-12-30',
      deliveryFrom: '2025-12-31',
      deliveryBy: '2026-01-02',
    });
    // An order on a holiday counts from the next working day whatever the hour.
    const holiday = expectedOrderDates({ ...base, createdAt: new Date('2025-12-25T07:00:00Z') });
    expect(holiday.countsFrom).toBe('2025-12-29');
    // The carrier keeps the customer's market: Slovakia works on 17 November 2025, Czechia does not.
    const toSk = expectedOrderDates({
      ...base,
      deliveryCountry: 'SK',
      createdAt: new Date('2025-11-14T08:00:00Z'),
      deliveryDelay: 1,
    });
    expect(toSk.deliveryBy).toBe('2025-11-17');
    const toCz = expectedOrderDates({ ...base, createdAt: new Date('2025-11-14T08:00:00Z'), deliveryDelay: 1 });
    expect(toCz.deliveryBy).toBe('2025-11-18');
  });

  it('refuses impossible settings', () => {
    const at = new Date('2025-06-05T08:00:00Z');
    expect(() => expectedOrderDates({ ...base, createdAt: at, carrierCloseTime: '24:00' })).toThrow(RangeError);
    expect(() => expectedOrderDates({ ...base, createdAt: at, supplyDelayFrom: 3, supplyDelayTo: 2 })).toThrow(
      RangeError,
    );
    expect(() => expectedOrderDates({ ...base, createdAt: at, deliveryDelay: -1 })).toThrow(RangeError);
    expect(() => expectedOrderDates({ ...base, createdAt: new Date('nope') })).toThrow(RangeError);
  });
});

describe('warehouse settings rules', () => {
  const valid = {
    calendarCountry: 'SK',
    calendarType: 'MP_WORKING_DAYS',
    supplyDelayFrom: '1',
    supplyDelayTo: 3,
    carrierCloseTime: '13:30',
    postponementEnabled: false,
    codPaymentDisabled: true,
  };
  const rules = (input: object) => {
    const r = warehouseSettingsSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('takes whole delays from 0 to 30 with from ≤ to, a HH:mm cut-off and a known calendar', () => {
    expect(warehouseSettingsSchema.parse(valid)).toMatchObject({ supplyDelayFrom: 1, supplyDelayTo: 3 });
    expect(rules({ ...valid, supplyDelayFrom: 0, supplyDelayTo: 0 })).toEqual([]);
    expect(rules({ ...valid, supplyDelayFrom: 30, supplyDelayTo: 30 })).toEqual([]);
    expect(rules({ ...valid, supplyDelayTo: 31 })).toEqual(['supplyDelayTo:numberBetween']);
    expect(rules({ ...valid, supplyDelayFrom: -1 })).toEqual(['supplyDelayFrom:numberBetween']);
    expect(rules({ ...valid, supplyDelayFrom: '1.5' })).toEqual(['supplyDelayFrom:integer']);
    expect(rules({ ...valid, supplyDelayFrom: 4, supplyDelayTo: 3 })).toEqual(['supplyDelayTo:supplyDelayOrder']);
    expect(rules({ ...valid, supplyDelayFrom: 3, supplyDelayTo: 3 })).toEqual([]);
    expect(rules({ ...valid, carrierCloseTime: '23:59' })).toEqual([]);
    expect(rules({ ...valid, carrierCloseTime: '00:00' })).toEqual([]);
    expect(rules({ ...valid, carrierCloseTime: '24:00' })).toEqual(['carrierCloseTime:timeFormat']);
    expect(rules({ ...valid, carrierCloseTime: '9:00' })).toEqual(['carrierCloseTime:timeFormat']);
    expect(rules({ ...valid, calendarCountry: 'DE' })).toEqual(['calendarCountry:invalid']);
    expect(rules({ ...valid, calendarType: 'CUSTOM' })).toEqual(['calendarType:invalid']);
  });

  it('offers no COD price while cash on delivery is switched off', () => {
    expect(codAllowed({ codPaymentDisabled: false })).toBe(true);
    expect(offeredCodPrice({ codPaymentDisabled: false }, 39)).toBe(39);
    expect(offeredCodPrice({ codPaymentDisabled: true }, 39)).toBeNull();
  });
});
