import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  CAMPAIGN_IMPORT_MAX_BYTES,
  type CampaignImportStatus,
  campaignFileExtensionAllowed,
  campaignJoinable,
  type CampaignStatus,
  DomainError,
  shopDay,
  type ShopId,
} from '@pp/domain';
import { and, eq, lt, not, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { cleanFileName, fileStorageOf, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import type { JobDefinition } from '../../platform/jobs';
import { publishInTransaction } from '../../platform/stream/hub';
import { judgeUpload } from '../../platform/uploads/content';
import { withSpooledUpload } from '../../platform/uploads/spool';
import { partnerShop, partnerShopOf } from '../products/shop';
import { applyCampaignImport } from './import-apply';
import { type CampaignRow, checkCampaignFile } from './import-check';
import { CampaignFileRefusal } from './import-read';
import { campaignBlacklist, campaignImports, campaigns } from './tables';

export const CAMPAIGN_IMPORT_JOB = 'campaigns.import';
/** The stored files' kind; only the import's own download route serves them (platform/files knows no right for it). */
const FILE_KIND = 'campaign-import';
/**
 * An import still QUEUED or CHECKING this long after it was made is closed as failed whatever its job says:
 * the last resort, so that nothing holds the partner's next file back for ever.
 */
const ABANDONED_AFTER_MS = 2 * 60 * 60_000;

export interface CampaignImportJob {
  importId: string;
  partnerId: number;
  campaignId: number;
  fileId: string;
  accountId: number | null;
  adminAccountId: number | null;
}

const UNFINISHED = sql`${campaignImports.status} in ('QUEUED', 'CHECKING', 'CONFIRM')`;

async function campaignOf(db: DbOrTx, campaignId: number): Promise<CampaignRow | null> {
  if (!Number.isSafeInteger(campaignId) || campaignId <= 0 || campaignId > 2_147_483_647) return null;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  // A draft is not shown to partners: for them it does not exist.
  return row && row.status !== 'DRAFT' ? row : null;
}

function isJoinable(campaign: CampaignRow, shopId: ShopId): boolean {
  return campaignJoinable(
    { status: campaign.status as CampaignStatus, locked: campaign.locked, from: campaign.dateFrom },
    shopDay(new Date(), shopId),
  );
}

/**
 * Closes the partner's QUEUED or CHECKING imports of the campaign that can no longer finish (their job is no
 * longer waiting or running, or they are older than ABANDONED_AFTER_MS), so that they do not hold the
 * partner's one unfinished import. CONFIRM waits for the partner and is never closed here.
 */
async function releaseAbandoned(db: DbOrTx, partnerId: number, campaignId: number): Promise<void> {
  const jobPending = sql`exists (select 1 from pgboss.job j where j.name = ${CAMPAIGN_IMPORT_JOB}
    and j.state in ('created', 'retry', 'active') and j.data->>'importId' = ${campaignImports.id}::text)`;
  await db
    .update(campaignImports)
    .set({ status: 'FAILED', fileError: 'IMPORT_INTERRUPTED', finishedAt: new Date() })
    .where(
      and(
        eq(campaignImports.partnerId, partnerId),
        eq(campaignImports.campaignId, campaignId),
        sql`${campaignImports.status} in ('QUEUED', 'CHECKING')`,
        or(lt(campaignImports.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)), not(jobPending)),
      ),
    );
}

/**
 * Takes a campaign file (POST /portal/campaign-import): refuses early what can be told without the file
 * (right, extension, campaign, another unfinished import), stores the file as it streams (byte limit, text
 * check), then claims the partner's one unfinished import of the campaign and queues the check in the same
 * transaction: a parallel second upload breaks the partial unique index and is AnotherImportConflict.
 */
export async function startCampaignImport(
  ctx: RequestContext,
  input: { campaignId: number; upload: (Readable & { truncated?: boolean }) | null; fileName: string | null },
): Promise<{ importId: string; status: CampaignImportStatus }> {
  const { partnerId } = await ctx.require('campaigns', 'update');
  const { upload } = input;
  try {
    if (!upload) throw new DomainError('IMPORT_FILE_MISSING');
    const name = cleanFileName(input.fileName || 'campaign.csv');
    if (!campaignFileExtensionAllowed(name)) throw new DomainError('UnsupportedExtension');
    const campaign = await campaignOf(ctx.db, input.campaignId);
    if (!campaign) throw new DomainError('CAMPAIGN_NOT_FOUND');
    const { shopId } = await partnerShop(ctx, partnerId);
    if (!isJoinable(campaign, shopId)) throw new DomainError('CAMPAIGN_NOT_JOINABLE');
    await releaseAbandoned(ctx.db, partnerId, campaign.id);
    // A cheap early answer for the usual case; the partial unique index below decides races.
    const [open] = await ctx.db
      .select({ id: campaignImports.id })
      .from(campaignImports)
      .where(and(eq(campaignImports.partnerId, partnerId), eq(campaignImports.campaignId, campaign.id), UNFINISHED))
      .limit(1);
    if (open) throw new DomainError('AnotherImportConflict');

    const importId = randomUUID();
    const accountId = ctx.auth?.account.id ?? null;
    const textAs = name.toLowerCase().endsWith('.txt') ? 'txt' : 'csv';
    const stored = await withSpooledUpload(
      ctx.platform,
      upload,
      { maxBytes: CAMPAIGN_IMPORT_MAX_BYTES, tooLarge: 'CAMPAIGN_IMPORT_TOO_LARGE' },
      async (path, bytes) => {
        if (bytes === 0) throw new DomainError('IMPORT_FILE_MISSING');
        // UTF-8 text without NUL bytes, read whole from the spool: a spreadsheet or a picture renamed .csv,
        // or a file in another encoding, is refused before it is stored.
        const verdict = await judgeUpload(path, { partnerId, textAs });
        if (!('kind' in verdict)) throw new DomainError('ErrorReadingFile');
        return storeFile(ctx.platform, {
          partnerId,
          accountId,
          kind: FILE_KIND,
          fileName: name,
          contentType: 'text/csv',
          body: createReadStream(path),
          keep: true,
        });
      },
    ).catch((error: unknown) => {
      // The spool names the code only; the message says the limit.
      if (error instanceof DomainError && error.code === 'CAMPAIGN_IMPORT_TOO_LARGE')
        throw new DomainError('CAMPAIGN_IMPORT_TOO_LARGE', { 0: CAMPAIGN_IMPORT_MAX_BYTES / 1024 / 1024 });
      throw error;
    });
    const job: CampaignImportJob = {
      importId,
      partnerId,
      campaignId: campaign.id,
      fileId: stored.id,
      accountId,
      adminAccountId: ctx.auth?.admin?.id ?? null,
    };
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.insert(campaignImports).values({
          partnerId,
          id: importId,
          campaignId: campaign.id,
          status: 'QUEUED',
          fileId: stored.id,
          fileName: name,
          accountId,
        });
        await recordAudit(tx, ctx.actor(partnerId), {
          action: 'campaign.import.start',
          entity: 'campaign',
          entityId: campaign.id,
          data: { importId, fileName: name, size: stored.size },
        });
        await ctx.enqueue(tx, CAMPAIGN_IMPORT_JOB, job);
        await publishInTransaction(
          tx,
          { partnerId },
          { type: 'update_campaign', data: { id: campaign.id, importId, status: 'QUEUED', processed: 0 } },
        );
      });
    } catch (error) {
      await dropStoredFile(ctx.platform, partnerId, stored.id);
      if (isUniqueViolation(error)) throw new DomainError('AnotherImportConflict');
      throw error;
    }
    return { importId, status: 'QUEUED' };
  } catch (error) {
    // Drain what is left of the upload, so the client reads the answer instead of a reset connection.
    upload?.resume();
    throw error;
  }
}

