import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError, PRODUCT_XML_MAX_BYTES } from '@pp/domain';
import { and, desc, eq, lt, not, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { emitPartnerEvent } from '../events/emit';
import type { Platform, RequestContext } from '../../platform/context';
import { cleanFileName, fileStorageOf, spoolFolder, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import type { JobDefinition } from '../../platform/jobs';
import { startImportWorker } from './import-pipeline';
import { FileRefusal } from './import-read';
import type { ImportJobScope, ImportTotals } from './import-types';
import { writeBatches } from './import-write';
import { partnerShopOf } from './shop';
import { productImports } from './tables';
import { isUniqueViolation } from '../../platform/db/pg-errors';

export const PRODUCT_IMPORT_JOB = 'products.import';

/**
 * Copies the upload to a spool file, counting bytes as they pass: crossing the limit stops the copy at
 * once, so a huge body costs at most the limit in disk and never more than a chunk in memory. The rest of
 * the body is then only drained (the caller resumes it), so that the client reads the refusal.
 */
async function spool(upload: Readable & { truncated?: boolean }, path: string): Promise<number> {
  let bytes = 0;
  const out = createWriteStream(path, { mode: 0o600 });
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > PRODUCT_XML_MAX_BYTES) {
          upload.off('data', onData);
          upload.pause();
          reject(tooLarge());
          return;
        }
        if (!out.write(chunk)) {
          upload.pause();
          out.once('drain', () => upload.resume());
        }
      };
      upload.on('data', onData);
      upload.once('end', resolve);
      upload.once('error', reject);
      out.once('error', reject);
    });
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  if (upload.truncated) throw tooLarge();
  if (bytes === 0) throw new FileRefusal('IMPORT_FILE_MISSING');
  return bytes;
}

const tooLarge = () => new FileRefusal('XML_FILE_TOO_LARGE', { 0: PRODUCT_XML_MAX_BYTES / 1024 / 1024 });

export interface ImportStartAnswer {
  importId: string;
}

/**
 * Takes a product XML upload (POST /portal/import/partner-products): spools it to disk, stores it so the
 * job can read it from any process after a restart, claims the partner's one unfinished import and queues
 * the job. Everything about the content is the job's: the answer is 202 as soon as the file is safe.
 */
