import { describe, expect, it } from 'vitest';
import { BRANCH_FILE_COLUMNS, branchSearchWords, branchZipPrefix, normalizeBranchZip, readBranchRow } from './branches';

const row = (over: Partial<Record<(typeof BRANCH_FILE_COLUMNS)[number], string>> = {}) => {
  const base = {
    carrier: 'zasilkovna',
    country: 'cz',
    code: '10234',
    name: 'Plzeň, Americká 40 (Trafika)',
    street: 'Americká 40',
    city: 'Plzeň',
    zip: '30100',
    lat: '49.74',
    lng: '13.37',
    active: '',
    cod_allowed: 'no',
    max_package_size: 'smallbox',
    opening_hours: 'Po–Pá 8:00–18:00',
    ...over,
  };
  return BRANCH_FILE_COLUMNS.map((c) => base[c]);
};

describe('carrier branch file rows', () => {
  it('reads a row, writing the zip and codes the country’s way', () => {
    expect(readBranchRow(row())).toEqual({
      branch: expect.objectContaining({
        id: 'ZASILKOVNA-10234',
        carrier: 'ZASILKOVNA',
        country: 'CZ',
        zip: '301 00',
        active: true,
        codAllowed: false,
        maxPackageSize: 'SMALLBOX',
        lat: 49.74,
      }),
    });
  });

  it('names every wrong field of a row', () => {
    const read = readBranchRow(row({ carrier: 'DHL', zip: '3010', lat: '91', active: 'maybe', code: 'a b' }));
    expect(read).toEqual({
      issues: [
        { field: 'carrier', rule: 'invalid' },
        { field: 'code', rule: 'invalid' },
        { field: 'zip', rule: 'invalid' },
        { field: 'lat', rule: 'invalid' },
        { field: 'active', rule: 'invalid' },
      ],
    });
    expect(readBranchRow(['ZASILKOVNA', 'CZ'])).toEqual({ issues: [{ field: 'row', rule: 'columns' }] });
    expect(readBranchRow(row({ name: 'a\u0000b' }))).toEqual({
      issues: [{ field: 'name', rule: 'invalidCharacters' }],
    });
  });

  it('knows each country’s postal codes', () => {
    expect(normalizeBranchZip('PL', '00695')).toBe('00-695');
    expect(normalizeBranchZip('PL', '00-695')).toBe('00-695');
    expect(normalizeBranchZip('SK', '811 01')).toBe('811 01');
    expect(normalizeBranchZip('HU', '1052')).toBe('1052');
    expect(normalizeBranchZip('HU', '10520')).toBeNull();
    expect(normalizeBranchZip('HR', '1000')).toBeNull();
  });
});

describe('branch search words', () => {
  it('joins a zip typed with its space, escapes LIKE wildcards, keeps five words', () => {
    expect(branchSearchWords('Plzeň  301 00')).toEqual(['Plzeň', '30100']);
    expect(branchSearchWords('50%_off')).toEqual(['50\\%\\_off']);
    expect(branchSearchWords('a b c d e f g')).toHaveLength(5);
    expect(branchZipPrefix('PL', '00695')).toBe('00-695');
    expect(branchZipPrefix('CZ', '301')).toBe('301');
    expect(branchZipPrefix('CZ', 'praha')).toBeNull();
  });
});