async function dropStoredFile(platform: Platform, partnerId: number, fileId: string): Promise<void> {
  const [file] = await platform.database.db
    .delete(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)))
    .returning({ storageKey: storedFiles.storageKey });
  if (file) await fileStorageOf(platform).delete(file.storageKey);
}

async function openStored(platform: Platform, partnerId: number, fileId: string): Promise<Readable> {
  const [file] = await platform.database.db
    .select({ storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)));
  if (!file) throw new CampaignFileRefusal('ErrorReadingFile');
  return fileStorageOf(platform).get(file.storageKey);
}

// ---------------------------------------------------------------------------------------------------------
// The job.

/**
 * Checks one import and ends it: FAILED (a file-level code), ERROR (structured errors: nothing applied),
 * CONFIRM (only reductions above the allowed percent, not yet allowed: waits for the partner), or ACCEPTED
 * (applied in one transaction). The check writes nothing but the import's own error rows (removed first),
 * so a run after a restart simply checks again: an attempt finding its import CHECKING starts over.
 */
export async function runCampaignImport(platform: Platform, job: CampaignImportJob): Promise<void> {
  const db = platform.database.db;
  const where = and(eq(campaignImports.partnerId, job.partnerId), eq(campaignImports.id, job.importId));
  const checking = and(where, eq(campaignImports.status, 'CHECKING'));
  const [claimed] = await db
    .update(campaignImports)
    .set({ status: 'CHECKING', productsCount: 0, errorsCount: 0, confirmCount: 0, fileError: null })
    .where(and(where, sql`${campaignImports.status} in ('QUEUED', 'CHECKING')`))
    .returning({ allowToImport: campaignImports.allowToImport });
  if (!claimed) return;
  const publish = (status: CampaignImportStatus, processed: number, extra: Record<string, unknown> = {}) =>
    platform.stream
      .publish(
        { partnerId: job.partnerId },
        { type: 'update_campaign', data: { id: job.campaignId, importId: job.importId, status, processed, ...extra } },
      )
      .catch((error) =>
        platform.log.warn({ err: error, importId: job.importId }, 'campaign import progress not published'),
      );
  const finish = async (set: Partial<typeof campaignImports.$inferInsert>, status: CampaignImportStatus) => {
    const rows = await db
      .update(campaignImports)
      .set({ ...set, status, finishedAt: status === 'CONFIRM' ? null : new Date() })
      .where(checking)
      .returning({ id: campaignImports.id });
    return rows.length > 0;
  };
  let processed = 0;
  try {
    await publish('CHECKING', 0);
    const campaign = await campaignOf(db, job.campaignId);
    if (!campaign) throw new CampaignFileRefusal('CAMPAIGN_NOT_FOUND');
    const { shopId } = await partnerShopOf(db, job.partnerId);
    // Locked, started or cancelled since the upload (or the allow): the file can no longer join.
    if (!isJoinable(campaign, shopId)) throw new CampaignFileRefusal('CAMPAIGN_NOT_JOINABLE');
    const [black] = await db
      .select({ partnerId: campaignBlacklist.partnerId })
      .from(campaignBlacklist)
      .where(and(eq(campaignBlacklist.campaignId, campaign.id), eq(campaignBlacklist.partnerId, job.partnerId)));
    const open = async () => openStored(platform, job.partnerId, job.fileId);
    const totals = await checkCampaignFile({
      db,
      partnerId: job.partnerId,
      importId: job.importId,
      shopId,
      campaign,
      blacklisted: Boolean(black),
      open,
      async progress(n) {
        processed = n;
        await publish('CHECKING', n);
      },
    });
    const counts = { ...totals };
    if (totals.errorsCount > 0) {
      if (await finish(counts, 'ERROR')) await publish('ERROR', processed, counts);
      return;
    }
    if (totals.confirmCount > 0 && !claimed.allowToImport) {
      if (await finish(counts, 'CONFIRM')) await publish('CONFIRM', processed, counts);
      return;
    }
    await db.update(campaignImports).set(counts).where(checking);
    await applyCampaignImport({
      db,
      partnerId: job.partnerId,
      campaignId: campaign.id,
      importId: job.importId,
      shopId,
      accountId: job.accountId,
      adminAccountId: job.adminAccountId,
      open,
    });
  } catch (error) {
    const refused = error instanceof DomainError;
    if (!refused) platform.log.error({ err: error, importId: job.importId }, 'campaign import failed');
    const code = refused ? error.code : 'INTERNAL';
    if (await finish({ fileError: code }, 'FAILED')) await publish('FAILED', processed, { code });
  }
}

