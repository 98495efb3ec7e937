import { DomainError } from '@pp/domain';
import type { CompanyLookup, CompanyRegistry } from './company-registry';

/** ARES answers within a second; a registration form must not hang on it. */
export const ARES_TIMEOUT_MS = 3_000;

/** The part of ARES's "ekonomický subjekt" the form uses (REST API v3). */
interface AresSubject {
  ico?: string;
  obchodniJmeno?: string;
  dic?: string;
  sidlo?: {
    nazevUlice?: string;
    cisloDomovni?: number | string;
    cisloOrientacni?: number | string;
    pismenoOrientacni?: string;
    nazevObce?: string;
    nazevCastiObce?: string;
    psc?: number | string;
    kodStatu?: string;
  };
}

/** A Czech address line as it is written: street, house number, slash, orientation number (and letter). */
function streetLine(sidlo: NonNullable<AresSubject['sidlo']>): string {
  const orientation = sidlo.cisloOrientacni ? `/${sidlo.cisloOrientacni}${sidlo.pismenoOrientacni ?? ''}` : '';
  const number = sidlo.cisloDomovni ? `${sidlo.cisloDomovni}${orientation}` : '';
  // Villages without streets are addressed by the part of the village and the house number.
  const street = sidlo.nazevUlice ?? sidlo.nazevCastiObce ?? sidlo.nazevObce ?? '';
  return [street, number].filter(Boolean).join(' ');
}

/** "11000" → "110 00", the way Czech post codes are written. */
function czechZip(psc: number | string | undefined): string {
  const digits = String(psc ?? '').padStart(5, '0');
  return /^\d{5}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : '';
}

export function fromAres(subject: AresSubject, companyId: string): CompanyLookup | null {
  if (!subject.obchodniJmeno) return null;
  const sidlo = subject.sidlo ?? {};
  return {
    name: subject.obchodniJmeno,
    companyId: subject.ico ?? companyId,
    vatId: subject.dic ?? '',
    street: streetLine(sidlo),
    city: sidlo.nazevObce ?? '',
    zip: czechZip(sidlo.psc),
    country: sidlo.kodStatu === 'CZ' || !sidlo.kodStatu ? 'CZ' : sidlo.kodStatu,
  };
}

/**
 * The Czech public business register: GET {base}/ekonomicke-subjekty/{ico}. 404 is an unknown company;
 * anything else that is not a readable answer (timeout, 5xx, junk) is COMPANY_LOOKUP_FAILED.
 */
export function aresRegistry(baseUrl: string, timeoutMs = ARES_TIMEOUT_MS): CompanyRegistry {
  return {
    async find(_country, companyId) {
      const ico = companyId.replace(/\s/g, '');
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/ekonomicke-subjekty/${encodeURIComponent(ico)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new DomainError('COMPANY_LOOKUP_FAILED');
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new DomainError('COMPANY_LOOKUP_FAILED');
      let body: AresSubject;
      try {
        body = (await response.json()) as AresSubject;
      } catch {
        throw new DomainError('COMPANY_LOOKUP_FAILED');
      }
      return fromAres(body, ico);
    },
  };
}
