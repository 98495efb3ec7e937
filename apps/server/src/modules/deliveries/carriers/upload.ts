import { createReadStream } from 'node:fs';
import { DomainError, isBranchCarrier } from '@pp/domain';
import { and, desc, eq, inArray, isNotNull, not, sql } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/service';
import type { Platform, RequestContext } from '../../../platform/context';
import { cleanFileName, fileStorageOf, storeFile } from '../../../platform/files';
import { storedFiles } from '../../../platform/files/tables';
import type { JobDefinition } from '../../../platform/jobs';
import { type UploadBody, withSpooledUpload } from '../../../platform/uploads/spool';
import { accounts } from '../../account/tables';
import { loadBranchFile } from './load';
import { carrierBranchLoads } from './tables';

/**
 * The cockpit's upload of a carrier's branch file (issue 19 point 6): an operator picks the carrier and sends
 * the file (the format of `npm run branches -- load`); it is stored and loaded by a job, so the load survives
 * a restart and the upload answers at once. The job reads the stored file as a stream, twice (check, then
 * write in one transaction), never whole; its progress and outcome reach the operators on the live stream.
 */

export const BRANCH_LOAD_JOB = 'deliveries.branch-load';
/** The catalogue's IMPORT_FILE_TOO_LARGE says 50 MB; the largest network's file is under 5 MB. */
export const BRANCH_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Stored files of the marketplace itself (not of a partner) live under partner 0. */
const MARKETPLACE = 0;
/** Advisory lock namespace that makes "is a load of this carrier unfinished? then queue one" atomic. */
const QUEUE_LOCK = 19_007;
/** Past loads the cockpit lists. */
export const BRANCH_LOADS_LISTED = 20;

interface BranchLoadJob {
  loadId: number;
  fileId: string;
  carrier: string;
}

const unfinished = inArray(carrierBranchLoads.status, ['queued', 'running']);

/**
 * Closes uploaded loads of the carrier that can no longer finish (their job failed for good or is gone),
 * so a load lost with its process does not hold the carrier's next upload back for ever.
 */