export function campaignImportJobs(platform: Platform): JobDefinition<CampaignImportJob>[] {
  // A run ends its import itself and does not throw; the retries are for a run whose process ended, which
  // checks the file again from the start (see runCampaignImport).
  return [{ name: CAMPAIGN_IMPORT_JOB, retryLimit: 2, handler: (data) => runCampaignImport(platform, data) }];
}

// ---------------------------------------------------------------------------------------------------------
// The partner's answer to a CONFIRM import, and the file's download.

export interface AllowProcessInput {
  importId: string;
  partnerId: number;
  campaignId: number;
  status?: string | null;
  allowToImport: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /portal/allow-process-campaign-import: on an import waiting in CONFIRM, allowToImport true sets
 * allow_to_import and queues the job again (it checks the file afresh, the allowed reductions no longer
 * wait, and applies it); false cancels the import. The partner in the body must be the session's.
 */
export async function allowCampaignImport(
  ctx: RequestContext,
  input: AllowProcessInput,
): Promise<{ importId: string; status: CampaignImportStatus }> {
  const { partnerId } = await ctx.require('campaigns', 'update');
  if (input.partnerId !== partnerId) throw new DomainError('ACCESS_DENIED');
  if (!UUID.test(input.importId)) throw new DomainError('NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(campaignImports)
    .where(
      and(
        eq(campaignImports.partnerId, partnerId),
        eq(campaignImports.id, input.importId),
        eq(campaignImports.campaignId, input.campaignId),
      ),
    );
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.status !== 'CONFIRM' || (input.status && input.status !== 'CONFIRM'))
    throw new DomainError('CAMPAIGN_IMPORT_NOT_CONFIRMABLE');
  const status: CampaignImportStatus = input.allowToImport ? 'QUEUED' : 'CANCELLED';
  const changed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(campaignImports)
      .set(
        input.allowToImport
          ? { status, allowToImport: true }
          : { status, allowToImport: false, finishedAt: new Date() },
      )
      .where(
        and(
          eq(campaignImports.partnerId, partnerId),
          eq(campaignImports.id, row.id),
          eq(campaignImports.status, 'CONFIRM'),
        ),
      )
      .returning({ id: campaignImports.id });
    if (!rows.length) return false;
    await recordAudit(tx, ctx.actor(partnerId), {
      action: input.allowToImport ? 'campaign.import.allow' : 'campaign.import.cancel',
      entity: 'campaign',
      entityId: row.campaignId,
      data: { importId: row.id },
    });
    if (input.allowToImport && row.fileId) {
      const job: CampaignImportJob = {
        importId: row.id,
        partnerId,
        campaignId: row.campaignId,
        fileId: row.fileId,
        accountId: ctx.auth?.account.id ?? null,
        adminAccountId: ctx.auth?.admin?.id ?? null,
      };
      await ctx.enqueue(tx, CAMPAIGN_IMPORT_JOB, job);
    }
    await publishInTransaction(
      tx,
      { partnerId },
      { type: 'update_campaign', data: { id: row.campaignId, importId: row.id, status, processed: 0 } },
    );
    return true;
  });
  // Answered twice at once: the first answer won.
  if (!changed) throw new DomainError('CAMPAIGN_IMPORT_NOT_CONFIRMABLE');
  return { importId: row.id, status };
}

