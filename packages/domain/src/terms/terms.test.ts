import { describe, expect, it } from 'vitest';
import { SHOP_IDS } from '../markets/markets';
import {
  agreementSchema,
  COMMISSION_DEFAULTS,
  commissionRates,
  FEE_TYPES,
  feesOfShop,
  isTermsInForce,
  pickTermsLanguage,
  requiredTermsLanguages,
  shopOfTermsCountry,
  TERMS_COUNTRIES,
  TERMS_VERSION_MAX,
  termsCountryOfShop,
  termsVersionSchema,
} from './terms';

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const content = (lang: string, extra: Record<string, unknown> = {}) => ({
  lang,
  title: 'Obchodní podmínky',
  body: '<p>Text</p>',
  ...extra,
});
const version = (extra: Record<string, unknown> = {}) => ({
  shopId: 'CZ10MA',
  version: '2026.1',
  validFrom: '2026-12-01',
  contents: [content('cs'), content('en')],
  ...extra,
});

describe('terms countries', () => {
  it('maps every shop to one country and back', () => {
    for (const shopId of SHOP_IDS) expect(shopOfTermsCountry(termsCountryOfShop(shopId))).toBe(shopId);
    expect(Object.keys(TERMS_COUNTRIES)).toEqual(['cz', 'sk', 'pl', 'si', 'hu', 'hr']);
    expect(shopOfTermsCountry('CZ')).toBe('CZ10MA');
    expect(shopOfTermsCountry('cs')).toBeNull();
    expect(shopOfTermsCountry('toString')).toBeNull();
  });

  it('asks for the shop language and English', () => {
    expect(requiredTermsLanguages('HU20MA')).toEqual(['hu', 'en']);
    expect(requiredTermsLanguages('SI10SI')).toEqual(['sl', 'en']);
  });

  it('falls back from the asked language to the shop language, then English', () => {
    expect(pickTermsLanguage('CZ10MA', ['cs', 'en', 'sk'], 'sk')).toBe('sk');
    expect(pickTermsLanguage('CZ10MA', ['cs', 'en'], 'pl')).toBe('cs');
    expect(pickTermsLanguage('CZ10MA', ['en', 'de'], 'pl')).toBe('en');
    expect(pickTermsLanguage('CZ10MA', ['hu'], null)).toBe('hu');
    expect(pickTermsLanguage('CZ10MA', [], 'cs')).toBeNull();
  });

  it('is in force only once published and from its first day', () => {
    expect(isTermsInForce({ publishedAt: new Date(), validFrom: '2026-05-01' }, '2026-05-01')).toBe(true);
    expect(isTermsInForce({ publishedAt: new Date(), validFrom: '2026-05-02' }, '2026-05-01')).toBe(false);
    expect(isTermsInForce({ publishedAt: null, validFrom: '2026-04-01' }, '2026-05-01')).toBe(false);
  });
});

