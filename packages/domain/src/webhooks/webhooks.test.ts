import { describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOKS,
  signatureBase,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_URL_MAX,
  webhookRetryDelayMs,
  webhookSchema,
  webhookUrlRefusal,
} from './webhooks';

describe('webhook rules', () => {
  it('takes http and https URLs only, without credentials or a fragment', () => {
    expect(webhookUrlRefusal('https://shop.example.com/hooks?x=1')).toBeNull();
    expect(webhookUrlRefusal('http://shop.example.com:8080/hooks')).toBeNull();
    expect(webhookUrlRefusal('ftp://shop.example.com/hooks')).toBe('url');
    expect(webhookUrlRefusal('javascript:alert(1)')).toBe('url');
    expect(webhookUrlRefusal('shop.example.com/hooks')).toBe('url');
    expect(webhookUrlRefusal('https://shop.example.com/#top')).toBe('url');
    expect(webhookUrlRefusal('https://me:secret@shop.example.com/')).toBe('urlCredentials');
  });

  it('bounds the URL length on both sides of 2000', () => {
    const at = `https://e.com/${'a'.repeat(WEBHOOK_URL_MAX - 14)}`;
    expect(at).toHaveLength(WEBHOOK_URL_MAX);
    expect(webhookSchema.safeParse({ url: at, event: 'ORDER_CREATED' }).success).toBe(true);
    expect(webhookSchema.safeParse({ url: `${at}a`, event: 'ORDER_CREATED' }).success).toBe(false);
  });

  it('subscribes only to the machine events and is enabled unless said otherwise', () => {
    const ok = webhookSchema.parse({ url: 'https://e.com/h', event: 'ORDER_STATUS_CHANGED' });
    expect(ok.isEnabled).toBe(true);
    expect(webhookSchema.safeParse({ url: 'https://e.com/h', event: 'WEBHOOK_BROKEN' }).success).toBe(false);
    expect(webhookSchema.safeParse({ url: 'https://e.com/h', event: 'MESSAGE_RECEIVED' }).success).toBe(false);
    expect(MAX_WEBHOOKS).toBe(5);
  });

  it('waits longer after each failure and gives up after the last attempt', () => {
    const waits = Array.from({ length: WEBHOOK_MAX_ATTEMPTS - 1 }, (_, i) => webhookRetryDelayMs(i + 1)!);
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS - 1)).not.toBeNull();
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
    expect(webhookRetryDelayMs(2, [10, 20])).toBe(20);
    expect(webhookRetryDelayMs(3, [10, 20])).toBeNull();
  });

  it('signs the timestamp and the exact body', () => {
    expect(signatureBase(1700000000, '{"a":1}')).toBe('1700000000.{"a":1}');
  });
});
