import { type ErrorCode, type FieldIssue, normalizeErrorCode } from '@pp/domain';
import type { TFunction } from 'i18next';
import { type FormIssue, schemaErrors } from '../../ui/formErrors';

/** A failure as the user should learn about it: a catalogue code, the server's translated text, field issues. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldIssue[];
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, fields: FieldIssue[] = [], status?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.fields = fields;
    this.status = status;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

interface RawGraphQLError {
  message?: unknown;
  extensions?: { code?: unknown; fields?: unknown };
}

function readFields(raw: unknown): FieldIssue[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (f): f is FieldIssue =>
      !!f && typeof f === 'object' && typeof f.field === 'string' && typeof (f as FieldIssue).rule === 'string',
  );
}

/**
 * The first error of an answer as an ApiError. Unknown codes become UNKNOWN and lose their message: the
 * catalogue text is shown instead, because an unknown code may carry a technical message.
 */
export function toApiError(errors: readonly RawGraphQLError[], status?: number): ApiError {
  const first = errors[0] ?? {};
  const code = normalizeErrorCode(first.extensions?.code);
  const message = code !== 'UNKNOWN' && typeof first.message === 'string' ? first.message : '';
  return new ApiError(code, message, readFields(first.extensions?.fields), status);
}

/** The text to show for any failure: the server's translated message, else the catalogue's. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message || t(`errors.${error.code}`);
  return t('errors.UNKNOWN');
}

/** Field issues of a failure as form errors, translated from the validation section. */
export function fieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((f) => [f.field, t(`validation.${f.rule}`, f.params ?? {})]));
}

/**
 * Field messages from the domain's zod issues, the same keys the server sends back: forms show the
 * rule before the request goes. The first issue of each field wins.
 */
export function issueErrors<F extends string>(
  issues: readonly FormIssue[],
  t: TFunction,
  params: Record<string, string | number> = {},
): Partial<Record<F, string>> {
  return schemaErrors<F>(issues, t, params);
}
