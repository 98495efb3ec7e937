import type { TFunction } from 'i18next';
import { errorMessage, fieldErrors } from '../app/api/apiError';
import { flash } from './flash';

/** A zod issue as the form reads it, without the web depending on zod itself. */
export interface FormIssue {
  path: PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
  minimum?: unknown;
  maximum?: unknown;
}

/** What a domain schema answers: its parsed data, or every issue found. */
export type FormSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly FormIssue[] } };
};

/** The numbers and examples a message names: a bound as {{0}}, and a rule's own params (the server does the same). */
export function issueParams(issue: FormIssue): Record<string, string | number> {
  if (issue.maximum !== undefined) return { 0: Number(issue.maximum) };
  if (issue.minimum !== undefined) return { 0: Number(issue.minimum) };
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return params;
}

/**
 * One message per field from every issue of a schema, so a form shows its required and its format errors
 * together; the first issue of a field wins (an empty field says "required", not also "too short").
 */
export function schemaErrors<F extends string>(
  issues: readonly FormIssue[],
  t: TFunction,
  params: Record<string, string | number> = {},
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as F;
    errors[field] ??= t(`validation.${issue.message}`, { ...params, ...issueParams(issue) });
  }
  return errors;
}

/**
 * A refused form command: the server's field issues go to their fields; a refusal of the whole command (no field
 * named) is a flash message.
 */
export function showRefusal(error: unknown, t: TFunction, setErrors: (fields: Record<string, string>) => void): void {
  const fields = fieldErrors(error, t);
  if (Object.keys(fields).length > 0) setErrors(fields);
  else flash.error(errorMessage(error, t));
}
