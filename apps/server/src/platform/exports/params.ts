import {
  DomainError,
  type FieldIssue,
  GRID_CURSOR_MAX,
  gridFilterSchema,
  gridSortSchema,
  MAX_PAGE_SIZE,
  safeText,
} from '@pp/domain';
import { z } from 'zod';
import { validationError } from '../errors';

/**
 * The parameters of a grid's export: the grid request as the DataGrid sends it. Paging is accepted (a REST
 * caller sends the grid's whole request) and ignored, the file holds every matching row. Strict: a kind adds
 * its own keys with `.extend`, and any other key is refused rather than stored.
 */
export const gridExportParams = z.strictObject({
  filters: z.array(gridFilterSchema).max(30).optional(),
  sort: gridSortSchema.nullish(),
  search: safeText().max(200).nullish(),
  page: z.number().int().min(1).max(1_000_000).optional(),
  perPage: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  after: safeText().max(GRID_CURSOR_MAX).nullish(),
});

/** A key is named in the answer only when it looks like one; anything else is just "params". */
const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Checks what a caller sent against the kind's schema. Only the schema's output travels on (to the run's
 * row and the job): a key the kind does not know is refused, never stored, and every text in it is safe
 * text, so nothing a caller sends can make the database refuse the row.
 */
export function checkExportParams(schema: z.ZodType, params: unknown): unknown {
  const parsed = schema.safeParse(params ?? {});
  if (parsed.success) return parsed.data;
  const unknownKeys: FieldIssue[] = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => {
          const path = [...issue.path, key].map(String);
          return {
            field: path.every((p) => PLAIN_KEY.test(p) || /^\d+$/.test(p)) ? path.join('.') : 'params',
            rule: 'invalid',
          };
        })
      : [],
  );
  const others = parsed.error.issues.filter((issue) => issue.code !== 'unrecognized_keys');
  const fields = others.length > 0 ? validationError(new z.ZodError(others)).fields : [];
  // Parameters that are no object at all are refused as a whole.
  const named = fields.map((f) => (f.field === '' ? { ...f, field: 'params' } : f));
  throw new DomainError('VALIDATION_ERROR', {}, [...unknownKeys, ...named]);
}
