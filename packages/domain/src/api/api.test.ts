import { describe, expect, it } from 'vitest';
import {
  apiDayOf,
  apiDayStart,
  apiDomainOfPath,
  apiKeySchema,
  apiKeyState,
  nextApiDay,
  previousApiDay,
  sandboxAccountSchema,
  usedPercentage,
} from './api';

const now = new Date('2026-05-10T10:00:00Z');

function rulesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('API key input', () => {
  it('starts now and is unlimited when no window is given', () => {
    expect(apiKeySchema(now).parse({ type: 'master' })).toEqual({ type: 'master', validFrom: now, validTo: null });
    expect(apiKeySchema(now).parse({ type: 'legacy', validTo: null }).validTo).toBeNull();
  });

  it('refuses an unknown type', () => {
    expect(rulesOf(apiKeySchema(now).safeParse({ type: 'root' }))).toEqual(['type:invalid']);
  });

  it('refuses an end that is past, and takes one a second ahead', () => {
    expect(rulesOf(apiKeySchema(now).safeParse({ type: 'legacy', validTo: '2026-05-10T10:00:00Z' }))).toEqual([
      'validTo:dateInPast',
    ]);
    expect(apiKeySchema(now).parse({ type: 'legacy', validTo: '2026-05-10T10:00:01Z' }).validTo).toEqual(
      new Date('2026-05-10T10:00:01Z'),
    );
  });

  it('refuses an end at or before the start, and takes one after it', () => {
    const from = '2026-06-01T00:00:00Z';
    expect(rulesOf(apiKeySchema(now).safeParse({ type: 'legacy', validFrom: from, validTo: from }))).toEqual([
      'validTo:dateAfterStart',
    ]);
    expect(
      apiKeySchema(now).safeParse({ type: 'legacy', validFrom: from, validTo: '2026-06-01T00:00:01Z' }).success,
    ).toBe(true);
  });

  it('refuses dates outside the calendar and control characters', () => {
    expect(rulesOf(apiKeySchema(now).safeParse({ type: 'legacy', validFrom: '10000-01-01T00:00:00Z' }))).toEqual([
      'validFrom:dateOutOfRange',
    ]);
    expect(rulesOf(apiKeySchema(now).safeParse({ type: 'legacy', validTo: '2027-01-01\u0000' }))).toEqual([
      'validTo:invalidCharacters',
    ]);
  });
});

describe('API key state', () => {
  const key = {
    validFrom: new Date('2026-05-01T00:00:00Z'),
    validTo: new Date('2026-06-01T00:00:00Z'),
    revokedAt: null,
  };
  it('is valid inside its window, not yet valid before it, expired from its end on', () => {
    expect(apiKeyState(key, now)).toBe('valid');
    expect(apiKeyState(key, new Date('2026-04-30T23:59:59Z'))).toBe('notYetValid');
    expect(apiKeyState(key, new Date('2026-06-01T00:00:00Z'))).toBe('expired');
    expect(apiKeyState({ ...key, validTo: null }, new Date('2099-01-01T00:00:00Z'))).toBe('valid');
  });
  it('is revoked whatever its window says', () => {
    expect(apiKeyState({ ...key, revokedAt: now }, now)).toBe('revoked');
  });
});

describe('sandbox account', () => {
  it('needs an e-mail', () => {
    expect(sandboxAccountSchema.parse({ email: ' dev@shop.cz ' })).toEqual({ email: 'dev@shop.cz' });
    expect(sandboxAccountSchema.safeParse({ email: 'dev' }).success).toBe(false);
    expect(sandboxAccountSchema.safeParse({ email: '' }).success).toBe(false);
  });
});

describe('API domain of a request', () => {
  it.each([
    ['GET', '/api/v2/products', 'products'],
    ['PUT', '/api/v2/products/ABC-1', 'products'],
    ['GET', '/api/v2/products/ABC-1/variants/2', 'products'],
    ['PUT', '/api/v2/products/ABC-1/availability', 'availability'],
    ['POST', '/api/v2/availability?x=products', 'availability'],
    ['PUT', '/API/V2/Stock/ABC', 'availability'],
    ['GET', '/api/v2/orders/123', 'orders'],
    ['GET', '/api/v2/orders?status=open', 'orders'],
    ['GET', '/api/v2/brands', 'other'],
    ['GET', '/api/v2', 'other'],
    ['OPTIONS', '/api/v2/orders', 'other'],
    ['GET', '/api/v2/partner/orders', 'other'],
  ])('%s %s is %s', (method, path, domain) => {
    expect(apiDomainOfPath(method, path)).toBe(domain);
  });
});

describe('limit day', () => {
  it('turns at midnight in Prague, in winter and in summer time', () => {
    expect(apiDayOf(new Date('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(apiDayOf(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
    expect(apiDayOf(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(apiDayOf(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
  it('knows the day before across months and years', () => {
    expect(previousApiDay('2026-03-01')).toBe('2026-02-28');
    expect(previousApiDay('2026-01-01')).toBe('2025-12-31');
  });
  it('rounds the share to one decimal', () => {
    expect(usedPercentage(1, 3)).toBe(33.3);
    expect(usedPercentage(0, 10)).toBe(0);
    expect(usedPercentage(11, 10)).toBe(110);
  });
});

describe('limit day start', () => {
  it('is midnight in Prague as a moment, in winter and in summer', () => {
    expect(apiDayStart('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(apiDayStart('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(nextApiDay('2026-12-31')).toBe('2027-01-01');
  });
});
