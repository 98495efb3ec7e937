import { DomainError, type GridPage, WEBHOOK_EVENTS, WEBHOOK_LOGS_TIMEOUT_MS, WEBHOOK_PING_EVENT } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { webhookLogs, webhooks } from './tables';
import { isQueryCancelled } from '../../platform/db/pg-errors';

export interface WebhookLogRow {
  id: number;
  deliveryId: number;
  event: string;
  attempt: number;
  timestamp: Date;
  sent: boolean;
  responseCode: number | null;
  isTimeout: boolean;
  timing: number;
  err: string | null;
}

const LOG_COLUMNS: readonly GridColumn[] = [
  // The grids' default order (spec §9: by id, newest first); ids grow with time, so this is the log's order.
  { field: 'id', sql: webhookLogs.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'timestamp', sql: webhookLogs.timestamp, filterType: 'DATETIME_BETWEEN', sortable: true },
  { field: 'event', sql: webhookLogs.event, filterType: 'ENUMS', options: [...WEBHOOK_EVENTS, WEBHOOK_PING_EVENT] },
  { field: 'sent', sql: webhookLogs.sent, filterType: 'BOOLEAN' },
  { field: 'responseCode', sql: webhookLogs.responseCode, filterType: 'NUMBER', sortable: true },
  { field: 'isTimeout', sql: webhookLogs.isTimeout, filterType: 'BOOLEAN' },
  { field: 'timing', sql: webhookLogs.timing, filterType: 'NUMBER', sortable: true },
];

const rowFields = {
  id: webhookLogs.id,
  deliveryId: webhookLogs.deliveryId,
  event: webhookLogs.event,
  attempt: webhookLogs.attempt,
  timestamp: webhookLogs.timestamp,
  sent: webhookLogs.sent,
  responseCode: webhookLogs.responseCode,
  isTimeout: webhookLogs.isTimeout,
  timing: webhookLogs.timing,
  err: webhookLogs.err,
};

class LogsDeadline extends Error {}

/**
 * The attempts of one hook of the selected partner, newest first, paged by keyset. Spec §9: it answers within
 * ten seconds or says so. PostgreSQL cancels the statement itself (SET LOCAL statement_timeout, SQLSTATE
 * 57014). PGlite has no statement timer and cannot be interrupted: there a statement that ran past the
 * deadline ends the query with the same timeout (rolled back), only once that statement is done.
 */
export async function listWebhookLogs(
  ctx: RequestContext,
  webhookId: string | number,
  grid: unknown,
): Promise<GridPage<WebhookLogRow>> {
  const { partnerId } = await ctx.require('webhook', 'read');
  const id = Number(webhookId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new DomainError('WEBHOOK_NOT_FOUND');
  const [hook] = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, id)));
  if (!hook) throw new DomainError('WEBHOOK_NOT_FOUND');
  const q = buildGridQuery(grid, LOG_COLUMNS, { idColumn: webhookLogs.id });
  const settings = ctx.platform.config.webhooks;
  const timeoutMs = settings.logsTimeoutMs ?? WEBHOOK_LOGS_TIMEOUT_MS;
  const where = and(eq(webhookLogs.partnerId, partnerId), eq(webhookLogs.webhookId, id), q.where);
  let abandoned = false;
  const started = Date.now();
  // PGlite runs a statement to its end on this very thread (no timer can interrupt it): between statements
  // the elapsed time decides, so an overdue query still answers with the timeout, not with late rows.
  const checkDeadline = () => {
    if (abandoned || Date.now() - started > timeoutMs) throw new LogsDeadline();
  };
  const query = ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
    if (settings.logsQueryDelayMs) await tx.execute(sql`select pg_sleep(${settings.logsQueryDelayMs / 1000})`);
    checkDeadline();
    const rows = await q.readRows((seek, limit, offset) =>
      tx
        .select({ ...rowFields, ...q.cursorFields })
        .from(webhookLogs)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    );
    checkDeadline();
    const total = await cappedTotal(tx, webhookLogs, where);
    checkDeadline();
    return q.toPage(rows, total);
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandoned = true;
      reject(new LogsDeadline());
    }, timeoutMs + 50);
  });
  // Settled later by an abandoned transaction: nobody waits for it any more.
  query.catch(() => undefined);
  try {
    return await Promise.race([query, deadline]);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof LogsDeadline || isQueryCancelled(error)) throw new DomainError('WEBHOOK_LOGS_QUERY_TIMEOUT');
    ctx.log.error({ err: error }, 'webhook logs query failed');
    throw new DomainError('WEBHOOK_LOGS_QUERY_FAILED');
  } finally {
    clearTimeout(timer);
  }
}
