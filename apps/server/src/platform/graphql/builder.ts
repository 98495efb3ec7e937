import SchemaBuilder from '@pothos/core';
import { FILTER_OPERATORS, parseRowId, SORT_DIRECTIONS } from '@pp/domain';
import type { RequestContext } from '../context';

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  DefaultFieldNullability: false;
  // JSON itself is added in platform/exports/graphql.ts; declared here so areas can name it by type.
  Scalars: { DateTime: { Input: Date; Output: Date }; JSON: { Input: unknown; Output: unknown } };
}>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime expected');
    return date;
  },
});

builder.queryType({});
builder.mutationType({});

/** The shared grid contract, one set of input types for every list of the portal. */
export const FilterOperatorEnum = builder.enumType('FilterOperator', { values: FILTER_OPERATORS });
export const SortDirectionEnum = builder.enumType('SortDirection', { values: SORT_DIRECTIONS });

export const GridFilterInput = builder.inputType('GridFilterInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    operator: t.field({ type: FilterOperatorEnum, required: true }),
    value: t.string(),
    values: t.stringList(),
  }),
});

export const GridSortInput = builder.inputType('GridSortInput', {
  fields: (t) => ({
    field: t.string({ required: true }),
    direction: t.field({ type: SortDirectionEnum, required: true }),
  }),
});

export const GridInput = builder.inputType('GridInput', {
  fields: (t) => ({
    filters: t.field({ type: [GridFilterInput] }),
    sort: t.field({ type: GridSortInput }),
    page: t.int(),
    perPage: t.int(),
    search: t.string(),
    after: t.string({
      description:
        'Keyset paging: the nextCursor of the previous page (same sort). The server seeks past it instead of ' +
        'skipping rows, so a far page costs what the first does. Without it, page and perPage page by offset.',
    }),
  }),
});

/** A row id argument under the domain's one rule: anything else is VALIDATION_ERROR, never a database error. */
export function idArg(value: string | number, field = 'id'): number {
  return parseRowId(value, field);
}
