import { createHmac, hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  signatureBase,
  WEBHOOK_BROKEN_AFTER,
  WEBHOOK_HEADERS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_RESPONSE_MAX_BYTES,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelayMs,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { publishInTransaction } from '../../platform/stream/hub';
import { emitPartnerEvent } from '../events/emit';
import { tellMasterIfNobodyHears } from './mails';
import { webhookDeliveries, webhookLogs, webhooks } from './tables';
import { guardedLookup, hostOf, resolveAllowed } from './url-check';

const USER_AGENT = 'PartnerPortal-Webhooks/1.0';

/**
 * The signing secret of a hook: HMAC of its id and salt under a key derived from the server's secret for
 * this one use. Nothing secret is stored; a new salt (rotation) makes a new secret.
 */
export function webhookSecret(config: Pick<Config, 'remoteLoginSecret'>, webhookId: number, salt: string): string {
  const key = Buffer.from(hkdfSync('sha256', config.remoteLoginSecret, '', 'webhook-signing', 32));
  return createHmac('sha256', key).update(`${webhookId}.${salt}`).digest('base64url');
}

/** The X-Webhook-Signature value a receiver recomputes with its secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(signatureBase(timestamp, body)).digest('hex')}`;
}

export interface AttemptResult {
  sent: boolean;
  responseCode: number | null;
  isTimeout: boolean;
  timing: number;
  err: string | null;
}

function shortError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e?.code === 'EADDRNOTALLOWED') return 'address not allowed';
  if (e?.code === 'ENOTFOUND') return 'host not found';
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET') return 'connection reset';
  return String(e?.code ?? e?.message ?? error).slice(0, 200);
}

/** One POST: no redirects followed, a deadline over the whole exchange, at most 64 KB of the answer read. */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<AttemptResult> {
  const started = Date.now();
  const done = (r: Omit<AttemptResult, 'timing'>): AttemptResult => ({ ...r, timing: Date.now() - started });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return done({ sent: false, responseCode: null, isTimeout: false, err: 'invalid url' });
  }
  const host = hostOf(url);
  // A literal address never goes through the lookup: it is checked here instead.
  if (isIP(host)) {
    try {
      await resolveAllowed(host, options.allowPrivate);
    } catch {
      return done({ sent: false, responseCode: null, isTimeout: false, err: 'address not allowed' });
    }
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'timing'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(done(r));
    };
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      // A fresh connection per attempt: a pooled socket would skip the connect-time check.
      agent: false,
    });
    const deadline = setTimeout(() => {
      finish({ sent: false, responseCode: null, isTimeout: true, err: 'timeout' });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) =>
      finish({ sent: false, responseCode: null, isTimeout: false, err: shortError(error) }),
    );
    request.on('response', (response: IncomingMessage) => {
      const code = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > WEBHOOK_RESPONSE_MAX_BYTES) response.destroy();
      });
      const settle = () => {
        const sent = code >= 200 && code < 300;
        const err = sent ? null : code >= 300 && code < 400 ? 'redirect not followed' : `HTTP ${code}`;
        finish({ sent, responseCode: code, isTimeout: false, err });
      };
      response.on('end', settle);
      response.on('close', settle);
      response.on('error', settle);
    });
    request.end(body);
  });
}

function retryDelays(platform: Platform): readonly number[] | undefined {
  return platform.config.webhooks.retryDelaysMs;
}

/** Gives up what a hook still has waiting (it was disabled or turned broken), each with a log line saying why. */
export async function dropPendingOf(tx: DbOrTx, webhookId: number, reason: string): Promise<void> {
  await tx.execute(sql`
    with dropped as (
      update ${webhookDeliveries} set state = 'FAILED'
      where webhook_id = ${webhookId} and state = 'PENDING' and event <> ${WEBHOOK_PING_EVENT}
      returning id, partner_id, webhook_id, event, attempts
    )
    insert into ${webhookLogs} (partner_id, webhook_id, delivery_id, event, attempt, sent, timing, err)
    select partner_id, webhook_id, id, event, attempts + 1, false, 0, ${reason} from dropped`);
}