export async function startProductImport(
  ctx: RequestContext,
  upload: (Readable & { truncated?: boolean }) | null,
  fileName: string | null,
): Promise<ImportStartAnswer> {
  const { partnerId } = await ctx.require('products', 'create');
  await ctx.require('products', 'update');
  if (!upload) throw new DomainError('IMPORT_FILE_MISSING');
  // A cheap early answer for the usual case; the partial unique index below decides races.
  if (await unfinishedImport(ctx, partnerId)) {
    upload.resume();
    throw new DomainError('IMPORT_IN_PROGRESS');
  }
  const importId = randomUUID();
  const folder = spoolFolder(ctx.platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `product-import-${importId}.xml`);
  const accountId = ctx.auth?.account.id ?? null;
  const name = cleanFileName(fileName || 'products.xml');
  try {
    await spool(upload, path);
    const stored = await storeFile(ctx.platform, {
      partnerId,
      accountId,
      kind: 'product-import',
      fileName: name,
      contentType: 'application/xml',
      body: createReadStream(path),
    });
    const job: ProductImportJob = {
      importId,
      partnerId,
      fileId: stored.id,
      accountId,
      adminAccountId: ctx.auth?.admin?.id ?? null,
    };
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(productImports).values({
          partnerId,
          id: importId,
          accountId,
          status: 'QUEUED',
          fileName: name,
          fileId: stored.id,
        });
        await recordAudit(tx, ctx.actor(partnerId), {
          action: 'product.import.start',
          entity: 'product_import',
          entityId: importId,
          data: { fileName: name, size: stored.size },
        });
        await ctx.enqueue(tx, PRODUCT_IMPORT_JOB, job);
      });
    } catch (error) {
      await dropStoredFile(ctx.platform, partnerId, stored.id);
      if (isUniqueViolation(error)) throw new DomainError('IMPORT_IN_PROGRESS');
      throw error;
    }
    return { importId };
  } catch (error) {
    // Drain what is left of the upload, so the client gets the answer instead of a reset connection.
    upload.resume();
    if (error instanceof FileRefusal) throw new DomainError(error.code, error.params);
    throw error;
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * An import that has not finished this long ago is closed as failed whatever its job says: the last resort,
 * so that nothing can hold the partner's next import back for ever.
 */
export const IMPORT_ABANDONED_AFTER_MS = 6 * 60 * 60_000;

/**
 * Whether the partner has an import queued or running. Before answering, it closes the partner's imports
 * that can no longer finish, releasing the partner's one import: those whose job is no longer waiting or
 * running in the job system (failed for good, expired after its process ended, removed), and those older
 * than IMPORT_ABANDONED_AFTER_MS.
 */
async function unfinishedImport(ctx: RequestContext, partnerId: number): Promise<boolean> {
  const unfinished = and(
    eq(productImports.partnerId, partnerId),
    sql`${productImports.status} in ('QUEUED', 'RUNNING')`,
  );
  const jobPending = sql`exists (select 1 from pgboss.job j where j.name = ${PRODUCT_IMPORT_JOB}
    and j.state in ('created', 'retry', 'active') and j.data->>'importId' = ${productImports.id}::text)`;
  await ctx.db
    .update(productImports)
    .set({ status: 'FAILED', errorCode: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
    .where(
      and(
        unfinished,
        or(lt(productImports.createdAt, new Date(Date.now() - IMPORT_ABANDONED_AFTER_MS)), not(jobPending)),
      ),
    );
  const rows = await ctx.db.select({ id: productImports.id }).from(productImports).where(unfinished).limit(1);
  return rows.length > 0;
}

/** The partner's newest import, for the import dialog (productImportLatest). */
export async function latestProductImport(ctx: RequestContext) {
  const { partnerId } = await ctx.require('products', 'read');
  const [row] = await ctx.db
    .select()
    .from(productImports)
    .where(eq(productImports.partnerId, partnerId))
    .orderBy(desc(productImports.createdAt))
    .limit(1);
  return row ?? null;
}

async function dropStoredFile(platform: Platform, partnerId: number, fileId: string): Promise<void> {
  const [file] = await platform.database.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)))
    .returning({ storageKey: storedFiles.storageKey });
  if (file) await fileStorageOf(platform).delete(file.storageKey);
}

// ---------------------------------------------------------------------------------------------------------
// The job.

export interface ProductImportJob {
  importId: string;
  partnerId: number;
  fileId: string;
  accountId: number | null;
  adminAccountId: number | null;
}

function publisher(platform: Platform, job: ProductImportJob) {
  return (data: Record<string, unknown>) =>
    platform.stream
      .publish(
        { partnerId: job.partnerId },
        { type: 'product_import_progress', data: { importId: job.importId, ...data } },
      )
      .catch((error) => platform.log.warn({ err: error, importId: job.importId }, 'import progress not published'));
}

/**
 * Works one import: pass 1 checks the file whole (nothing is written when it fails), pass 2 reads the items
 * again and writes them in batches of IMPORT_BATCH, each batch one transaction with its counts. Both passes
 * parse in the import worker (import-pipeline.ts), a thread with a memory limit: a file that exhausts it
 * ends the worker, and the import fails with XML_TOO_COMPLEX while this process goes on.
 *
 * An import is worked at most once. An attempt that finds its import RUNNING comes after an attempt that
 * ended with its process (a restart, or an out-of-memory this very file may have caused): it fails the
 * import as IMPORT_INTERRUPTED instead of working the file again, so a file cannot end the server twice.
 * Batches written before the interruption stay; the partner uploads again.
 */
