import { describe, expect, it } from 'vitest';
import {
  BRAND_LETTERS,
  brandIdOf,
  brandLetterOf,
  brandLogoIssue,
  brandNameIssues,
  brandRequestSchema,
  brandTag,
  isSimilarBrand,
} from './brands';

describe('brand names', () => {
  it('takes 20 characters and refuses 21', () => {
    expect(brandNameIssues('A'.repeat(20))).toEqual([]);
    expect(brandNameIssues('A'.repeat(21))).toEqual([{ field: 'name', rule: 'max', params: { 0: 20 } }]);
  });

  it('asks for a name', () => {
    expect(brandNameIssues('   ')).toEqual([{ field: 'name', rule: 'required' }]);
  });

  it('needs at least one letter', () => {
    expect(brandNameIssues('1234')).toEqual([{ field: 'name', rule: 'brandLetter' }]);
    expect(brandNameIssues('3M')).toEqual([]);
  });

  it('refuses a name that leaves no id once normalised', () => {
    expect(brandNameIssues('Лада')).toEqual([{ field: 'name', rule: 'brandId' }]);
    expect(brandNameIssues('Škoda')).toEqual([]);
  });
});

describe('brand ids, tags and letters', () => {
  it('normalises to A–Z and digits', () => {
    expect(brandIdOf('Dr. Öetker')).toBe('DROETKER');
    expect(brandIdOf('Łukasz & Syn 2')).toBe('LUKASZSYN2');
    expect(brandIdOf('!!!')).toBe('');
    expect(brandTag('Bang & Olufsen')).toBe('bangolufsen');
  });

  it('files brands under a letter, 0-9 or #', () => {
    expect(BRAND_LETTERS).toHaveLength(28);
    expect(BRAND_LETTERS[0]).toBe('A');
    expect(BRAND_LETTERS.slice(-2)).toEqual(['0-9', '#']);
    expect(brandLetterOf('samsung')).toBe('S');
    expect(brandLetterOf('Électrolux')).toBe('E');
    expect(brandLetterOf('3M')).toBe('0-9');
    expect(brandLetterOf('@home')).toBe('#');
    expect(brandLetterOf('Лада')).toBe('#');
  });
});

describe('similar brands', () => {
  const similar = (a: string, b: string) => isSimilarBrand(brandTag(a), brandTag(b));

  it('catches typos: a swap, a doubled letter, a changed letter', () => {
    expect(similar('Samsung', 'Samsnug')).toBe(true);
    expect(similar('Sony', 'Sonny')).toBe(true);
    expect(similar('Nikon', 'Nikkon')).toBe(true);
    expect(similar('Philips', 'Phillps')).toBe(true);
  });

  it('treats one name inside another as similar (Apple in Pineapple): a warning the seller can confirm', () => {
    expect(similar('Apple', 'Pineapple')).toBe(true);
    expect(similar('Bosch', 'Bosch Professional')).toBe(true);
  });

  it('sees the same brand written differently', () => {
    expect(similar('Dr. Oetker', 'DR OETKER')).toBe(true);
  });

  it('leaves different brands alone, short ones above all', () => {
    expect(similar('HP', 'LG')).toBe(false);
    expect(similar('Sony', 'Sharp')).toBe(false);
    expect(similar('Samsung', 'Siemens')).toBe(false);
    expect(similar('Acer', 'Asus')).toBe(false);
    expect(similar('', 'Sony')).toBe(false);
  });
});

describe('brand logos', () => {
  const logo = { format: 'png', width: 500, height: 500, bytes: 10_000 };

  it('accepts PNG and JPG within the limits', () => {
    expect(brandLogoIssue(logo)).toBeNull();
    expect(brandLogoIssue({ ...logo, format: 'jpeg', width: 100, height: 2000, bytes: 1_572_864 })).toBeNull();
    expect(brandLogoIssue({ ...logo, format: 'jpg' })).toBeNull();
  });

  it('refuses other formats, sides outside 100–2000 px and files over 1.5 MB', () => {
    expect(brandLogoIssue({ ...logo, format: 'gif' })).toBe('BRAND_LOGO_TYPE');
    expect(brandLogoIssue({ ...logo, width: 99 })).toBe('BRAND_LOGO_DIMENSIONS');
    expect(brandLogoIssue({ ...logo, height: 2001 })).toBe('BRAND_LOGO_DIMENSIONS');
    expect(brandLogoIssue({ ...logo, bytes: 1_572_865 })).toBe('BRAND_LOGO_TOO_LARGE');
  });
});

describe('brand request', () => {
  const manufacturer = { name: 'Acme s.r.o.', street: 'Main 1', city: 'Praha', country: 'cz', zip: '11000' };

  it('reads a full request and normalises what it can', () => {
    const parsed = brandRequestSchema.parse({
      name: ' Acme ',
      manufacturer: { ...manufacturer, email: '' },
      translations: [{ languageId: 'cs', name: 'Acme', description: 'Popis' }],
    });
    expect(parsed.name).toBe('Acme');
    expect(parsed.manufacturer.country).toBe('CZ');
    expect(parsed.manufacturer.email).toBeUndefined();
  });

  it('refuses a bad name with the brand rules and a second translation of one language', () => {
    const result = brandRequestSchema.safeParse({
      name: '1234',
      manufacturer,
      translations: [
        { languageId: 'cs', name: 'A', description: '' },
        { languageId: 'cs', name: 'B', description: '' },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toEqual(['name:brandLetter', 'translations.1.languageId:invalid']);
  });

  it('refuses control characters, a description over 2000 and a bad e-mail', () => {
    const result = brandRequestSchema.safeParse({
      name: 'Acme\u0000',
      description: 'x'.repeat(2001),
      manufacturer: { ...manufacturer, email: 'nope' },
    });
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages).toEqual(['name:invalidCharacters', 'description:max', 'manufacturer.email:email']);
  });
});