/**
 * Works one delivery: one attempt, logged. Success resets the hook's failures; a failure waits its back-off
 * or, after the last attempt, gives the delivery up, and enough give-ups in a row turn the hook BROKEN (its
 * owner is told through the WEBHOOK_BROKEN event). `once` (a PING) is a single attempt that never counts.
 */
export async function deliverWebhook(
  platform: Platform,
  deliveryId: number,
  options: { once?: boolean; ignoreDisabled?: boolean } = {},
): Promise<AttemptResult | null> {
  const db = platform.database.db;
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      isEnabled: webhooks.isEnabled,
      status: webhooks.status,
      salt: webhooks.secretSalt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.delivery.state !== 'PENDING') return null;
  const { delivery } = row;
  const blocked = !options.ignoreDisabled && (!row.isEnabled ? 'disabled' : row.status === 'BROKEN' ? 'broken' : null);
  let result: AttemptResult;
  if (blocked) {
    result = { sent: false, responseCode: null, isTimeout: false, timing: 0, err: blocked };
  } else {
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = webhookSecret(platform.config, delivery.webhookId, row.salt);
    result = await postWebhook(
      row.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        [WEBHOOK_HEADERS.id]: delivery.eventId,
        [WEBHOOK_HEADERS.event]: delivery.event,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      },
      {
        allowPrivate: platform.config.webhooks.allowPrivateUrls,
        timeoutMs: platform.config.webhooks.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
    );
  }
  const attempts = delivery.attempts + 1;
  await db.transaction(async (tx) => {
    await tx.insert(webhookLogs).values({
      partnerId: delivery.partnerId,
      webhookId: delivery.webhookId,
      deliveryId: delivery.id,
      event: delivery.event,
      attempt: attempts,
      sent: result.sent,
      responseCode: result.responseCode,
      isTimeout: result.isTimeout,
      timing: result.timing,
      err: result.err,
    });
    if (result.sent) {
      await tx.update(webhookDeliveries).set({ state: 'SENT', attempts }).where(eq(webhookDeliveries.id, delivery.id));
      if (!options.once) {
        await tx.update(webhooks).set({ failedInRow: 0 }).where(eq(webhooks.id, delivery.webhookId));
      }
      return;
    }
    const delay = blocked || options.once ? null : webhookRetryDelayMs(attempts, retryDelays(platform));
    if (delay !== null) {
      await tx
        .update(webhookDeliveries)
        .set({ attempts, nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval` })
        .where(eq(webhookDeliveries.id, delivery.id));
      return;
    }
    await tx.update(webhookDeliveries).set({ state: 'FAILED', attempts }).where(eq(webhookDeliveries.id, delivery.id));
    if (blocked || options.once) return;
    const [hook] = await tx
      .update(webhooks)
      .set({ failedInRow: sql`${webhooks.failedInRow} + 1` })
      .where(eq(webhooks.id, delivery.webhookId))
      .returning({ failedInRow: webhooks.failedInRow, status: webhooks.status, url: webhooks.url });
    if (hook?.status !== 'OK' || hook.failedInRow < WEBHOOK_BROKEN_AFTER) return;
    await turnBroken(tx, delivery.partnerId, delivery.webhookId, hook.url);
  });
  return result;
}

async function turnBroken(tx: DbOrTx, partnerId: number, webhookId: number, url: string): Promise<void> {
  const now = new Date();
  await tx
    .update(webhooks)
    .set({ status: 'BROKEN', brokenAt: now, updated: now })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.status, 'OK')));
  // The rest of its queue would only fail the same way; its owner re-enables it once the receiver works.
  await dropPendingOf(tx, webhookId, 'broken');
  await publishInTransaction(
    tx,
    { partnerId },
    { type: 'webhook_status_changed', data: { webhookId, status: 'BROKEN' } },
  );
  await emitPartnerEvent(tx, {
    partnerId,
    type: 'WEBHOOK_BROKEN',
    data: { webhookId, url },
    at: now.toISOString(),
  });
  await tellMasterIfNobodyHears(tx, partnerId, webhookId, url);
}
