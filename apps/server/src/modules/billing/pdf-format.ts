import {
  type BillingParty,
  isShopId,
  type Language,
  LOCALE_TAGS,
  MARKETS,
  moneyScale,
  normaliseRate,
} from '@pp/domain';
import { translate } from '../../platform/i18n';

/**
 * The texts of billing files: labels from the `billingFiles` namespace, amounts, days and parties as the
 * reader's language writes them. Amounts stay exact: Intl formats the decimal string itself, never a float.
 */

/** The language a document is written in: its shop's (a Czech partner's invoice is Czech). */
export function documentLanguage(shopId: string): Language {
  return isShopId(shopId) ? MARKETS[shopId].language : 'en';
}

export interface Texts {
  lang: Language;
  t(key: string, params?: Record<string, string | number>): string;
  money(amount: string, currency: string, places?: number): string;
  number(value: string | number, maxPlaces?: number): string;
  day(day: string | null): string;
  moment(at: Date | null): string;
  rate(rate: string): string;
  party(party: BillingParty): string[];
}

export function textsOf(lang: Language): Texts {
  const tag = LOCALE_TAGS[lang];
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lang, `billingFiles.${key}`, params);
  const dayFormat = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
  const momentFormat = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Europe/Prague',
  });
  // Formats are made once per file: an overview formats tens of thousands of amounts.
  const formats = new Map<string, Intl.NumberFormat>();
  const format = (key: string, make: () => Intl.NumberFormat) => {
    let made = formats.get(key);
    if (!made) {
      made = make();
      formats.set(key, made);
    }
    return made;
  };
  const texts: Texts = {
    lang,
    t,
    money(amount, currency, places) {
      const scale = moneyScale(currency);
      const most = Math.max(scale, places ?? scale);
      try {
        return format(
          `${currency}:${most}`,
          () =>
            new Intl.NumberFormat(tag, {
              style: 'currency',
              currency,
              minimumFractionDigits: scale,
              maximumFractionDigits: most,
            }),
          // A decimal string is formatted exactly (Intl.NumberFormat v3); the cast is for older lib typings.
        ).format(amount as unknown as number);
      } catch {
        return `${amount} ${currency}`;
      }
    },
    number(value, maxPlaces = 3) {
      return format(`n:${maxPlaces}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: maxPlaces })).format(
        value as unknown as number,
      );
    },
    day(day) {
      if (!day) return '';
      const at = new Date(`${day.slice(0, 10)}T12:00:00Z`);
      return Number.isNaN(at.getTime()) ? day : dayFormat.format(at);
    },
    moment(at) {
      return at ? momentFormat.format(at) : '';
    },
    rate(rate) {
      return `${texts.number(normaliseRate(rate), 2)} %`;
    },
    party(party) {
      const a = party.address;
      return [
        party.name,
        a.street,
        [a.zip, a.city].filter(Boolean).join(' '),
        a.country,
        party.registrationNumber ? `${t('party.registrationNumber')}: ${party.registrationNumber}` : '',
        party.vatNumber ? `${t('party.vatNumber')}: ${party.vatNumber}` : '',
        party.taxIdentification ? `${t('party.taxIdentification')}: ${party.taxIdentification}` : '',
        party.bank?.bankName ? `${t('party.bank')}: ${party.bank.bankName}` : '',
        party.bank?.bankAccount ? `${t('party.bankAccount')}: ${party.bank.bankAccount}` : '',
        party.bank?.iban ? `IBAN: ${party.bank.iban}` : '',
        party.bank?.swift ? `SWIFT: ${party.bank.swift}` : '',
        party.note,
      ].filter(Boolean);
    },
  };
  return texts;
}

/** A document number fit for a file name ("FS/2026/0001" → "FS-2026-0001"). */
export function numberForFile(number: string): string {
  return number.replace(/[^\p{L}\p{N}._-]+/gu, '-');
}
