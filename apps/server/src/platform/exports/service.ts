import { randomUUID } from 'node:crypto';
import { DomainError, type ErrorCode, isLanguage, type Language } from '@pp/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/service';
import type { Platform, RequestContext } from '../context';
import { storeFile } from '../files/index';
import { translate } from '../i18n';
import { checkExportParams } from './params';
import { exportKindOf } from './registry';
import { exportRuns } from './tables';
import { CONTENT_TYPES, csvStream, type ExportFormat, xlsxStream } from './writers';

export const EXPORT_RUN_JOB = 'export.run';

/** An export still unfinished after this long is taken as dead (its process died), so the account may start another. */
export const EXPORT_STALE_AFTER_MS = 60 * 60_000;
/** Progress goes out at most this often: a 100,000-row export is a few events, not thousands. */
const PROGRESS_INTERVAL_MS = 500;

/** Everything the job needs, so a job queued before a restart runs the same in any process. */
export interface ExportJobData {
  exportId: string;
  partnerId: number;
  accountId: number;
  kind: string;
  format: ExportFormat;
  params: unknown;
  lang: Language;
}

export type ExportStatus = 'QUEUED' | 'RUNNING' | 'END' | 'ERROR';

export interface ExportProgress {
  id: string;
  kind: string;
  status: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done: number;
  total?: number;
  fileId?: string;
  downloadPath?: string;
  fileName?: string;
  code?: ErrorCode;
}

/**
 * Starts an export of the caller's partner: checks the kind's permission and parameters now (so a bad
 * interval is answered at once), then records the run and queues its job in one transaction. One unfinished
 * export per account: the database's unique index decides, so parallel starts cannot both pass.
 */
export async function startExport(ctx: RequestContext, kindName: string, format: ExportFormat, params: unknown) {
  const auth = ctx.requireAuth();
  // Membership first: an unknown kind must not tell a stranger which kinds exist.
  await ctx.requirePartner();
  const kind = exportKindOf(kindName);
  if (!kind) throw new DomainError('NOT_FOUND');
  const { partnerId } = await ctx.require(kind.resource, kind.action);
  // What the caller sent goes no further than this check: the run and its job carry the schema's output.
  const checked = checkExportParams(kind.params, params);
  kind.parse(checked);
  const id = randomUUID();
  const accountId = auth.account.id;
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(exportRuns)
      .set({ status: 'ERROR', errorCode: 'EXPORT_FAILED', finishedAt: new Date() })
      .where(
        and(
          eq(exportRuns.accountId, accountId),
          inArray(exportRuns.status, ['QUEUED', 'RUNNING']),
          lt(exportRuns.createdAt, new Date(Date.now() - EXPORT_STALE_AFTER_MS)),
        ),
      );
    const [run] = await tx
      .insert(exportRuns)
      .values({ partnerId, id, accountId, kind: kind.kind, format, params: checked, status: 'QUEUED' })
      .onConflictDoNothing()
      .returning({ id: exportRuns.id, kind: exportRuns.kind, status: exportRuns.status });
    if (!run) throw new DomainError('EXPORT_IN_PROGRESS');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'export.start',
      entity: 'export',
      entityId: id,
      data: { kind: kind.kind, format },
    });
    const data: ExportJobData = {
      exportId: id,
      partnerId,
      accountId,
      kind: kind.kind,
      format,
      params: checked,
      lang: ctx.lang,
    };
    await ctx.enqueue(tx, EXPORT_RUN_JOB, data);
    return run;
  });
}

/** One export of the caller (its status, and the file once made), or NOT_FOUND. */
export async function exportRun(ctx: RequestContext, id: string) {
  const auth = ctx.requireAuth();
  const { partnerId } = await ctx.requirePartner();
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new DomainError('NOT_FOUND');
  const [run] = await ctx.db
    .select()
    .from(exportRuns)
    .where(and(eq(exportRuns.partnerId, partnerId), eq(exportRuns.id, id), eq(exportRuns.accountId, auth.account.id)));
  if (!run) throw new DomainError('NOT_FOUND');
  return run;
}

