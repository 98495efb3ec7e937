import { describe, expect, it } from 'vitest';
import { brandRequestInput, draftErrors, emptyDraft, logoPrecheck } from './BrandRequestForm';
import { categoryFromSearch } from './CategoriesPage';
import { categoryExportPath, categoryShortcut } from './CategoryDetailPanel';
import { countryOptions } from './countries';

/** The key and its parameters, so a test reads which rule spoke. */
const t = ((key: string, params: Record<string, unknown> = {}) => {
  const given = Object.entries(params).filter(([, v]) => v !== undefined);
  return given.length ? `${key} ${JSON.stringify(Object.fromEntries(given))}` : key;
}) as never;

const complete = () => ({
  ...emptyDraft(),
  name: 'Samsnug',
  manufacturer: {
    name: 'Samsnug s.r.o.',
    street: 'Vinohradská 12',
    city: 'Praha',
    country: 'CZ',
    zip: '12000',
    email: '',
  },
});

describe('category shortcut', () => {
  it('opens the category named in the link, and nothing for anything else', () => {
    expect(categoryFromSearch({ category: '1204' })).toBe(1204);
    expect(categoryFromSearch({})).toBeNull();
    expect(categoryFromSearch({ category: '0' })).toBeNull();
    expect(categoryFromSearch({ category: '-3' })).toBeNull();
    expect(categoryFromSearch({ category: '12abc' })).toBeNull();
    expect(categoryFromSearch({ category: ['1', '2'] })).toBeNull();
    expect(categoryFromSearch({ category: '1234567890' })).toBeNull();
  });

  it('is a link back to the catalogue with that category', () => {
    const link = categoryShortcut(77, 'https://portal.example');
    expect(link).toBe('https://portal.example/categories?category=77');
    expect(categoryFromSearch(Object.fromEntries(new URL(link).searchParams))).toBe(77);
  });

  it('exports through the route of the spec with type and language', () => {
    expect(categoryExportPath(5, 'XLSX', 'cs')).toBe('/portal/export/category/5?type=XLSX&language=cs');
  });
});

describe('brand request form', () => {
  it('sends a complete request and leaves out what was not filled in', () => {
    expect(draftErrors(complete(), t)).toEqual({});
    const input = brandRequestInput(complete());
    expect(input.webTitle).toBeUndefined();
    expect(input.description).toBeUndefined();
    expect(input.logoFileId).toBeUndefined();
    expect(input.responsiblePerson).toBeUndefined();
    expect(input.manufacturer.email).toBeUndefined();
  });

  it('names the brand rules on the name field', () => {
    expect(draftErrors({ ...complete(), name: '' }, t).name).toBe('validation.required');
    expect(draftErrors({ ...complete(), name: '1234' }, t).name).toBe('validation.brandLetter');
    expect(draftErrors({ ...complete(), name: 'A'.repeat(20) }, t).name).toBeUndefined();
    expect(draftErrors({ ...complete(), name: 'A'.repeat(21) }, t).name).toBe('validation.max {"0":20}');
  });

  it('asks for every manufacturer field but the e-mail, and checks an e-mail that is given', () => {
    const errors = draftErrors(
      { ...complete(), manufacturer: { ...complete().manufacturer, city: '', email: 'x@' } },
      t,
    );
    expect(errors['manufacturer.city']).toBe('validation.required');
    expect(errors['manufacturer.email']).toBeDefined();
    expect(errors['manufacturer.name']).toBeUndefined();
    const noCountry = { ...complete(), manufacturer: { ...complete().manufacturer, country: '' } };
    expect(draftErrors(noCountry, t)['manufacturer.country']).toBe('validation.required');
  });

  it('checks the responsible person only when the seller names one', () => {
    const off = { ...complete(), responsiblePerson: { ...complete().manufacturer, name: '' } };
    expect(draftErrors(off, t)).toEqual({});
    expect(draftErrors({ ...off, withResponsiblePerson: true }, t)['responsiblePerson.name']).toBe(
      'validation.required',
    );
  });

  it('needs a name in each translation it sends', () => {
    const draft = { ...complete(), translations: [{ languageId: 'pl' as const, name: '', description: '' }] };
    expect(draftErrors(draft, t)['translations.0.name']).toBe('validation.required');
  });
});

describe('logo before upload', () => {
  it('refuses other types and files over 1.5 MB; the server checks the pixels', () => {
    expect(logoPrecheck({ type: 'image/png', size: 1_572_864 })).toBeNull();
    expect(logoPrecheck({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(logoPrecheck({ type: 'image/png', size: 1_572_865 })).toBe('BRAND_LOGO_TOO_LARGE');
    expect(logoPrecheck({ type: 'image/gif', size: 10 })).toBe('BRAND_LOGO_TYPE');
    expect(logoPrecheck({ type: '', size: 10 })).toBe('BRAND_LOGO_TYPE');
  });
});

describe('countries', () => {
  it('are named and sorted in the reader language', () => {
    const cs = countryOptions('cs-CZ');
    expect(cs.find((c) => c.value === 'DE')?.label).toBe('Německo');
    const labels = cs.map((c) => c.label);
    expect([...labels].sort(new Intl.Collator('cs-CZ').compare)).toEqual(labels);
    expect(new Set(cs.map((c) => c.value)).size).toBe(cs.length);
  });
});
