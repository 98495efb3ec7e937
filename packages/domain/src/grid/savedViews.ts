import { z } from 'zod';
import { safeText } from '../text/safeText';
import { gridFilterSchema, gridSortSchema } from './grid';

export const SAVED_VIEW_NAME_MAX = 60;
/** Saved views per account and grid: enough for real use, few enough to stay a short menu. */
export const SAVED_VIEWS_PER_GRID = 30;

/** A grid's id names its list (e.g. `cockpit-partners`); views are kept per account, partner and grid. */
export const gridIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'invalid');

/** A view's columns: the names shown, in their order (at most 100 names of at most 64 characters). */
export const SAVED_VIEW_COLUMNS_MAX = 100;
export const SAVED_VIEW_COLUMN_NAME_MAX = 64;

export const savedViewStateSchema = z.object({
  filters: z.array(gridFilterSchema).max(30).default([]),
  columns: z
    .array(
      z
        .string()
        .min(1, 'required')
        .max(SAVED_VIEW_COLUMN_NAME_MAX, 'max')
        .regex(/^[A-Za-z0-9_.-]+$/, 'invalid'),
    )
    .max(SAVED_VIEW_COLUMNS_MAX, 'max')
    .nullish(),
  sort: gridSortSchema.nullish(),
  search: safeText().max(200).nullish(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const savedViewInputSchema = z.object({
  gridId: gridIdSchema,
  name: safeText().trim().min(1, 'required').max(SAVED_VIEW_NAME_MAX, 'max'),
  state: savedViewStateSchema,
});
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

/** Saved filter names must be unique (spec §5): per grid, ignoring letter case and surrounding spaces. */
export function isSavedViewNameTaken(name: string, existing: readonly { name: string }[]): boolean {
  const key = name.trim().toLocaleLowerCase();
  return existing.some((v) => v.name.trim().toLocaleLowerCase() === key);
}
