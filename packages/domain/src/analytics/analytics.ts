import { z } from 'zod';
import type { AttemptWindow } from '../auth/security';
import { safeText } from '../text/safeText';

/** Events per batch the portal sends; the tracker flushes earlier (USAGE_FLUSH_AT). */
export const USAGE_BATCH_MAX = 50;
/** The tracker sends its queue once it holds this many events, or every USAGE_FLUSH_MS. */
export const USAGE_FLUSH_AT = 20;
export const USAGE_FLUSH_MS = 10_000;
/** Longest route name and click label stored. */
export const USAGE_TEXT_MAX = 80;
/** A batch body never needs more than this (50 events of at most a few hundred bytes each). */
export const USAGE_BODY_MAX_BYTES = 32 * 1024;
/** Batches per session: a tracker sends at most a few a minute, so this only stops a runaway client. */
export const USAGE_SESSION_LIMIT: AttemptWindow = { max: 60, windowMs: 60_000 };
/** Events older than this (days) are deleted by the retention job. */
export const USAGE_RETENTION_DAYS = 400;
/** The cockpit's usage view covers at most this many days. */
export const USAGE_DAYS_MAX = 90;

/** Spec §2: the registration form and its submitted page are never tracked (a stranger's first visit). */
export const UNTRACKED_ROUTES: readonly string[] = ['registration', 'registration-submit'];

export const USAGE_KINDS = ['view', 'click'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

const ROUTE_NAME = /^[a-z0-9\-./$]+$/;

export const usageEventSchema = z.object({
  kind: z.enum(USAGE_KINDS),
  route: z.string().min(1).max(USAGE_TEXT_MAX).regex(ROUTE_NAME, { message: 'routeName' }),
  label: safeText().max(USAGE_TEXT_MAX).optional(),
  at: z.iso.datetime({ offset: true }),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;

/** The body of `POST /portal/usage`: the events the tracker queued, oldest first. */
export const usageBatchSchema = z.array(usageEventSchema).min(1).max(USAGE_BATCH_MAX);
export type UsageBatch = z.infer<typeof usageBatchSchema>;

/** A parameter segment of a route template: `$orderId`, `{-$step}`, `{$id}`, `$` (splat). */
function isParameter(segment: string): boolean {
  return segment.startsWith('$') || segment.startsWith('{');
}

/** The name of the parameter in a segment, without `$`, braces and the optional marker. */
function parameterName(segment: string): string {
  return segment.replace(/[{}$]/g, '').replace(/^-/, '');
}

/**
 * The name a page is counted under, made from its route template (TanStack's `fullPath`, e.g.
 * `/orders/$orderId`), never from the address: parameter values (ids, tokens, e-mails) cannot reach it
 * because parameters are dropped by their place in the template. A page about one entity (a required
 * parameter named `id` or `…Id`) is the `-detail` of its list, so `orders/$orderId` → `orders-detail`
 * while `registration-confirm/$token` → `registration-confirm`. The root is `home`.
 */
export function routeNameOf(template: string): string {
  const segments = template.split('/').filter((segment) => segment.length > 0);
  const names: string[] = [];
  let entity = false;
  for (const segment of segments) {
    if (isParameter(segment)) {
      const optional = segment.startsWith('{-');
      if (!optional && /(^id$|Id$)/.test(parameterName(segment))) entity = true;
      continue;
    }
    names.push(segment.toLowerCase().replace(/[^a-z0-9-]/g, ''));
  }
  let name = names.filter(Boolean).join('-') || 'home';
  if (entity && !name.endsWith('detail')) name = `${name}-detail`;
  return name.slice(0, USAGE_TEXT_MAX);
}

/** Whether a page view of this route is recorded at all (spec §2). */
export function isTrackedRoute(name: string): boolean {
  return !UNTRACKED_ROUTES.includes(name);
}

/**
 * The label of a click: collapsed white space, at most USAGE_TEXT_MAX characters, no control characters.
 * A link's text may be a customer's e-mail or an order number (grid cells are links): e-mail addresses
 * become `@` and runs of three or more digits `#`, so a label names the control, not the person or record.
 */
export function clickLabel(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[^\s@]+@[^\s@]+/g, '@')
      .replace(/\d{3,}/g, '#')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, USAGE_TEXT_MAX)
  );
}
