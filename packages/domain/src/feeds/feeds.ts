import { z } from 'zod';
import { safeText } from '../text/safeText';
import { webhookUrlRefusal } from '../webhooks/webhooks';

/**
 * Product and availability feeds (issue 21): a seller publishes its catalogue as XML at a URL, and the portal
 * reads it on a schedule or on demand. These are the rules both the server and the settings form use.
 */
export const FEED_FORMAT_VALUES = ['MALL', 'HEUREKA'] as const;
export const FEED_TYPE_VALUES = ['PRODUCTS', 'AVAILABILITY'] as const;

/** Spec §9: the marketplace's feed schedule. DISABLED: only "enqueue for processing" runs the feed. */
export const MALL_FEED_SCHEDULES = ['DISABLED', '15m', '30m', '1h', '6h', '12h', '1d'] as const;
export type MallFeedSchedule = (typeof MALL_FEED_SCHEDULES)[number];

/** The period of each schedule in minutes (null: never by itself). The table keeps minutes for every format. */
export const MALL_FEED_SCHEDULE_MINUTES: Record<MallFeedSchedule, number | null> = {
  DISABLED: null,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '6h': 360,
  '12h': 720,
  '1d': 1440,
};

/** The schedule a stored period stands for (a period no MALL schedule has reads as DISABLED). */
export function mallFeedScheduleOf(minutes: number | null): MallFeedSchedule {
  const found = MALL_FEED_SCHEDULES.find((s) => MALL_FEED_SCHEDULE_MINUTES[s] === minutes);
  return found ?? 'DISABLED';
}

/** Where a URL's check stands: being fetched, answered XML, or not (null: never checked). */
export const FEED_VALIDATION_STATES = ['VALIDATING', 'VALID', 'INVALID'] as const;
export type FeedValidationState = (typeof FEED_VALIDATION_STATES)[number];

export const FEED_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type FeedRunStatus = (typeof FEED_RUN_STATUSES)[number];

/** Why a run started: a person's "enqueue", the schedule, or a reset (a full resync, every item applied again). */
export const FEED_RUN_TRIGGERS = ['MANUAL', 'SCHEDULE', 'RESET'] as const;
export type FeedRunTrigger = (typeof FEED_RUN_TRIGGERS)[number];

/** Spec §9: the stats windows. */
export const FEED_STATS_DAYS = [7, 14, 30] as const;
export type FeedStatsDays = (typeof FEED_STATS_DAYS)[number];
/** Stats are counted by the marketplace's calendar day. */
export const FEED_STATS_TIME_ZONE = 'Europe/Prague';

export const FEED_URL_MAX = 2000;
export const FEED_BASIC_AUTH_NAME_MAX = 200;
export const FEED_BASIC_AUTH_PASSWORD_MAX = 200;

/**
 * Why a text cannot be a feed URL by itself, or null: the rule of every address the server calls (a webhook's
 * target's): http(s) with a host, no user or password in the URL (it would be shown in the settings and the error
 * log in clear: basic auth has its own fields, stored encrypted), no fragment (never sent).
 */
export const feedUrlRefusal = webhookUrlRefusal;

const feedUrl = safeText()
  .trim()
  .max(FEED_URL_MAX, 'max')
  .superRefine((value, ctx) => {
    if (!value) return;
    const refusal = feedUrlRefusal(value);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });

/**
 * One MALL feed's settings as the form sends them. An empty URL disconnects the feed (it cannot then be
 * enabled). The password is write-only: null keeps the stored one, a text replaces it; an empty user name
 * drops both.
 */
export const mallFeedSettingsSchema = z
  .object({
    url: feedUrl,
    enabled: z.boolean('invalid'),
    schedule: z.enum(MALL_FEED_SCHEDULES, 'required'),
    basicAuthName: safeText()
      .trim()
      .max(FEED_BASIC_AUTH_NAME_MAX, 'max')
      .nullish()
      .transform((value) => value ?? ''),
    basicAuthPassword: z.string('invalid').max(FEED_BASIC_AUTH_PASSWORD_MAX, 'max').nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && !value.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'required' });
    if (value.basicAuthName.includes(':')) {
      // A colon ends the user name in the Authorization header: the rest would become the password.
      ctx.addIssue({ code: 'custom', path: ['basicAuthName'], message: 'invalid' });
    }
  });
export type MallFeedSettingsInput = z.input<typeof mallFeedSettingsSchema>;
export type MallFeedSettings = z.output<typeof mallFeedSettingsSchema>;
