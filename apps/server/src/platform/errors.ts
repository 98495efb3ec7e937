import { DomainError, type ErrorCode, type FieldIssue, type Language } from '@pp/domain';
import { GraphQLError } from 'graphql';
import type { ZodError } from 'zod';
import { translate } from './i18n';
import { isQueryCancelled } from './db/pg-errors';

export { DomainError };

/**
 * Database refusals a caller can cause and understand: a statement stopped by the statement timeout
 * (SQLSTATE 57014).
 */
export function databaseRefusal(error: unknown): DomainError | null {
  return isQueryCancelled(error) ? new DomainError('QUERY_TIMEOUT') : null;
}

/** HTTP status that goes with a code when it travels over REST or ends a GraphQL session. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'AUTHENTICATION_ERROR':
    case 'UNAUTHORIZED':
      return 401;
    case 'ACCESS_DENIED':
    case 'UNAUTHORIZED_ACTION':
    case 'NOT_ALLOWED':
      return 403;
    case 'NOT_FOUND':
    case 'ENTITY_NOT_FOUND':
    case 'CATEGORY_NOT_FOUND':
    case 'BRAND_NOT_FOUND':
    case 'BRAND_REQUEST_NOT_FOUND':
    case 'PRODUCT_NOT_FOUND':
      return 404;
    case 'TOO_MANY_ATTEMPTS':
    case 'TOO_MANY_REQUESTS':
      return 429;
    case 'INTERNAL':
    case 'UNKNOWN':
      return 500;
    case 'SERVICE_UNAVAILABLE':
    case 'QUERY_TIMEOUT':
      return 503;
    default:
      return 400;
  }
}

/** The numbers (and listed values) a message names: zod's bound as {{0}}, and a custom issue's own params (e.g. {{min}}). */
function boundOf(issue: ZodError['issues'][number]): Record<string, number | string> {
  if ('maximum' in issue) return { 0: Number(issue.maximum) };
  if ('minimum' in issue) return { 0: Number(issue.minimum) };
  if (issue.code === 'custom' && issue.params) {
    return Object.fromEntries(
      Object.entries(issue.params).filter(
        (e): e is [string, number | string] => typeof e[1] === 'number' || typeof e[1] === 'string',
      ),
    );
  }
  return {};
}

/** Turns zod issues into a VALIDATION_ERROR whose fields name message keys under `validation.`. */
export function validationError(error: ZodError): DomainError {
  const fields: FieldIssue[] = error.issues.map((issue) => ({
    field: issue.path.join('.'),
    rule: /^[a-zA-Z]+$/.test(issue.message) ? issue.message : 'invalid',
    params: boundOf(issue),
  }));
  return new DomainError('VALIDATION_ERROR', {}, fields);
}

/** The body every failure answers with, on REST and inside GraphQL extensions alike. */
export function errorPayload(error: DomainError, lang: Language) {
  return {
    code: error.code,
    message: translate(lang, `errors.${error.code}`, error.params),
    fields: error.fields.map((f) => ({
      ...f,
      message: translate(lang, `validation.${f.rule}`, f.params ?? {}),
    })),
  };
}

export function toGraphQLError(error: DomainError, lang: Language): GraphQLError {
  const payload = errorPayload(error, lang);
  const status = httpStatusOf(error.code);
  return new GraphQLError(payload.message, {
    extensions: {
      code: payload.code,
      ...(payload.fields.length ? { fields: payload.fields } : {}),
      // What the message names, for a client that acts on it (a price change's confirmation token).
      ...(Object.keys(error.params).length ? { params: error.params } : {}),
      // Only a 401 changes the HTTP status of a GraphQL answer: the web logs out on it (spec §7).
      ...(status === 401 ? { http: { status } } : {}),
    },
  });
}
