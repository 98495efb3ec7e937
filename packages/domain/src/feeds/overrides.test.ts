import { describe, expect, it } from 'vitest';
import { isFormulaLike, overrideCsvDelimiter, overrideCsvHeader, readOverrideRow } from './overrides';

describe('override CSV headers', () => {
  it('match the kind’s columns in order, whatever the case, blanks, _ or -', () => {
    expect(overrideCsvHeader('CATEGORY', ['partnerProductId', 'sapCategoryId', 'param', 'value'])).toHaveLength(4);
    expect(
      overrideCsvHeader('CATEGORY', ['PARTNER_PRODUCT_ID', 'sap-category-id', ' Param ', 'VALUE', '']),
    ).toHaveLength(4);
    expect(overrideCsvHeader('CATEGORY', ['sapCategoryId', 'partnerProductId', 'param', 'value'])).toBeNull();
    expect(overrideCsvHeader('BOX', ['partnerProductId'])).toBeNull();
  });

  it('take the media file with or without its optional last column', () => {
    expect(overrideCsvHeader('MEDIA', ['partnerProductId', 'url', 'energyLabel', 'informationList'])).toEqual([
      'partnerProductId',
      'url',
      'energyLabel',
      'informationList',
    ]);
    expect(
      overrideCsvHeader('MEDIA', ['partnerProductId', 'url', 'energy_label', 'information_list', 'excluded']),
    ).toHaveLength(5);
    expect(overrideCsvHeader('MEDIA', ['partnerProductId', 'url', 'energyLabel'])).toBeNull();
  });

  it('say the separator: a semicolon when the header has one, else a comma', () => {
    expect(overrideCsvDelimiter('a;b,c')).toBe(';');
    expect(overrideCsvDelimiter('a,b')).toBe(',');
  });
});

describe('formula-like values', () => {
  it('are the texts a spreadsheet would run; signed numbers are not', () => {
    for (const text of ['=1+1', '+A1', '-A1', '@SUM(A1)', '\t=1']) expect(isFormulaLike(text)).toBe(true);
    for (const text of ['-5', '+1,5', '- 12.5', 'red', 'a=b', '']) expect(isFormulaLike(text)).toBe(false);
  });
});

describe('one row', () => {
  it('is read with its values normalised', () => {
    expect(readOverrideRow('BOX', ['partnerProductId', 'boxType'], [' A-1 ', 'bigbox'], 2)).toEqual({
      row: { partnerProductId: 'A-1', boxType: 'BIGBOX' },
      issues: null,
    });
    expect(
      readOverrideRow(
        'MEDIA',
        ['partnerProductId', 'url', 'energyLabel', 'informationList'],
        ['A', 'https://x.cz/a.png', 'YES', ''],
        3,
      ).row,
    ).toEqual({
      partnerProductId: 'A',
      url: 'https://x.cz/a.png',
      energyLabel: true,
      informationList: false,
      excluded: false,
    });
  });

  it('names each refused column with its rule and the file’s line', () => {
    const columns = ['partnerProductId', 'sapCategoryId', 'param', 'value'];
    expect(readOverrideRow('CATEGORY', columns, ['a b', '', '', 'x'], 7).issues).toEqual([
      { field: 'partnerProductId', rule: 'productId', params: { row: 7 } },
      { field: 'sapCategoryId', rule: 'required', params: { row: 7 } },
      { field: 'param', rule: 'required', params: { row: 7 } },
    ]);
    expect(readOverrideRow('CATEGORY', columns, ['A', '1', 'COLOR', '=CMD()'], 8).issues).toEqual([
      { field: 'value', rule: 'overrideFormula', params: { row: 8 } },
    ]);
    expect(readOverrideRow('BOX', ['partnerProductId', 'boxType'], ['A'], 9).issues).toEqual([
      { field: 'row', rule: 'overrideColumns', params: { row: 9, 0: 2 } },
    ]);
  });
});
