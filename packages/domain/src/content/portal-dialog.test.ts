import { describe, expect, it } from 'vitest';
import { portalDialogInputSchema } from './portal-dialog';

const valid = {
  shops: ['CZ10MA'],
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: null,
  texts: [{ lang: 'en', title: 'Hello', body: '<p>News</p>' }],
};

const rules = (input: unknown) => {
  const result = portalDialogInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('portal dialog input', () => {
  it('accepts a dialog with English and an open end', () => {
    expect(rules(valid)).toEqual([]);
  });

  it('needs a market, English, each language once, and an end after the start', () => {
    expect(rules({ ...valid, shops: [] })).toEqual(['shops:required']);
    expect(rules({ ...valid, texts: [{ lang: 'cs', title: 'A', body: 'B' }] })).toEqual(['texts:termsLanguageMissing']);
    expect(rules({ ...valid, texts: [...valid.texts, ...valid.texts] })).toEqual(['texts.1.lang:termsLanguageTwice']);
    expect(rules({ ...valid, validTo: valid.validFrom })).toEqual(['validTo:dateAfterStart']);
    expect(rules({ ...valid, validTo: '2026-01-01T00:00:01.000Z' })).toEqual([]);
    expect(rules({ ...valid, validFrom: 'tomorrow' })).toEqual(['validFrom:date']);
  });

  it('takes moments from 1900 to the end of 9999 in UTC, which a timestamp column holds', () => {
    expect(rules({ ...valid, validFrom: '1900-01-01T00:00:00Z', validTo: '9999-12-31T23:59:59.999Z' })).toEqual([]);
    expect(rules({ ...valid, validFrom: '1899-12-31T23:59:59.999Z' })).toEqual(['validFrom:dateOutOfRange']);
    expect(rules({ ...valid, validFrom: '0000-01-01T00:00:00Z' })).toEqual(['validFrom:dateOutOfRange']);
    // Still 9999 where it was written, already year 10000 in UTC.
    expect(rules({ ...valid, validTo: '9999-12-31T23:59:59-14:00' })).toEqual(['validTo:dateOutOfRange']);
    expect(rules({ ...valid, validTo: '+010000-01-01T00:00:00Z' })).toEqual(['validTo:date']);
  });
});
