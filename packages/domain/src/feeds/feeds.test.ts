import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { notificationLink, notificationTextKeys } from '../notifications/notifications';
import {
  FEED_URL_MAX,
  feedUrlRefusal,
  MALL_FEED_SCHEDULE_MINUTES,
  MALL_FEED_SCHEDULES,
  mallFeedScheduleOf,
  mallFeedSettingsSchema,
} from './feeds';

const rulesOf = (input: unknown) => {
  const parsed = mallFeedSettingsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

const valid = { url: 'https://shop.example.com/feed.xml', enabled: true, schedule: '1h' };

describe('feed URL rules', () => {
  it('takes http and https URLs with a host, without credentials or a fragment', () => {
    expect(feedUrlRefusal('https://shop.example.com/feed.xml?key=1')).toBeNull();
    expect(feedUrlRefusal('http://shop.example.com:8080/feed')).toBeNull();
    expect(feedUrlRefusal('ftp://shop.example.com/feed.xml')).toBe('url');
    expect(feedUrlRefusal('file:///etc/passwd')).toBe('url');
    expect(feedUrlRefusal('shop.example.com/feed.xml')).toBe('url');
    expect(feedUrlRefusal('https://shop.example.com/feed.xml#top')).toBe('url');
    expect(feedUrlRefusal('https://user:secret@shop.example.com/feed.xml')).toBe('urlCredentials');
    expect(feedUrlRefusal('https://user@shop.example.com/feed.xml')).toBe('urlCredentials');
  });

  it('refuses a URL one character over the length bound, and takes one at it', () => {
    const base = 'https://shop.example.com/';
    const at = base + 'a'.repeat(FEED_URL_MAX - base.length);
    expect(rulesOf({ ...valid, url: at })).toEqual([]);
    expect(rulesOf({ ...valid, url: `${at}a` })).toEqual(['url:max']);
  });
});

describe('MALL feed settings', () => {
  it('knows the spec’s schedules and their periods', () => {
    expect(MALL_FEED_SCHEDULES).toEqual(['DISABLED', '15m', '30m', '1h', '6h', '12h', '1d']);
    expect(MALL_FEED_SCHEDULE_MINUTES['1d']).toBe(1440);
    for (const schedule of MALL_FEED_SCHEDULES) {
      expect(mallFeedScheduleOf(MALL_FEED_SCHEDULE_MINUTES[schedule])).toBe(schedule);
    }
    expect(mallFeedScheduleOf(45)).toBe('DISABLED');
  });

  it('takes a full setting and defaults the basic auth to none, the password to "keep"', () => {
    const parsed = mallFeedSettingsSchema.parse(valid);
    expect(parsed).toEqual({ ...valid, basicAuthName: '', basicAuthPassword: null });
  });

  it('refuses an enabled feed without a URL, an unknown schedule, bad URLs and a colon in the user name', () => {
    expect(rulesOf({ url: '', enabled: true, schedule: 'DISABLED' })).toEqual(['url:required']);
    expect(rulesOf({ url: '', enabled: false, schedule: 'DISABLED' })).toEqual([]);
    expect(rulesOf({ ...valid, schedule: '2h' })).toEqual(['schedule:required']);
    expect(rulesOf({ ...valid, url: 'ftp://shop.example.com/feed.xml' })).toEqual(['url:url']);
    expect(rulesOf({ ...valid, url: 'https://a:b@shop.example.com/feed.xml' })).toEqual(['url:urlCredentials']);
    expect(rulesOf({ ...valid, basicAuthName: 'shop:admin', basicAuthPassword: 'x' })).toEqual([
      'basicAuthName:invalid',
    ]);
  });
});

describe('the notification of a feed run with errors', () => {
  const base = 'notifications.events.FEED_RUN_WITH_ERRORS';

  it('says why a run failed whole, and how many items a finished run refused, in every language', () => {
    expect(notificationTextKeys('FEED_RUN_WITH_ERRORS', { errors: 2, processed: 5 }).body).toBe(`${base}.body`);
    expect(notificationTextKeys('FEED_RUN_WITH_ERRORS', { errorCode: 'FEED_TIMEOUT' }).body).toBe(`${base}.bodyFailed`);
    for (const lang of LANGUAGES) {
      const locale = JSON.parse(readFileSync(new URL(`../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
        notifications: { events: Record<string, Record<string, string>> };
        feeds: { names: Record<string, string> };
      };
      const text = locale.notifications.events.FEED_RUN_WITH_ERRORS!;
      expect(text.body, lang).toContain('{{errors}}');
      expect(text.bodyFailed, lang).toContain('{{errorCode}}');
      expect(Object.keys(locale.feeds.names).sort(), lang).toEqual([
        'HEUREKA_AVAILABILITY',
        'HEUREKA_PRODUCTS',
        'MALL_AVAILABILITY',
        'MALL_PRODUCTS',
      ]);
    }
  });

  it('links a run to its error log and a run that failed whole to its runs, for either format', () => {
    expect(notificationLink('FEED_RUN_WITH_ERRORS', { feed: 'MALL_PRODUCTS', feedId: 3, runId: 41 })).toBe(
      '/mall-feed/stats/feed/3/job/41/error-log',
    );
    expect(
      notificationLink('FEED_RUN_WITH_ERRORS', { feed: 'MALL_AVAILABILITY', feedId: 3, runId: 41, errorCode: 'X' }),
    ).toBe('/mall-feed/stats');
    expect(notificationLink('FEED_RUN_WITH_ERRORS', { feed: 'HEUREKA_PRODUCTS', feedId: 3, runId: 41 })).toBe(
      '/heureka-feed/status/feed/3/job/41/error-log',
    );
    expect(
      notificationLink('FEED_RUN_WITH_ERRORS', { feed: 'HEUREKA_AVAILABILITY', feedId: 3, runId: 41, errorCode: 'X' }),
    ).toBe('/heureka-feed/status');
  });
});
