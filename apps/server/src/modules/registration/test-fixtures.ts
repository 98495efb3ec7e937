import { sql } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { partners } from '../partner/tables';

/** What the registration tests (the PGlite file and the PostgreSQL race file) register with. */
let ipCounter = 0;
/** Each registration from its own address, unless a test is about one address's limit. */
export const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

let seq = 0;
export function input(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    shopId: 'CZ10MA',
    shopName: `Kola Novák ${seq}`,
    web: 'https://kola-novak.cz',
    firstName: 'Jan',
    lastName: 'Novák',
    email: `jan.novak${seq}@kola-novak.cz`,
    phone: '+420 603 123 456',
    provider: 'MANUAL',
    language: 'cs',
    country: 'CZ',
    companyId: '06123457',
    company: `Kola Novák ${seq} s.r.o.`,
    vatId: '',
    street: 'Dlouhá 12',
    city: 'Praha',
    zip: '110 00',
    bankAccount: 'CZ65 0800 0000 1920 0014 5399',
    annualTurnover: '1M_10M',
    salesCount: '100_500',
    offeredCount: '100_1000',
    divisions: ['SPORTS'],
    countries: ['CZ'],
    hasCarrier: false,
    consent: true,
    ...overrides,
  };
}

/** A fresh company id that passes the CZ check digit, so that tests do not collide on PARTNER_ALREADY_REGISTERED. */
let companySeq = 1000000;
export function freshCompanyId(): string {
  const base = String(++companySeq).padStart(7, '0');
  const sum = [8, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(base[i]), 0);
  return `${base}${(11 - (sum % 11)) % 10}`;
}

export const REGISTER = 'mutation($input: RegistrationInput!) { register(input: $input) }';

/** The global budget of registrations (100 per 10 minutes), read and set in the throttle table. */
export function budgetOf(server: () => TestServer) {
  const ALL = 'registration-all';
  return {
    async spent() {
      const { rows } = await server().database.executeSql('select count from auth_throttle where key = $1', [ALL]);
      return (rows[0] as { count: number } | undefined)?.count ?? 0;
    },
    /** Sets how much of the budget this window has used, as if earlier registrations had spent it. */
    setSpent: (count: number) =>
      server().database.executeSql(
        `insert into auth_throttle (key, window_start, count) values ($1, now(), $2)
       on conflict (key) do update set window_start = now(), count = $2, not_before = null`,
        [ALL, count],
      ),
    partnerCount: async () =>
      (await server().database.db.select({ n: sql<number>`count(*)::int` }).from(partners))[0]!.n,
  };
}
