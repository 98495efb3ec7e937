import { DomainError, isValidCompanyId } from '@pp/domain';
import type { Platform } from '../../platform/context';
import { aresRegistry } from './ares';

/** What a company registry tells about a company id: enough to pre-fill registration step 2 and the contract. */
export interface CompanyLookup {
  name: string;
  companyId: string;
  vatId: string;
  street: string;
  city: string;
  zip: string;
  country: string;
}

/**
 * A source of company data. `find` answers null for a company it does not know and throws
 * COMPANY_LOOKUP_FAILED when the source itself cannot answer (so the form can say "try again or type it").
 */
export interface CompanyRegistry {
  find(country: string, companyId: string): Promise<CompanyLookup | null>;
}

/**
 * The offline registry: invented sample companies for every seat country, so the lookup works on a machine
 * without network access (the demo, tests). Their ids pass the domain's validators.
 */
const SAMPLE_COMPANIES: readonly CompanyLookup[] = [
  {
    name: 'Kolárna Vltava s.r.o.',
    companyId: '27550125',
    vatId: 'CZ27550125',
    street: 'Nádražní 1284/14',
    city: 'České Budějovice',
    zip: '370 01',
    country: 'CZ',
  },
  {
    name: 'Domácí potřeby Hanák a.s.',
    companyId: '06123457',
    vatId: 'CZ06123457',
    street: 'Palackého 22',
    city: 'Olomouc',
    zip: '779 00',
    country: 'CZ',
  },
  {
    name: 'Zahradní svět Lipno s.r.o.',
    companyId: '47110236',
    vatId: '',
    street: 'Lipenská 501',
    city: 'Frymburk',
    zip: '382 79',
    country: 'CZ',
  },
  {
    name: 'Tatra Šport s.r.o.',
    companyId: '36547816',
    vatId: 'SK2021547816',
    street: 'Hlavná 18',
    city: 'Poprad',
    zip: '058 01',
    country: 'SK',
  },
  {
    name: 'Dunajská elektronika s.r.o.',
    companyId: '50123441',
    vatId: 'SK2120123441',
    street: 'Mlynské nivy 45',
    city: 'Bratislava',
    zip: '821 09',
    country: 'SK',
  },
  {
    name: 'Hračky Orava s.r.o.',
    companyId: '44781253',
    vatId: '',
    street: 'Nám. slobody 3',
    city: 'Dolný Kubín',
    zip: '026 01',
    country: 'SK',
  },
  {
    name: 'Wisła Dom Sp. z o.o.',
    companyId: '0000512345',
    vatId: 'PL6762512345',
    street: 'ul. Długa 12',
    city: 'Kraków',
    zip: '31-147',
    country: 'PL',
  },
  {
    name: 'Bałtyk Sport S.A.',
    companyId: '0000698701',
    vatId: 'PL5842698701',
    street: 'ul. Grunwaldzka 80',
    city: 'Gdańsk',
    zip: '80-244',
    country: 'PL',
  },
  {
    name: 'Mazowsze Elektro Sp. z o.o.',
    companyId: '0000377210',
    vatId: 'PL5213377210',
    street: 'ul. Marszałkowska 101',
    city: 'Warszawa',
    zip: '00-693',
    country: 'PL',
  },
  {
    name: 'Triglav Šport d.o.o.',
    companyId: '8123456000',
    vatId: 'SI81234560',
    street: 'Slovenska cesta 40',
    city: 'Ljubljana',
    zip: '1000',
    country: 'SI',
  },
  {
    name: 'Soča Dom d.o.o.',
    companyId: '6234512000',
    vatId: 'SI62345120',
    street: 'Gregorčičeva 7',
    city: 'Nova Gorica',
    zip: '5000',
    country: 'SI',
  },
  {
    name: 'Pohorje Elektronika d.o.o.',
    companyId: '7345623000',
    vatId: '',
    street: 'Partizanska cesta 21',
    city: 'Maribor',
    zip: '2000',
    country: 'SI',
  },
  {
    name: 'Tisza Háztartás Kft.',
    companyId: '01-09-345678',
    vatId: 'HU23456789',
    street: 'Váci utca 19',
    city: 'Budapest',
    zip: '1052',
    country: 'HU',
  },
  {
    name: 'Balaton Sport Zrt.',
    companyId: '19-10-500123',
    vatId: 'HU24500123',
    street: 'Kossuth Lajos utca 5',
    city: 'Veszprém',
    zip: '8200',
    country: 'HU',
  },
  {
    name: 'Alföld Játék Kft.',
    companyId: '06-09-021234',
    vatId: '',
    street: 'Kárász utca 11',
    city: 'Szeged',
    zip: '6720',
    country: 'HU',
  },
  {
    name: 'Jadran Kućanstvo d.o.o.',
    companyId: '080123456',
    vatId: 'HR45678901234',
    street: 'Ilica 54',
    city: 'Zagreb',
    zip: '10000',
    country: 'HR',
  },
  {
    name: 'Dalmacija Sport d.o.o.',
    companyId: '060234567',
    vatId: 'HR56789012345',
    street: 'Riva 8',
    city: 'Split',
    zip: '21000',
    country: 'HR',
  },
  {
    name: 'Slavonija Elektro d.o.o.',
    companyId: '030345678',
    vatId: '',
    street: 'Europske avenije 12',
    city: 'Osijek',
    zip: '31000',
    country: 'HR',
  },
];

/** Company ids are compared without spaces and dashes, as people type them in both forms. */
function compactId(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export const offlineRegistry: CompanyRegistry = {
  async find(country, companyId) {
    const wanted = compactId(companyId);
    return SAMPLE_COMPANIES.find((c) => c.country === country && compactId(c.companyId) === wanted) ?? null;
  },
};

/** The offline samples, for tests and the demo's help text. */
export function sampleCompanies(): readonly CompanyLookup[] {
  return SAMPLE_COMPANIES;
}

/** The registry the settings choose: ARES answers for Czech companies, the offline samples for the rest. */
export function companyRegistryOf(platform: Platform): CompanyRegistry {
  const setting = platform.config.companyRegistry;
  if (setting.kind === 'offline') return offlineRegistry;
  const ares = aresRegistry(setting.url);
  return { find: (country, companyId) => (country === 'CZ' ? ares : offlineRegistry).find(country, companyId) };
}

/**
 * Looks a company up by its id. An id that fails the country's format is unknown without asking anybody: the
 * registry is never sent what a person typed wrongly.
 */
export async function lookupCompany(
  platform: Platform,
  country: string,
  companyId: string,
): Promise<CompanyLookup | null> {
  if (!isValidCompanyId(country, companyId)) return null;
  try {
    return await companyRegistryOf(platform).find(country, companyId.trim());
  } catch (error) {
    if (error instanceof DomainError) throw error;
    platform.log.warn({ err: error, country }, 'company lookup failed');
    throw new DomainError('COMPANY_LOOKUP_FAILED');
  }
}