describe('terms version form', () => {
  it('accepts a version in the shop language and English', () => {
    const parsed = termsVersionSchema.parse(version());
    expect(parsed.showInHistory).toBe(true);
    expect(parsed.contents[0]!.url).toBeNull();
  });

  it('needs the shop language and English, each once', () => {
    expect(issuesOf(termsVersionSchema.safeParse(version({ contents: [content('en')] })))).toEqual([
      'termsLanguageMissing',
    ]);
    expect(issuesOf(termsVersionSchema.safeParse(version({ contents: [content('cs')] })))).toEqual([
      'termsLanguageMissing',
    ]);
    expect(
      issuesOf(termsVersionSchema.safeParse(version({ contents: [content('cs'), content('en'), content('cs')] }))),
    ).toEqual(['termsLanguageTwice']);
    expect(issuesOf(termsVersionSchema.safeParse(version({ contents: [content('cs'), content('xx')] })))).toContain(
      'invalid',
    );
  });

  it('checks the version label on both sides of its bounds', () => {
    expect(termsVersionSchema.safeParse(version({ version: '1' })).success).toBe(true);
    expect(termsVersionSchema.safeParse(version({ version: 'a'.repeat(TERMS_VERSION_MAX) })).success).toBe(true);
    expect(issuesOf(termsVersionSchema.safeParse(version({ version: 'a'.repeat(TERMS_VERSION_MAX + 1) })))).toEqual([
      'max',
    ]);
    expect(issuesOf(termsVersionSchema.safeParse(version({ version: ' ' })))).toContain('required');
    expect(issuesOf(termsVersionSchema.safeParse(version({ version: '2026/1' })))).toEqual(['termsVersion']);
    expect(issuesOf(termsVersionSchema.safeParse(version({ version: '-1' })))).toEqual(['termsVersion']);
  });

  it('takes a real day as validFrom', () => {
    expect(issuesOf(termsVersionSchema.safeParse(version({ validFrom: '2026-02-30' })))).toEqual(['date']);
    expect(issuesOf(termsVersionSchema.safeParse(version({ validFrom: '1.12.2026' })))).toEqual(['date']);
    expect(termsVersionSchema.safeParse(version({ validFrom: '2028-02-29' })).success).toBe(true);
  });

  it('refuses control characters in titles, an empty body and a link that is not http(s)', () => {
    expect(
      issuesOf(
        termsVersionSchema.safeParse(version({ contents: [content('cs', { title: 'a\u0000' }), content('en')] })),
      ),
    ).toEqual(['invalidCharacters']);
    expect(
      issuesOf(termsVersionSchema.safeParse(version({ contents: [content('cs', { body: '  ' }), content('en')] }))),
    ).toEqual(['required']);
    expect(
      issuesOf(
        termsVersionSchema.safeParse(
          version({ contents: [content('cs', { url: 'javascript:alert(1)' }), content('en')] }),
        ),
      ),
    ).toEqual(['url']);
    expect(
      termsVersionSchema.safeParse(
        version({ contents: [content('cs', { url: 'https://mall.cz/vop.pdf' }), content('en')] }),
      ).success,
    ).toBe(true);
  });
});

describe('agreement', () => {
  it('needs real names and a known path', () => {
    expect(agreementSchema.parse({ contentId: '5', names: ' Jan Novák ' })).toEqual({
      contentId: 5,
      names: 'Jan Novák',
    });
    expect(issuesOf(agreementSchema.safeParse({ contentId: 5, names: 'Jo' }))).toEqual(['min']);
    expect(agreementSchema.safeParse({ contentId: 5, names: 'Jon' }).success).toBe(true);
    expect(issuesOf(agreementSchema.safeParse({ contentId: 5, names: '1234' }))).toEqual(['agreementNames']);
    expect(issuesOf(agreementSchema.safeParse({ contentId: 5, names: 'Jan Novák', path: 'GOLD' }))).toEqual([
      'invalid',
    ]);
    expect(agreementSchema.safeParse({ contentId: 5, names: 'Jan Novák', path: 'VIP' }).success).toBe(true);
    expect(issuesOf(agreementSchema.safeParse({ contentId: 0, names: 'Jan Novák' }))).toEqual(['invalid']);
  });
});

describe('fees and commissions', () => {
  it('prices the five fees in each market currency, whole where the market has whole prices', () => {
    for (const shopId of SHOP_IDS) {
      const fees = feesOfShop(shopId);
      expect(fees.map((f) => f.type)).toEqual([...FEE_TYPES]);
      for (const fee of fees) expect(fee.amount).toBeGreaterThan(0);
    }
    expect(feesOfShop('CZ10MA').find((f) => f.type === 'MONTHLY_FEE')).toMatchObject({
      amount: 499,
      currency: 'CZK',
      freeMonths: 3,
    });
    for (const fee of [...feesOfShop('CZ10MA'), ...feesOfShop('HU20MA')])
      expect(Number.isInteger(fee.amount)).toBe(true);
    expect(feesOfShop('SK10MA')[0]!.currency).toBe('EUR');
  });

  it('takes the division rate unless the subcategory or a brand has its own', () => {
    expect(commissionRates('Fashion', 'T-shirts')).toEqual([{ brands: null, commission: COMMISSION_DEFAULTS.Fashion }]);
    expect(commissionRates('Electronics', 'Smartphones')).toEqual([
      { brands: null, commission: 6 },
      { brands: ['Apple', 'Samsung'], commission: 5 },
    ]);
    expect(commissionRates('Unknown root', 'X')[0]!.commission).toBe(12);
  });
});
