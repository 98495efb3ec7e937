import { describe, expect, it } from 'vitest';
import type { DataGridColumn } from './DataGrid';
import { draftIssue, filterValueIssue } from './FilterPanel';

type Row = Record<string, unknown>;
const id: DataGridColumn<Row> = { field: 'id', header: 'id', filterType: 'NUMBER', number: 'int4' };
const rating: DataGridColumn<Row> = { field: 'rating', header: 'rating', filterType: 'NUMBER' };
const created: DataGridColumn<Row> = { field: 'created', header: 'created', filterType: 'DATE' };
const name: DataGridColumn<Row> = { field: 'name', header: 'name', filterType: 'TEXT' };

describe('filter panel checks', () => {
  it('names the rule the server would answer with, before the request goes', () => {
    expect(filterValueIssue(id, '99999999999')).toBe('numberOutOfRange');
    expect(filterValueIssue(id, '1.5')).toBe('numberOutOfRange');
    expect(filterValueIssue(id, '2147483647')).toBeNull();
    expect(filterValueIssue(rating, '1e400')).toBe('numberOutOfRange');
    // A column that does not say what number it holds is only held to finite numbers here.
    expect(filterValueIssue(rating, '4.5')).toBeNull();
    expect(filterValueIssue(created, '275760-01-01')).toBe('dateOutOfRange');
    expect(filterValueIssue(created, '2024-02-29')).toBeNull();
    expect(filterValueIssue(name, 'a\u0000b')).toBe('invalidCharacters');
    expect(filterValueIssue(name, '')).toBeNull();
  });

  it('refuses a draft with blanks as required and otherwise by the first broken rule', () => {
    expect(draftIssue({ field: 'id', operator: 'EQUAL', value: '', values: [] }, id)).toBe('required');
    expect(draftIssue({ field: 'id', operator: 'BETWEEN', value: '', values: ['1', ''] }, id)).toBe('required');
    expect(draftIssue({ field: 'id', operator: 'BETWEEN', value: '', values: ['1', '1e10'] }, id)).toBe(
      'numberOutOfRange',
    );
    expect(draftIssue({ field: 'id', operator: 'IN', value: '', values: ['1', '2'] }, id)).toBeNull();
    expect(draftIssue({ field: 'created', operator: 'EQUAL', value: '1899-12-31', values: [] }, created)).toBe(
      'dateOutOfRange',
    );
    expect(draftIssue({ field: 'name', operator: 'EMPTY', value: '', values: [] }, name)).toBeNull();
    expect(draftIssue({ field: 'name', operator: 'LIKE', value: ' abc ', values: [] }, name)).toBeNull();
  });
});
