import { WEBHOOK_PING_EVENT, WEBHOOK_TIMEOUT_MS } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { WorkSlots } from '../../platform/jobs/slots';
import { deliverWebhook } from './delivery';
import { webhookDeliveries } from './tables';

/** Deliveries one process works at once. */
export const WEBHOOK_CONCURRENCY = 16;
/**
 * What one partner may hold of them, and one hook of that. A partner whose receivers never answer keeps at
 * most this many slots busy until the timeout; the others stay free for everybody else's events.
 */
export const WEBHOOK_PARTNER_CONCURRENCY = 4;
export const WEBHOOK_HOOK_CONCURRENCY = 2;

interface Claimed {
  id: number;
  partnerId: number;
  webhookId: number;
}

/**
 * The process's delivery slots (platform/jobs/slots.ts), with the due rows taken in turns by partner: each
 * partner's oldest first, then each partner's second, and so on, under the partner's and the hook's caps.
 */
class WebhookDispatcher {
  private readonly byPartner = new Map<number, number>();
  private readonly byHook = new Map<number, number>();
  private stopped = false;
  readonly slots: WorkSlots<Claimed>;

  constructor(private readonly platform: Platform) {
    this.slots = new WorkSlots<Claimed>({
      size: WEBHOOK_CONCURRENCY,
      open: () => !this.stopped,
      claim: (free) => this.claim(free),
      run: (delivery) => this.deliver(delivery),
      failed: (error, delivery) =>
        delivery
          ? platform.log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery failed')
          : platform.log.error({ err: error }, 'webhook claim failed'),
    });
  }

  /**
   * Claims nothing while the attempts in flight end (each by its own deadline), then takes calls again: the
   * immediate delivery stops this way at shutdown, and a test may start it again on the same server.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    try {
      await this.slots.idle();
    } finally {
      this.stopped = false;
    }
  }

  private busy(map: Map<number, number>, key: number): number {
    return map.get(key) ?? 0;
  }

  private async claim(free: number): Promise<Claimed[]> {
    const { platform } = this;
    const leaseMs = (platform.config.webhooks.timeoutMs ?? WEBHOOK_TIMEOUT_MS) + 60_000;
    // Each partner offers at most its cap of candidates; those of partners busy here are passed over below.
    const limit = free + this.byPartner.size * WEBHOOK_PARTNER_CONCURRENCY;
    return platform.database.db.transaction(async (tx) => {
      const candidates = rowsOf<{ id: number | string; partner_id: number; webhook_id: number }>(
        await tx.execute(sql`
          select id, partner_id, webhook_id from (
            select by_hook.*, row_number() over (partition by partner_id order by next_attempt_at, id) as partner_turn
            from (
              select id, partner_id, webhook_id, next_attempt_at,
                row_number() over (partition by webhook_id order by next_attempt_at, id) as hook_turn
              from ${webhookDeliveries}
              where state = 'PENDING' and next_attempt_at <= now() and event <> ${WEBHOOK_PING_EVENT}
            ) by_hook
            where hook_turn <= ${WEBHOOK_HOOK_CONCURRENCY}
          ) by_partner
          where partner_turn <= ${WEBHOOK_PARTNER_CONCURRENCY}
          order by partner_turn, next_attempt_at, id
          limit ${limit}`),
      );
      const takenByPartner = new Map<number, number>();
      const takenByHook = new Map<number, number>();
      const picked: Claimed[] = [];
      for (const row of candidates) {
        if (picked.length >= free) break;
        const partnerId = Number(row.partner_id);
        const webhookId = Number(row.webhook_id);
        const partnerLoad = this.busy(this.byPartner, partnerId) + (takenByPartner.get(partnerId) ?? 0);
        const hookLoad = this.busy(this.byHook, webhookId) + (takenByHook.get(webhookId) ?? 0);
        if (partnerLoad >= WEBHOOK_PARTNER_CONCURRENCY || hookLoad >= WEBHOOK_HOOK_CONCURRENCY) continue;
        takenByPartner.set(partnerId, (takenByPartner.get(partnerId) ?? 0) + 1);
        takenByHook.set(webhookId, (takenByHook.get(webhookId) ?? 0) + 1);
        picked.push({ id: Number(row.id), partnerId, webhookId });
      }
      if (picked.length === 0) return [];
      // Another process may have taken some meanwhile: only rows still due and unlocked are ours, leased
      // past the longest an attempt can take, so a process that dies mid-attempt leaves them to be retried.
      const locked = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          select id from ${webhookDeliveries}
          where id = any(${sql.param(picked.map((p) => p.id))}::bigint[])
            and state = 'PENDING' and next_attempt_at <= now()
          for update skip locked`),
      );
      const ours = new Set(locked.map((r) => Number(r.id)));
      if (ours.size === 0) return [];
      await tx.execute(sql`
        update ${webhookDeliveries} set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
        where id = any(${sql.param([...ours])}::bigint[])`);
      return picked.filter((p) => ours.has(p.id));
    });
  }

  /** Counted before the first await: the next claim sees this delivery's partner and hook as busy. */
  private async deliver(delivery: Claimed): Promise<void> {
    this.count(delivery, 1);
    try {
      await deliverWebhook(this.platform, delivery.id);
    } finally {
      this.count(delivery, -1);
    }
  }

  private count(delivery: Claimed, by: 1 | -1): void {
    for (const [map, key] of [
      [this.byPartner, delivery.partnerId],
      [this.byHook, delivery.webhookId],
    ] as const) {
      const next = this.busy(map, key) + by;
      if (next > 0) map.set(key, next);
      else map.delete(key);
    }
  }
}

const dispatchers = new WeakMap<Platform, WebhookDispatcher>();

function dispatcherOf(platform: Platform): WebhookDispatcher {
  let dispatcher = dispatchers.get(platform);
  if (!dispatcher) {
    dispatcher = new WebhookDispatcher(platform);
    dispatchers.set(platform, dispatcher);
  }
  return dispatcher;
}

/** Starts what is due in the free slots and returns at once (the immediate delivery after a commit). */
export function startDueWebhooks(platform: Platform): Promise<number> {
  return dispatcherOf(platform).slots.fill();
}

/**
 * Works what is due until nothing is due and nothing is in flight (the cron's safety net, and tests). Retries
 * whose back-off has not ended yet are left for a later run.
 */
export async function deliverDueWebhooks(platform: Platform): Promise<{ worked: number }> {
  return { worked: await dispatcherOf(platform).slots.drain() };
}

/** Waits for the attempts in flight, claiming nothing meanwhile (shutdown). */
export function stopWebhookDispatch(platform: Platform): Promise<void> {
  return dispatchers.get(platform)?.stop() ?? Promise.resolve();
}
