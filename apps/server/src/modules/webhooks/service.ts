import { randomBytes } from 'node:crypto';
import { DomainError, MAX_WEBHOOKS, WEBHOOK_PING_EVENT, type WebhookStatus, webhookSchema } from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { deliverWebhook, dropPendingOf, webhookSecret } from './delivery';
import { insertDelivery } from './queue';
import { webhooks } from './tables';
import { checkWebhookUrl } from './url-check';

export interface WebhookView {
  id: number;
  url: string;
  event: string;
  isEnabled: boolean;
  status: WebhookStatus;
  failedInRow: number;
  brokenAt: Date | null;
  created: Date;
  updated: Date;
  lastAttemptAt: Date | null;
  lastAttemptSent: boolean | null;
  /** What a person reads first: BROKEN wins over "enabled", since a broken hook gets nothing. */
  state: WebhookState;
  /** Why a broken hook broke: its newest failed attempt. Null for a hook that is not broken. */
  lastFailure: WebhookFailure | null;
}

export type WebhookState = 'ENABLED' | 'DISABLED' | 'BROKEN';

export interface WebhookFailure {
  at: Date;
  responseCode: number | null;
  isTimeout: boolean;
  err: string | null;
}

interface StoredView extends Omit<WebhookView, 'state' | 'lastFailure'> {
  failure: { at: string; responseCode: number | null; isTimeout: boolean; err: string | null } | null;
}

function toView({ failure, ...row }: StoredView): WebhookView {
  const state: WebhookState = !row.isEnabled ? 'DISABLED' : row.status === 'BROKEN' ? 'BROKEN' : 'ENABLED';
  return {
    ...row,
    state,
    lastFailure: state === 'BROKEN' && failure ? { ...failure, at: new Date(failure.at) } : null,
  };
}

export interface WebhookWithSecret {
  webhook: WebhookView;
  /** Shown once: nothing secret is stored, the server re-derives it to sign. */
  secret: string;
}

/** A hook's view as one select's fields (the partner's list, and the operators' list across partners). */
export const viewFields = {
  id: webhooks.id,
  url: webhooks.url,
  event: webhooks.event,
  isEnabled: webhooks.isEnabled,
  status: sql<WebhookStatus>`${webhooks.status}`,
  failedInRow: webhooks.failedInRow,
  brokenAt: webhooks.brokenAt,
  created: webhooks.created,
  updated: webhooks.updated,
  // The newest attempt through the (partner, webhook, id) index: one row per hook, never a scan of the logs.
  // Plain names: drizzle would print the outer table's columns unqualified inside the subquery.
  lastAttemptAt:
    sql<Date | null>`(select l.timestamp from webhook_logs l where l.partner_id = webhooks.partner_id and l.webhook_id = webhooks.id order by l.id desc limit 1)`.mapWith(
      (v) => (v == null ? null : new Date(v)),
    ),
  lastAttemptSent: sql<
    boolean | null
  >`(select l.sent from webhook_logs l where l.partner_id = webhooks.partner_id and l.webhook_id = webhooks.id order by l.id desc limit 1)`,
  // Read only for a broken hook, whose newest lines are failures, so the walk back stays short. The lines
  // dropPendingOf writes ('broken', 'disabled') are the consequence, not the cause: skipped.
  failure: sql<StoredView['failure']>`(select json_build_object('at', l.timestamp, 'responseCode', l.response_code,
    'isTimeout', l.is_timeout, 'err', l.err) from webhook_logs l
    where webhooks.status = 'BROKEN' and l.partner_id = webhooks.partner_id and l.webhook_id = webhooks.id
      and not l.sent and l.err is distinct from 'broken' and l.err is distinct from 'disabled'
    order by l.id desc limit 1)`,
};

function hookId(id: string | number): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new DomainError('WEBHOOK_NOT_FOUND');
  return n;
}

async function readHook(db: DbOrTx, partnerId: number, id: number): Promise<WebhookView> {
  const [row] = await db
    .select(viewFields)
    .from(webhooks)
    .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, id)));
  if (!row) throw new DomainError('WEBHOOK_NOT_FOUND');
  return toView(row);
}

/** The partner's webhooks (at most five, so one list without paging). */
export async function listWebhooks(ctx: RequestContext): Promise<WebhookView[]> {
  const { partnerId } = await ctx.require('webhook', 'read');
  const rows = await ctx.db
    .select(viewFields)
    .from(webhooks)
    .where(eq(webhooks.partnerId, partnerId))
    .orderBy(asc(webhooks.id));
  return rows.map(toView);
}

