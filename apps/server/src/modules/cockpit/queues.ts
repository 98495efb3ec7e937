import type { CockpitArea } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';

/** The operator home's queues: what waits for a person today. */
export const COCKPIT_QUEUES = [
  'registrations',
  'onboardingMoves',
  'brandRequests',
  'mallDeliveryRequests',
  'selfBillingRequests',
  'unansweredMessages',
  'brokenWebhooks',
  'failedFeeds',
] as const;
export type CockpitQueue = (typeof COCKPIT_QUEUES)[number];

/** The area whose `update` acts on each queue: the home shows an operator the queues their roles work. */
export const QUEUE_AREAS: Readonly<Record<CockpitQueue, CockpitArea>> = {
  registrations: 'onboarding',
  onboardingMoves: 'onboarding',
  brandRequests: 'catalog',
  mallDeliveryRequests: 'deliveries',
  selfBillingRequests: 'billing',
  unansweredMessages: 'messages',
  brokenWebhooks: 'api',
  failedFeeds: 'api',
};

export interface CockpitQueueCount {
  queue: CockpitQueue;
  area: CockpitArea;
  count: number;
}

/**
 * Every queue's count in one statement (one round trip). Each count reads an index of a small part of its
 * table: the workflow index by status, the partial indexes of pending brand and MALL Delivery requests,
 * requested self-billing, broken webhooks and switched-on feeds (migration 0055), and the open conversations
 * by state with each one's newest message.
 *
 * - registrations: a company waits for the operators' check (VENDOR_CHECK_*, the spec's "verify").
 * - onboardingMoves: the next move is the operators' alone (contract signed, content approved).
 * - unansweredMessages: open conversations whose newest message is the partner's.
 * - failedFeeds: switched-on feeds whose last run FAILED (the file could not be read at all).
 */
export async function cockpitQueues(ctx: RequestContext): Promise<CockpitQueueCount[]> {
  ctx.requireOperator('partners', 'read');
  const [row] = rowsOf<Record<CockpitQueue, number>>(
    await ctx.db.execute(sql`select
      (select count(*) from partners
        where workflow_status in ('VENDOR_CHECK_STANDARD', 'VENDOR_CHECK_VIP'))::int as "registrations",
      (select count(*) from partners
        where workflow_status in ('DRAFT_CONTRACT', 'CONTENT_CONTROL'))::int as "onboardingMoves",
      (select count(*) from brand_requests where status = 'PENDING')::int as "brandRequests",
      (select count(*) from mall_delivery_requests where status = 'pending')::int as "mallDeliveryRequests",
      (select count(*) from partners
        where billing_status = 'requested' and sandbox_of is null)::int as "selfBillingRequests",
      (select count(*) from conversations c
        where c.state = 'opened'
          and coalesce((select not m.from_operator from messages m
            where m.conversation_id = c.id order by m.id desc limit 1), false))::int as "unansweredMessages",
      (select count(*) from webhooks where status = 'BROKEN')::int as "brokenWebhooks",
      (select count(*) from feeds f join feed_runs r on r.id = f.last_run_id
        where f.enabled and r.status = 'FAILED')::int as "failedFeeds"`),
  );
  return COCKPIT_QUEUES.map((queue) => ({ queue, area: QUEUE_AREAS[queue], count: Number(row?.[queue] ?? 0) }));
}