async function closeAbandoned(ctx: RequestContext, carrier: string) {
  const jobPending = sql`exists (select 1 from pgboss.job j where j.name = ${BRANCH_LOAD_JOB}
    and j.state in ('created', 'retry', 'active') and j.data->>'loadId' = ${carrierBranchLoads.id}::text)`;
  await ctx.db
    .update(carrierBranchLoads)
    .set({ status: 'failed', errorCode: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
    .where(
      and(eq(carrierBranchLoads.carrier, carrier), unfinished, isNotNull(carrierBranchLoads.fileKey), not(jobPending)),
    );
}

/**
 * Takes an operator's upload of a carrier's branch file: checks the carrier, refuses a second upload while a
 * load of that carrier is queued or running (IMPORT_IN_PROGRESS), stores the file and queues its job. What the
 * file holds is the job's to judge.
 */
export async function startBranchUpload(
  ctx: RequestContext,
  carrierInput: string | null,
  upload: UploadBody | null,
  fileName: string | null,
): Promise<{ loadId: number }> {
  const admin = ctx.requireOperator('deliveries', 'update');
  const carrier = (carrierInput ?? '').trim().toUpperCase();
  // No file: the form's fields came without one (they travel before the file), so that is the answer.
  if (!upload) throw new DomainError('IMPORT_FILE_MISSING');
  try {
    if (!carrier || !isBranchCarrier(carrier)) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'carrier', rule: carrier ? 'invalid' : 'required' }]);
    }
    await closeAbandoned(ctx, carrier);
    if (await hasUnfinishedLoad(ctx, carrier)) throw new DomainError('IMPORT_IN_PROGRESS');
  } catch (error) {
    // Drain the body, so the client reads the refusal instead of a reset connection.
    upload.resume();
    throw error;
  }
  const name = cleanFileName(fileName || 'branches.csv');
  const stored = await withSpooledUpload(
    ctx.platform,
    upload,
    { maxBytes: BRANCH_UPLOAD_MAX_BYTES, tooLarge: 'IMPORT_FILE_TOO_LARGE' },
    async (path, bytes) => {
      if (bytes === 0) throw new DomainError('IMPORT_FILE_MISSING');
      return storeFile(ctx.platform, {
        partnerId: MARKETPLACE,
        accountId: admin.account.id,
        kind: 'carrier-branches',
        fileName: name,
        contentType: 'text/csv',
        body: createReadStream(path),
      });
    },
  );
  try {
    const loadId = await ctx.db.transaction(async (tx) => {
      // Two uploads of one carrier at once: the second waits here, then finds the first one's load.
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK}, hashtext(${carrier}))`);
      const [running] = await tx
        .select({ id: carrierBranchLoads.id })
        .from(carrierBranchLoads)
        .where(and(eq(carrierBranchLoads.carrier, carrier), unfinished))
        .limit(1);
      if (running) throw new DomainError('IMPORT_IN_PROGRESS');
      const [row] = await tx
        .insert(carrierBranchLoads)
        .values({ carrier, status: 'queued', fileKey: stored.id, fileName: name, accountId: admin.account.id })
        .returning({ id: carrierBranchLoads.id });
      const id = row!.id;
      await recordAudit(tx, ctx.actor(null), {
        action: 'deliveries.branches.upload',
        entity: 'carrier_branch_load',
        entityId: id,
        partnerId: null,
        data: { carrier, fileName: name, size: stored.size },
      });
      const job: BranchLoadJob = { loadId: id, fileId: stored.id, carrier };
      await ctx.enqueue(tx, BRANCH_LOAD_JOB, job);
      return id;
    });
    return { loadId };
  } catch (error) {
    await dropStoredFile(ctx.platform, stored.id);
    throw error;
  }
}

async function hasUnfinishedLoad(ctx: RequestContext, carrier: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: carrierBranchLoads.id })
    .from(carrierBranchLoads)
    .where(and(eq(carrierBranchLoads.carrier, carrier), unfinished))
    .limit(1);
  return rows.length > 0;
}

async function dropStoredFile(platform: Platform, fileId: string): Promise<void> {
  const [file] = await platform.database.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.partnerId, MARKETPLACE), eq(storedFiles.id, fileId)))
    .returning({ storageKey: storedFiles.storageKey });
  if (file) await fileStorageOf(platform).delete(file.storageKey);
}

function publisher(platform: Platform, loadId: number) {
  return (data: Record<string, unknown>) =>
    platform.stream
      .publish({ operators: true }, { type: 'carrier_branches_load_progress', data: { loadId, ...data } })
      .catch((error) => platform.log.warn({ err: error, loadId }, 'branch load progress not published'));
}

/**
 * Works one uploaded load. A load found running was claimed by an attempt whose process ended: it is worked
 * again, which is safe because a load writes in one transaction (the ended attempt wrote nothing).
 */
export async function runBranchLoad(platform: Platform, job: BranchLoadJob): Promise<void> {
  const db = platform.database.db;
  const publish = publisher(platform, job.loadId);
  const claimed = await db
    .update(carrierBranchLoads)
    .set({ status: 'running' })
    .where(and(eq(carrierBranchLoads.id, job.loadId), unfinished))
    .returning({ id: carrierBranchLoads.id });
  if (!claimed.length) return;
  try {
    await publish({ status: 'BEGIN', done: 0, total: 0 });
    const [file] = await db
      .select({ storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(eq(storedFiles.partnerId, MARKETPLACE), eq(storedFiles.id, job.fileId)));
    if (!file) {
      await fail(platform, job.loadId, 'IMPORT_FILE_MISSING');
      await publish({ status: 'ERROR', code: 'IMPORT_FILE_MISSING' });
      return;
    }
    const storage = fileStorageOf(platform);
    let announced = 0;
    const outcome = await loadBranchFile(
      db,
      job.loadId,
      () => storage.get(file.storageKey),
      (done, total) => {
        // About once a second is enough for a progress bar. Not awaited: this runs inside the load's transaction,
        // and on PGlite (one connection) the notice can only go out once it ends.
        if (done < total && Date.now() - announced < 1000) return;
        announced = Date.now();
        void publish({ status: 'PROGRESS', done, total });
      },
      { carrier: job.carrier },
    );
    await publish(
      outcome.status === 'done'
        ? { status: 'END', done: outcome.lines, total: outcome.lines }
        : { status: 'ERROR', code: outcome.code },
    );
  } catch (error) {
    platform.log.error({ err: error, loadId: job.loadId }, 'branch load failed');
    await fail(platform, job.loadId, 'INTERNAL');
    await publish({ status: 'ERROR', code: 'INTERNAL' });
  } finally {
    await dropStoredFile(platform, job.fileId).catch((error) =>
      platform.log.warn({ err: error, loadId: job.loadId }, 'branch file not removed'),
    );
  }
}

async function fail(platform: Platform, loadId: number, code: 'IMPORT_FILE_MISSING' | 'INTERNAL') {
  await platform.database.db
    .update(carrierBranchLoads)
    .set({ status: 'failed', errorCode: code, finishedAt: new Date() })
    .where(and(eq(carrierBranchLoads.id, loadId), unfinished));
}

export function branchLoadJobs(platform: Platform): JobDefinition<BranchLoadJob>[] {
  // One retry: for an attempt whose process ended (see runBranchLoad); a finished run never throws.
  return [{ name: BRANCH_LOAD_JOB, retryLimit: 1, handler: (data) => runBranchLoad(platform, data) }];
}

export type BranchLoadRow = typeof carrierBranchLoads.$inferSelect & { accountEmail: string | null };

/** The newest loads (uploads and the command line's), for the cockpit's list. */
export async function cockpitBranchLoads(ctx: RequestContext): Promise<BranchLoadRow[]> {
  ctx.requireOperator('deliveries', 'read');
  const rows = await ctx.db
    .select({ load: carrierBranchLoads, accountEmail: accounts.email })
    .from(carrierBranchLoads)
    .leftJoin(accounts, eq(accounts.id, carrierBranchLoads.accountId))
    .orderBy(desc(carrierBranchLoads.id))
    .limit(BRANCH_LOADS_LISTED);
  return rows.map((r) => ({ ...r.load, accountEmail: r.accountEmail }));
}