/**
 * GET /portal/campaign/{campaignId}/import/{importId}/download?partnerId=: the stored file of one of the
 * partner's own imports (the partnerId of the query must be the session's partner). Anything else NOT_FOUND.
 */
export async function openCampaignImportFile(
  ctx: RequestContext,
  input: { campaignId: number; importId: string; partnerId: number | null },
): Promise<{ fileName: string; body: Readable }> {
  const { partnerId } = await ctx.require('campaigns', 'read');
  if (input.partnerId !== null && input.partnerId !== partnerId) throw new DomainError('NOT_FOUND');
  if (!UUID.test(input.importId) || !Number.isSafeInteger(input.campaignId)) throw new DomainError('NOT_FOUND');
  const [row] = await ctx.db
    .select({ fileName: campaignImports.fileName, storageKey: storedFiles.storageKey })
    .from(campaignImports)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.partnerId, campaignImports.partnerId), eq(storedFiles.id, campaignImports.fileId)),
    )
    .where(
      and(
        eq(campaignImports.partnerId, partnerId),
        eq(campaignImports.id, input.importId),
        eq(campaignImports.campaignId, input.campaignId),
      ),
    );
  if (!row) throw new DomainError('NOT_FOUND');
  return { fileName: row.fileName, body: await fileStorageOf(ctx.platform).get(row.storageKey) };
}
