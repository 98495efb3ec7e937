import { describe, expect, it } from 'vitest';
import { exportParamsOf, fileNameOf } from './ExportButton';

describe('the export button', () => {
  it('exports what selects and orders the rows, never the page the user looks at', () => {
    const request = {
      filters: [{ field: 'createdAt', operator: 'GREATER_THAN_OR_EQUAL' as const, value: '2026-01-01', values: null }],
      sort: { field: 'id', direction: 'DESCENDING' as const },
      page: 7,
      perPage: 50,
      search: 'Nováková',
      after: 'cursor',
    };
    expect(exportParamsOf(request, { view: 'OPEN' })).toEqual({
      filters: request.filters,
      sort: request.sort,
      search: 'Nováková',
      view: 'OPEN',
    });
  });

  it('names the downloaded file as the server does, diacritics included', () => {
    const header = `attachment; filename="Objednavky zari.csv"; filename*=UTF-8''Objedn%C3%A1vky%20z%C3%A1%C5%99%C3%AD.csv`;
    expect(fileNameOf(header, 'orders.csv')).toBe('Objednávky září.csv');
    expect(fileNameOf('attachment; filename="plain.csv"', 'orders.csv')).toBe('plain.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'orders.csv')).toBe('orders.csv');
    expect(fileNameOf(null, 'orders.xlsx')).toBe('orders.xlsx');
  });
});