export async function getWebhook(ctx: RequestContext, id: string | number): Promise<WebhookView> {
  const { partnerId } = await ctx.require('webhook', 'read');
  return readHook(ctx.db, partnerId, hookId(id));
}

function parseInput(input: unknown) {
  const parsed = webhookSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

export async function createWebhook(ctx: RequestContext, input: unknown): Promise<WebhookWithSecret> {
  const { partnerId } = await ctx.require('webhook', 'create');
  const data = parseInput(input);
  // Resolved before the transaction: a slow DNS answer must not hold the partner's row lock.
  await checkWebhookUrl(data.url, ctx.platform.config.webhooks.allowPrivateUrls);
  return ctx.db.transaction(async (tx) => {
    // The partner's row is the lock that serialises parallel creates: the count below is then exact.
    await tx.execute(sql`select id from partners where id = ${partnerId} for update`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhooks)
      .where(eq(webhooks.partnerId, partnerId))) as [{ n: number }];
    if (n >= MAX_WEBHOOKS) throw new DomainError('MAX_HOOKS_EXCEEDED', { max: MAX_WEBHOOKS });
    const salt = newSalt();
    const [row] = await tx
      .insert(webhooks)
      .values({ partnerId, url: data.url, event: data.event, isEnabled: data.isEnabled, secretSalt: salt })
      .returning({ id: webhooks.id });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.create',
      entity: 'webhook',
      entityId: row!.id,
      data: { url: data.url, event: data.event, isEnabled: data.isEnabled },
    });
    return {
      webhook: await readHook(tx, partnerId, row!.id),
      secret: webhookSecret(ctx.platform.config, row!.id, salt),
    };
  });
}

async function reactivate(tx: DbOrTx, partnerId: number, webhookId: number): Promise<boolean> {
  const revived = await tx
    .update(webhooks)
    .set({ status: 'OK', failedInRow: 0, brokenAt: null, updated: new Date() })
    .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId), eq(webhooks.status, 'BROKEN')))
    .returning({ id: webhooks.id });
  if (revived.length === 0) return false;
  await publishInTransaction(tx, { partnerId }, { type: 'webhook_status_changed', data: { webhookId, status: 'OK' } });
  return true;
}

export async function updateWebhook(ctx: RequestContext, id: string | number, input: unknown): Promise<WebhookView> {
  const { partnerId } = await ctx.require('webhook', 'update');
  const webhookId = hookId(id);
  const data = parseInput(input);
  await checkWebhookUrl(data.url, ctx.platform.config.webhooks.allowPrivateUrls);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isEnabled: webhooks.isEnabled, status: webhooks.status })
      .from(webhooks)
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
      .for('update');
    if (!before) throw new DomainError('WEBHOOK_NOT_FOUND');
    await tx
      .update(webhooks)
      .set({ url: data.url, event: data.event, isEnabled: data.isEnabled, updated: new Date() })
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)));
    // A disabled hook gets nothing, not even what was waiting for a retry.
    if (!data.isEnabled) await dropPendingOf(tx, webhookId, 'disabled');
    // Saving a broken hook as enabled is how its owner says "it is fixed": it gets deliveries again.
    const revived = data.isEnabled ? await reactivate(tx, partnerId, webhookId) : false;
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.update',
      entity: 'webhook',
      entityId: webhookId,
      data: { url: data.url, event: data.event, isEnabled: data.isEnabled, reactivated: revived },
    });
    return readHook(tx, partnerId, webhookId);
  });
}

export async function deleteWebhook(ctx: RequestContext, id: string | number): Promise<boolean> {
  const { partnerId } = await ctx.require('webhook', 'delete');
  const webhookId = hookId(id);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
      .returning({ id: webhooks.id, url: webhooks.url, event: webhooks.event });
    if (!row) throw new DomainError('WEBHOOK_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.delete',
      entity: 'webhook',
      entityId: row.id,
      data: { url: row.url, event: row.event },
    });
    return true;
  });
}

