import { DomainError } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { v1DomainError, v1ErrorBody, v1HttpStatusOf, v1Ok } from './envelope';

describe('the v1 envelope', () => {
  it('gives each refusal its status by meaning', () => {
    const statuses = Object.fromEntries(
      (
        [
          'VALIDATION_ERROR',
          'API_CLIENT_INVALID',
          'ACCESS_DENIED',
          'CATEGORY_NOT_FOUND',
          'DELIVERY_NOT_FOUND',
          'CONFLICT',
          'PRODUCT_ALREADY_EXISTS',
          'IMPORT_IN_PROGRESS',
          'TOO_MANY_REQUESTS',
          'QUERY_TIMEOUT',
        ] as const
      ).map((code) => [code, v1HttpStatusOf(code)]),
    );
    expect(statuses).toEqual({
      VALIDATION_ERROR: 400,
      API_CLIENT_INVALID: 401,
      ACCESS_DENIED: 403,
      CATEGORY_NOT_FOUND: 404,
      DELIVERY_NOT_FOUND: 404,
      CONFLICT: 409,
      PRODUCT_ALREADY_EXISTS: 409,
      IMPORT_IN_PROGRESS: 409,
      TOO_MANY_REQUESTS: 429,
      QUERY_TIMEOUT: 503,
    });
  });

  it('names each invalid field with its rule and bounds, in the caller’s language', () => {
    const error = new DomainError('VALIDATION_ERROR', {}, [
      { field: 'query.page_size', rule: 'max', params: { 0: 500 } },
      { field: 'query.page', rule: 'invalid' },
    ]);
    const { status, body } = v1ErrorBody(error, 'en');
    expect(status).toBe(400);
    expect(body.result).toEqual({ code: 400, status: 'ERROR', message: expect.any(String) });
    expect(body.errorCodes).toEqual([
      {
        errorCode: 'VALIDATION_ERROR',
        message: expect.stringContaining('500'),
        errorAttributes: { field: 'query.page_size', rule: 'max', 0: 500 },
      },
      {
        errorCode: 'VALIDATION_ERROR',
        message: expect.any(String),
        errorAttributes: { field: 'query.page', rule: 'invalid' },
      },
    ]);
    const limited = v1ErrorBody(new DomainError('TOO_MANY_REQUESTS'), 'cs');
    expect(limited.body.result.status).toBe('LIMITED');
    expect(limited.body.errorCodes[0]!.message).not.toBe(
      v1ErrorBody(new DomainError('TOO_MANY_REQUESTS'), 'en').body.errorCodes[0]!.message,
    );
  });

  it('turns what is not a refusal into INTERNAL, and a broken body into INVALID_REQUEST', () => {
    expect(v1DomainError(new Error('boom'))).toMatchObject({ error: { code: 'INTERNAL' }, unexpected: true });
    const broken = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' });
    expect(v1DomainError(broken)).toMatchObject({ error: { code: 'INVALID_REQUEST' }, unexpected: false });
    expect(v1Ok([1], 'en', { total: 1, pages: 1, size: 1, page: 1 })).toEqual({
      result: { code: 200, status: 'OK', message: 'OK' },
      paging: { total: 1, pages: 1, size: 1, page: 1 },
      data: [1],
    });
  });
});
