import { describe, expect, it } from 'vitest';
import type { DomainError } from '../errors/codes';
import { type V1Column, v1GridQuery } from './v1-filters';

const COLUMNS: Record<string, V1Column> = {
  id: { field: 'id', kind: 'number' },
  status: { field: 'status', kind: 'enum' },
  confirmed: { field: 'confirmed', kind: 'boolean' },
  created: { field: 'createdAt', kind: 'datetime' },
  ship_date: { field: 'dispatchDate', kind: 'date' },
  tracking_number: { field: 'trackingNumber', kind: 'text' },
};

function issuesOf(query: Record<string, unknown>) {
  try {
    v1GridQuery(query, COLUMNS);
    return [];
  } catch (error) {
    return (error as DomainError).fields.map((f) => `${f.field}:${f.rule}`);
  }
}

describe('v1 list filters', () => {
  it('reads every operator into the grid contract', () => {
    const { filters } = v1GridQuery(
      {
        id: 'gt:10',
        status: 'in:open,shipping',
        confirmed: 'eq:false',
        created: 'bt:2026-03-01 00:00:00,2026-03-31 23:59:59',
        ship_date: 'le:2026-03-10',
        tracking_number: '$null',
      },
      COLUMNS,
    );
    expect(filters).toEqual([
      { field: 'id', operator: 'GREATER_THAN', value: '10' },
      { field: 'status', operator: 'IN', values: ['open', 'shipping'] },
      { field: 'confirmed', operator: 'EQUAL', value: 'false' },
      { field: 'createdAt', operator: 'BETWEEN', values: ['2026-02-28T23:00:00.000Z', '2026-03-31T21:59:59.000Z'] },
      { field: 'dispatchDate', operator: 'LESS_THAN_OR_EQUAL', value: '2026-03-10' },
      { field: 'trackingNumber', operator: 'EMPTY' },
    ]);
  });

  it('reads a bare value as eq, neq/ne alike, neq:$null as not empty, 1 and 0 as booleans', () => {
    expect(v1GridQuery({ status: 'open', id: 'ne:5', confirmed: '1' }, COLUMNS).filters).toEqual([
      { field: 'status', operator: 'EQUAL', value: 'open' },
      { field: 'id', operator: 'NOT_EQUAL', value: '5' },
      { field: 'confirmed', operator: 'EQUAL', value: 'true' },
    ]);
    expect(v1GridQuery({ tracking_number: 'neq:$null', id: 'neq:7' }, COLUMNS).filters).toEqual([
      { field: 'trackingNumber', operator: 'NEMPTY' },
      { field: 'id', operator: 'NOT_EQUAL', value: '7' },
    ]);
  });

  it('leaves reserved and unknown parameters alone and takes the last of a repeated one', () => {
    expect(v1GridQuery({ client_id: 'x', page: '2', whatever: 'eq:1', status: ['open', 'shipped'] }, COLUMNS)).toEqual({
      filters: [{ field: 'status', operator: 'EQUAL', value: 'shipped' }],
      sort: null,
    });
  });

  it('sorts by the first column named', () => {
    expect(v1GridQuery({ _sort: 'created:desc,id:asc' }, COLUMNS).sort).toEqual({
      field: 'createdAt',
      direction: 'DESCENDING',
    });
    expect(v1GridQuery({ _sort: 'id' }, COLUMNS).sort).toEqual({ field: 'id', direction: 'ASCENDING' });
  });

  it('reads nbt as outside the range, with the same two ends as bt', () => {
    expect(
      v1GridQuery(
        { id: 'nbt:10,20', created: 'nbt:2026-03-01,2026-03-31 23:59:59', ship_date: 'bt:2026-03-01,2026-03-02' },
        COLUMNS,
      ).filters,
    ).toEqual([
      { field: 'id', operator: 'NOT_BETWEEN', values: ['10', '20'] },
      { field: 'createdAt', operator: 'NOT_BETWEEN', values: ['2026-02-28T23:00:00.000Z', '2026-03-31T21:59:59.000Z'] },
      { field: 'dispatchDate', operator: 'BETWEEN', values: ['2026-03-01', '2026-03-02'] },
    ]);
    expect(issuesOf({ id: 'nbt:1', status: 'bt:1,2,3' })).toEqual(['query.id:invalid', 'query.status:invalid']);
  });

  it('refuses unreadable values, a range without two ends and an unknown sort, naming each', () => {
    expect(
      issuesOf({
        confirmed: 'eq:maybe',
        created: 'gt:yesterday',
        ship_date: 'eq:2026-02-30',
        id: 'nbt:1',
        status: 'in:',
        _sort: 'nothing:asc',
      }),
    ).toEqual([
      'query.confirmed:invalid',
      'query.created:date',
      'query.ship_date:date',
      'query.id:invalid',
      'query.status:invalid',
      'query._sort:invalid',
    ]);
    expect(issuesOf({ _sort: 'id:sideways' })).toEqual(['query._sort:invalid']);
    // A name of Object's prototype is no column.
    expect(v1GridQuery({ constructor: 'eq:1', toString: 'x' }, COLUMNS).filters).toEqual([]);
  });
});