export async function runProductImport(platform: Platform, job: ProductImportJob): Promise<void> {
  const db = platform.database.db;
  const publish = publisher(platform, job);
  const where = and(eq(productImports.partnerId, job.partnerId), eq(productImports.id, job.importId));
  const running = and(where, eq(productImports.status, 'RUNNING'));
  const claimed = await db
    .update(productImports)
    .set({ status: 'RUNNING', done: 0, created: 0, updated: 0, failed: 0, held: 0, forced: 0 })
    .where(and(where, eq(productImports.status, 'QUEUED')))
    .returning({ id: productImports.id });
  if (!claimed.length) {
    // Finished already, never claimed, or claimed by an attempt that did not finish.
    const interrupted = await db
      .update(productImports)
      .set({ status: 'FAILED', errorCode: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
      .where(running)
      .returning({ id: productImports.id });
    if (interrupted.length) {
      platform.log.warn({ importId: job.importId }, 'product import interrupted by the end of its process');
      await publish({ status: 'ERROR', code: 'IMPORT_INTERRUPTED' });
      await dropStoredFile(platform, job.partnerId, job.fileId).catch(() => undefined);
    }
    return;
  }
  const totals: ImportTotals = { done: 0, created: 0, updated: 0, failed: 0, held: 0, forced: 0 };
  try {
    const [file] = await db
      .select({ storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(eq(storedFiles.partnerId, job.partnerId), eq(storedFiles.id, job.fileId)));
    if (!file) throw new DomainError('IMPORT_FILE_MISSING');
    const storage = fileStorageOf(platform);
    const worker = startImportWorker(() => storage.get(file.storageKey));
    let total: number;
    try {
      total = await worker.checked();
      await publish({ status: 'BEGIN', done: 0, total, created: 0, updated: 0, failed: 0, held: 0, forced: 0 });

      const scope: ImportJobScope = await importScopeOf(platform, job);
      // While a batch is written, the next one is read and prepared (writeBatches).
      await writeBatches(scope, () => worker.next(), {
        async committed(batch, counts) {
          totals.done += batch.items;
          totals.created += counts.created;
          totals.updated += counts.updated;
          totals.failed += counts.failed;
          totals.held += counts.held;
          totals.forced += counts.forced;
          await publish({ status: 'PROGRESS', total, ...totals });
        },
      });
    } finally {
      await worker.close();
    }
    const ended = await db.transaction(async (tx) => {
      const finishedAt = new Date();
      // Only an import still RUNNING ends DONE: one closed as interrupted meanwhile keeps that answer.
      const rows = await tx
        .update(productImports)
        .set({ status: 'DONE', finishedAt, ...totals })
        .where(running)
        .returning({ id: productImports.id });
      if (!rows.length) return false;
      await emitPartnerEvent(tx, {
        partnerId: job.partnerId,
        type: 'PRODUCT_IMPORT_FINISHED',
        // held: price changes over the bound waiting for the seller's confirmation (the import dialog lists them);
        // forced: ones the file's FORCE_PRICE applied at once. A feed's system can tell its people to look.
        data: {
          jobId: job.importId,
          imported: totals.created + totals.updated,
          refused: totals.failed,
          held: totals.held,
          forced: totals.forced,
        },
        at: finishedAt.toISOString(),
      });
      return true;
    });
    if (ended) await publish({ status: 'END', total, ...totals });
  } catch (error) {
    const code = error instanceof DomainError ? error.code : 'INTERNAL';
    if (!(error instanceof DomainError))
      platform.log.error({ err: error, importId: job.importId }, 'product import failed');
    // FAILED releases the partner's one import (the unique index counts only QUEUED and RUNNING).
    await db
      .update(productImports)
      .set({ status: 'FAILED', errorCode: code, finishedAt: new Date(), ...totals })
      .where(running);
    await publish({ status: 'ERROR', code, ...(error instanceof DomainError ? error.params : {}), ...totals });
  } finally {
    await dropStoredFile(platform, job.partnerId, job.fileId).catch((error) =>
      platform.log.warn({ err: error, importId: job.importId }, 'import file not removed'),
    );
  }
}

async function importScopeOf(platform: Platform, job: ProductImportJob): Promise<ImportJobScope> {
  const { shopId } = await partnerShopOf(platform.database.db, job.partnerId);
  return {
    db: platform.database.db,
    partnerId: job.partnerId,
    shopId,
    importId: job.importId,
    jobs: platform.jobs,
    actor: {
      accountId: job.accountId,
      adminAccountId: job.adminAccountId,
      partnerId: job.partnerId,
      requestId: `product-import:${job.importId}`,
    },
  };
}

export function productImportJobs(platform: Platform): JobDefinition<ProductImportJob>[] {
  // A run ends its import DONE or FAILED itself and never throws, so the job is not retried. The one retry is
  // for a run whose process ended: it closes the import as IMPORT_INTERRUPTED, releasing the partner's
  // import, and never works the file again (see runProductImport).
  return [{ name: PRODUCT_IMPORT_JOB, retryLimit: 1, handler: (data) => runProductImport(platform, data) }];
}
