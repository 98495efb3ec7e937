import type { TFunction } from 'i18next';

/** zod issues as one translated message per top-level field, with the bound of min/max as {{0}}. */
export function issueMessages<F extends string>(
  issues: readonly { path: PropertyKey[]; message: string }[],
  t: TFunction,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as F;
    const bound = issue as { minimum?: unknown; maximum?: unknown };
    const limit = bound.minimum ?? bound.maximum;
    errors[field] ??= t(`validation.${issue.message}`, limit === undefined ? {} : { 0: Number(limit) });
  }
  return errors;
}