async function publish(platform: Platform, accountId: number, data: ExportProgress) {
  await platform.stream
    .publish({ accountId }, { type: 'export_progress', data })
    .catch((error) => platform.log.warn({ err: error, exportId: data.id }, 'export progress not published'));
}

/**
 * The `export.run` job: streams the kind's rows into a CSV or XLSX file, stores it, and reports BEGIN,
 * PROGRESS, END (with the file) or ERROR (with a catalogue code) on the live stream. A run already finished
 * is left alone, so a redelivered job does not make the file twice.
 */
export async function runExport(platform: Platform, data: ExportJobData): Promise<void> {
  const db = platform.database.db;
  const where = and(eq(exportRuns.partnerId, data.partnerId), eq(exportRuns.id, data.exportId));
  const [run] = await db
    .update(exportRuns)
    .set({ status: 'RUNNING' })
    .where(and(where, inArray(exportRuns.status, ['QUEUED', 'RUNNING'])))
    .returning({ id: exportRuns.id });
  if (!run) return;
  const base = { id: data.exportId, kind: data.kind };
  let done = 0;
  let total: number | undefined;
  try {
    const kind = exportKindOf(data.kind);
    if (!kind) throw new DomainError('EXPORT_FAILED');
    const params = kind.parse(checkExportParams(kind.params, data.params));
    const lang: Language = isLanguage(data.lang) ? data.lang : 'en';
    total = kind.count ? await kind.count(db, data.partnerId, params) : undefined;
    await publish(platform, data.accountId, {
      ...base,
      status: 'BEGIN',
      done: 0,
      ...(total === undefined ? {} : { total }),
    });

    let lastProgress = Date.now();
    const onRows = (n: number) => {
      done += n;
      if (Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
      lastProgress = Date.now();
      void publish(platform, data.accountId, {
        ...base,
        status: 'PROGRESS',
        done,
        ...(total === undefined ? {} : { total }),
      });
    };
    const header = kind.columns((key) => translate(lang, key), params);
    const batches = kind.rows(db, data.partnerId, params);
    const name = kind.fileName(params);
    const stored = { partnerId: data.partnerId, accountId: data.accountId, kind: data.kind };
    let file: Awaited<ReturnType<typeof storeFile>>;
    if (data.format === 'XLSX') {
      file = await storeFile(platform, {
        ...stored,
        fileName: `${name}.xlsx`,
        contentType: CONTENT_TYPES.XLSX,
        body: xlsxStream(name, header, batches, onRows),
      });
    } else {
      file = await storeFile(platform, {
        ...stored,
        fileName: `${name}.csv`,
        contentType: CONTENT_TYPES.CSV,
        body: csvStream(header, batches, onRows),
      });
    }
    await db
      .update(exportRuns)
      .set({ status: 'END', rows: done, fileId: file.id, finishedAt: sql`now()` })
      .where(where);
    await publish(platform, data.accountId, {
      ...base,
      status: 'END',
      done,
      total: done,
      fileId: file.id,
      downloadPath: file.downloadPath,
      fileName: file.fileName,
    });
  } catch (error) {
    const code: ErrorCode = error instanceof DomainError ? error.code : 'EXPORT_FAILED';
    if (!(error instanceof DomainError)) {
      platform.log.error({ err: error, exportId: data.exportId, kind: data.kind }, 'export failed');
    }
    await db
      .update(exportRuns)
      .set({ status: 'ERROR', errorCode: code, rows: done, finishedAt: sql`now()` })
      .where(where);
    await publish(platform, data.accountId, { ...base, status: 'ERROR', done, code });
  }
}

/** Finished runs are forgotten with their files (the daily clean-up). */
export async function purgeOldExportRuns(platform: Platform, olderThanMs: number): Promise<void> {
  await platform.database.db
    .delete(exportRuns)
    .where(
      and(inArray(exportRuns.status, ['END', 'ERROR']), lt(exportRuns.createdAt, new Date(Date.now() - olderThanMs))),
    );
}
