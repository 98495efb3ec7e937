import { DomainError, type ErrorCode, type Language, type V1Paging, v1StatusOf } from '@pp/domain';
import { databaseRefusal, errorPayload, httpStatusOf } from '../../../platform/errors';
import { translate } from '../../../platform/i18n';

/**
 * The answer shapes of the partner REST API v1, as the marketplace's API gives them:
 * `{"result":{"code","status","message"},"paging"?,"data"}` and, for a refusal,
 * `{"result":{…},"errorCodes":[{"errorCode","message","errorAttributes"}]}`.
 */

export interface V1Result {
  code: number;
  status: 'OK' | 'ERROR' | 'LIMITED';
  message: string;
}

export interface V1ErrorCode {
  errorCode: string;
  message: string;
  errorAttributes: Record<string, string | number>;
}

/** Codes that say the request met a state it cannot change (409), beside the platform's own statuses. */
const CONFLICT_CODES: readonly ErrorCode[] = [
  'CONFLICT',
  'ENTITY_ALREADY_EXISTS',
  'PRODUCT_ALREADY_EXISTS',
  'IMPORT_IN_PROGRESS',
  'PRODUCT_JOB_IN_PROGRESS',
  'EXPORT_IN_PROGRESS',
  'BRAND_REQUEST_DECIDED',
  // An order whose state forbids the change (the order rules of commerce §4).
  'ORDER_BLOCKED_STATUS_CANNOT_CHANGE',
  'ORDER_UNCONFIRMED_CANNOT_CHANGE',
  'ORDER_MDP_SHIPPED_CANNOT_CHANGE',
  'ORDER_CANCELLED',
];

/** The HTTP status of a refusal on v1: the platform's (401, 403, 404, 429, 503 …) with conflicts as 409. */
export function v1HttpStatusOf(code: ErrorCode): number {
  if (code === 'API_CLIENT_INVALID') return 401;
  if (CONFLICT_CODES.includes(code)) return 409;
  // The spec's "…_NOT_FOUND" codes name a missing object whatever the area.
  if (code.endsWith('_NOT_FOUND')) return 404;
  return httpStatusOf(code);
}

export function v1Result(status: number, lang: Language, message?: string): V1Result {
  return { code: status, status: v1StatusOf(status), message: message ?? translate(lang, 'api.v1.ok') };
}

/**
 * A list whose items the database wrote as JSON text (a page of basic orders: the items joined by commas): sent
 * as it is, never parsed and serialised again here. `toJSON` keeps it a plain array for whoever serialises it
 * anyway; `length` is the number of items.
 */
export class V1JsonArray {
  constructor(
    readonly joined: string,
    readonly length: number,
  ) {}
  toJSON(): unknown[] {
    return JSON.parse(`[${this.joined}]`);
  }
}

/** The envelope as JSON text, with a `V1JsonArray`'s items spliced in as they are. */
export function v1OkText(envelope: { data: unknown }): string | null {
  if (!(envelope.data instanceof V1JsonArray)) return null;
  const { data, ...rest } = envelope;
  const head = JSON.stringify(rest);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"data":[${data.joined}]}`;
}

export function v1Ok<T>(data: T, lang: Language, paging?: V1Paging) {
  return { result: v1Result(200, lang), ...(paging ? { paging } : {}), data };
}

/**
 * A refusal as v1 sends it: the message of the code in the caller's language, and one entry per invalid field
 * (the field, the rule and its bounds as attributes) or one for the code with its parameters.
 */
export function v1ErrorBody(error: DomainError, lang: Language) {
  const payload = errorPayload(error, lang);
  const status = v1HttpStatusOf(error.code);
  const errorCodes: V1ErrorCode[] = payload.fields.length
    ? payload.fields.map((f) => ({
        errorCode: error.code,
        message: f.message,
        errorAttributes: { field: f.field, rule: f.rule, ...(f.params ?? {}) },
      }))
    : [{ errorCode: error.code, message: payload.message, errorAttributes: { ...error.params } }];
  // The marketplace's PHP client reads a price protection's force token at `data.data.forceToken`.
  const forceToken = error.code === 'PRICE_PROTECTION_ERROR' ? error.params.forceToken : undefined;
  return {
    status,
    body: {
      result: v1Result(status, lang, payload.message),
      errorCodes,
      ...(forceToken !== undefined ? { data: { data: { forceToken: String(forceToken) } } } : {}),
    },
  };
}

/**
 * Any failure as a DomainError: the service's own, a statement timeout, Fastify's refusals of the body (size,
 * broken JSON), else INTERNAL (logged by the caller). Bad input never becomes INTERNAL.
 */
export function v1DomainError(error: unknown): { error: DomainError; unexpected: boolean } {
  if (error instanceof DomainError) return { error, unexpected: false };
  const refusal = databaseRefusal(error);
  if (refusal) return { error: refusal, unexpected: false };
  const fastifyCode = (error as { code?: string }).code;
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { error: new DomainError('REQUEST_BODY_SIZE_EXCEEDED'), unexpected: false };
  }
  if (fastifyCode?.startsWith('FST_ERR_CTP') || (error as { validation?: unknown }).validation) {
    return { error: new DomainError('INVALID_REQUEST'), unexpected: false };
  }
  return { error: new DomainError('INTERNAL'), unexpected: true };
}
