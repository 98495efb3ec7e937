import {
  isLanguage,
  type Language,
  MARKETS,
  type RegistrationCountry,
  registrationMarkets,
  type ShopId,
} from '@pp/domain';

/** Everything the two steps ask, as the form holds it (the domain schema turns it into RegistrationInput). */
export interface RegistrationDraft {
  shopId: string;
  shopName: string;
  web: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  provider: string;
  language: string;
  country: string;
  companyId: string;
  company: string;
  vatId: string;
  street: string;
  city: string;
  zip: string;
  bankAccount: string;
  annualTurnover: string;
  salesCount: string;
  offeredCount: string;
  divisions: string[];
  otherDivisions: string;
  countries: string[];
  productFeed: string;
  availabilityFeed: string;
  hasCarrier: boolean;
  consent: boolean;
}

export type DraftField = keyof RegistrationDraft;

export const BASIC_FIELDS: readonly DraftField[] = [
  'shopId',
  'shopName',
  'web',
  'firstName',
  'lastName',
  'email',
  'phone',
  'provider',
  'language',
];

/** The draft survives a reload of the tab (sessionStorage), never other tabs or a closed browser. */
const DRAFT_KEY = 'pp.registration.draft';
/** Where the thank-you page reads the address the link went to. */
export const SENT_TO_KEY = 'pp.registration.sentTo';

export function emptyDraft(language: string, flags: { croatiaEnabled: boolean }): RegistrationDraft {
  const lang: Language = isLanguage(language) ? language : 'en';
  // The market of the reader's language is the likely one; English readers choose.
  const shopId: ShopId | '' = registrationMarkets(flags).find((id) => MARKETS[id].language === lang) ?? '';
  const country = (shopId ? MARKETS[shopId].shortCode : '') as RegistrationCountry | '';
  return {
    shopId,
    shopName: '',
    web: 'https://',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    provider: '',
    language: lang,
    country,
    companyId: '',
    company: '',
    vatId: '',
    street: '',
    city: '',
    zip: '',
    bankAccount: '',
    annualTurnover: '',
    salesCount: '',
    offeredCount: '',
    divisions: [],
    otherDivisions: '',
    countries: country ? [country] : [],
    productFeed: '',
    availabilityFeed: '',
    hasCarrier: false,
    consent: false,
  };
}

export function loadDraft(fallback: RegistrationDraft): RegistrationDraft {
  try {
    const stored = window.sessionStorage.getItem(DRAFT_KEY);
    if (!stored) return fallback;
    const parsed = JSON.parse(stored) as Partial<RegistrationDraft>;
    // Only known fields of the right kind come back; consent is always given anew.
    const draft = { ...fallback };
    for (const key of Object.keys(fallback) as DraftField[]) {
      const value = parsed[key];
      if (value !== undefined && typeof value === typeof fallback[key]) (draft as Record<string, unknown>)[key] = value;
    }
    draft.consent = false;
    return draft;
  } catch {
    return fallback;
  }
}

export function saveDraft(draft: RegistrationDraft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...draft, consent: false }));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