/** A new salt, so a new secret: the old one stops verifying at once. */
export async function rotateWebhookSecret(ctx: RequestContext, id: string | number): Promise<WebhookWithSecret> {
  const { partnerId } = await ctx.require('webhook', 'update');
  const webhookId = hookId(id);
  return ctx.db.transaction(async (tx) => {
    const salt = newSalt();
    const [row] = await tx
      .update(webhooks)
      .set({ secretSalt: salt, updated: new Date() })
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
      .returning({ id: webhooks.id });
    if (!row) throw new DomainError('WEBHOOK_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.rotate-secret',
      entity: 'webhook',
      entityId: row.id,
    });
    return { webhook: await readHook(tx, partnerId, row.id), secret: webhookSecret(ctx.platform.config, row.id, salt) };
  });
}

export interface WebhookTestResult {
  sent: boolean;
  responseCode: number | null;
  isTimeout: boolean;
  timing: number;
  err: string | null;
}

/**
 * Sends a PING to the hook now and answers with the attempt. A broken hook is reactivated first (testing it
 * is how its owner checks the fix). A PING is tried once and never counts towards turning the hook broken.
 */
export async function testWebhook(ctx: RequestContext, id: string | number): Promise<WebhookTestResult> {
  const { partnerId } = await ctx.require('webhook', 'update');
  const webhookId = hookId(id);
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const [hook] = await tx
      .select({ id: webhooks.id, isEnabled: webhooks.isEnabled })
      .from(webhooks)
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
      .for('update');
    if (!hook) throw new DomainError('WEBHOOK_NOT_FOUND');
    const revived = hook.isEnabled ? await reactivate(tx, partnerId, webhookId) : false;
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.test',
      entity: 'webhook',
      entityId: webhookId,
      data: { reactivated: revived },
    });
    return queuePing(tx, partnerId, webhookId);
  });
  return pingNow(ctx, deliveryId);
}

/** A PING delivery far in the future: the workers leave it alone, the request that made it delivers it. */
function queuePing(tx: DbOrTx, partnerId: number, webhookId: number): Promise<number> {
  return insertDelivery(
    tx,
    webhookId,
    { partnerId, type: WEBHOOK_PING_EVENT, data: { webhookId }, at: new Date().toISOString() },
    new Date(Date.now() + 3_600_000),
  );
}

async function pingNow(ctx: RequestContext, deliveryId: number): Promise<WebhookTestResult> {
  const attempt = await deliverWebhook(ctx.platform, deliveryId, { once: true, ignoreDisabled: true });
  return attempt ?? { sent: false, responseCode: null, isTimeout: false, timing: 0, err: 'not delivered' };
}

export interface WebhookReenabled {
  webhook: WebhookView;
  attempt: WebhookTestResult;
}

/**
 * "Re-enable" on a broken (or disabled) hook: it is enabled, its failures are forgotten and it gets
 * deliveries again, and a PING tries the receiver at once so its owner sees whether the fix works. The PING
 * never counts towards breaking it again; the next real deliveries do.
 */
export async function reenableWebhook(ctx: RequestContext, id: string | number): Promise<WebhookReenabled> {
  const { partnerId } = await ctx.require('webhook', 'update');
  return reenableHookOf(ctx, partnerId, hookId(id));
}

/**
 * The re-enable rule for whoever was allowed to apply it (the partner's people above, an operator in the
 * cockpit's list), audited as the request's account. `brokenOnly`: a hook that is not BROKEN is left as its
 * owner set it (INVALID_OPERATION), so an operator never switches on a hook its owner switched off.
 */
export async function reenableHookOf(
  ctx: RequestContext,
  partnerId: number,
  webhookId: number,
  options: { brokenOnly?: boolean } = {},
): Promise<WebhookReenabled> {
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const [hook] = await tx
      .select({ status: webhooks.status })
      .from(webhooks)
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
      .for('update');
    if (!hook) throw new DomainError('WEBHOOK_NOT_FOUND');
    if (options.brokenOnly && hook.status !== 'BROKEN') throw new DomainError('INVALID_OPERATION');
    await tx
      .update(webhooks)
      .set({ isEnabled: true, updated: new Date() })
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)));
    const revived = await reactivate(tx, partnerId, webhookId);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'webhook.reenable',
      entity: 'webhook',
      entityId: webhookId,
      data: { reactivated: revived },
    });
    return queuePing(tx, partnerId, webhookId);
  });
  const attempt = await pingNow(ctx, deliveryId);
  return { webhook: await readHook(ctx.db, partnerId, webhookId), attempt };
}
