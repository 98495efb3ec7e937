import {
  billingExportFileName,
  billingExportSchema,
  CALENDAR_TIME_ZONES,
  DomainError,
  isLanguage,
  isShopId,
  type Language,
  MARKETS,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { storeFile } from '../../platform/files';
import type { JobDefinition } from '../../platform/jobs';
import { translate } from '../../platform/i18n';
import { partners } from '../partner/tables';
import { documentPdfOf, offsetPdf } from './pdf';
import { numberForFile } from './pdf-format';
import { documentsIssuedBetween, loadDocument, offsetsIssuedBetween } from './read';
import { billingExports } from './tables';
import { summaryXlsx } from './xlsx';
import { type ZipEntry, zipStream } from './zip';

/**
 * The billing export (spec §4, §7; issue 23 point 4): a range of at most three months; a job puts every
 * document issued in it (its PDF), every offset (its PDF) and an XLSX summary into one zip named "billings"
 * and a timestamp, stores it for the account that asked and announces it on that account's live stream.
 */

export const BILLING_EXPORT_JOB = 'billing.export';
/** The stored file's kind: downloadable with billing/read by the account it was made for. */
export const BILLING_EXPORT_FILE_KIND = 'billing-export';

export interface BillingExportView {
  id: string;
  status: string;
  fromDay: string;
  toDay: string;
  documents: number;
  fileName: string | null;
  fileId: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

interface BillingExportJob {
  exportId: string;
  partnerId: number;
  accountId: number;
  lang: Language;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const view = {
  id: billingExports.id,
  status: billingExports.status,
  fromDay: billingExports.fromDay,
  toDay: billingExports.toDay,
  documents: billingExports.documents,
  fileName: billingExports.fileName,
  fileId: billingExports.fileId,
  createdAt: billingExports.createdAt,
  finishedAt: billingExports.finishedAt,
};

/** Starts an export of the caller's partner for [from, to] (days, both included): the row and its job, at once. */
export async function createBillingExport(
  ctx: RequestContext,
  input: { from: string; to: string },
): Promise<BillingExportView> {
  const { partnerId } = await ctx.require('billing', 'read');
  const auth = ctx.requireAuth();
  const parsed = billingExportSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingExports)
      .values({ partnerId, accountId: auth.account.id, fromDay: parsed.data.from, toDay: parsed.data.to })
      .returning(view);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'billing.export',
      entity: 'billing-export',
      entityId: row!.id,
      data: { from: parsed.data.from, to: parsed.data.to },
    });
    const job: BillingExportJob = { exportId: row!.id, partnerId, accountId: auth.account.id, lang: ctx.lang };
    await ctx.enqueue(tx, BILLING_EXPORT_JOB, job);
    return row!;
  });
}

/** One export of the caller (made for this account, of the selected partner), or EXPORT_NOT_FOUND. */
export async function billingExportOf(ctx: RequestContext, id: string): Promise<BillingExportView> {
  const { partnerId } = await ctx.require('billing', 'read');
  const auth = ctx.requireAuth();
  if (!UUID.test(id)) throw new DomainError('EXPORT_NOT_FOUND');
  const [row] = await ctx.db
    .select(view)
    .from(billingExports)
    .where(
      and(
        eq(billingExports.partnerId, partnerId),
        eq(billingExports.accountId, auth.account.id),
        eq(billingExports.id, id.toLowerCase()),
      ),
    );
  if (!row) throw new DomainError('EXPORT_NOT_FOUND');
  return row;
}

/** The instant a calendar day starts in a time zone (the shop's: a document of 23:30 in Prague is of that day). */
export function dayStartIn(day: string, zone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  const offsetAt = (at: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return wall - at.getTime();
  };
  const first = new Date(guess.getTime() - offsetAt(guess));
  // Near a change of summer time the offset of the guess and of the result may differ: take the result's.
  return new Date(guess.getTime() - offsetAt(first));
}

function nextDay(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** Makes the export's zip; a run already finished is never made twice (pg-boss may deliver a job again). */
export async function runBillingExport(platform: Platform, data: BillingExportJob): Promise<void> {
  const db = platform.database.db;
  const lang: Language = isLanguage(data.lang) ? data.lang : 'en';
  const [row] = await db
    .select()
    .from(billingExports)
    .where(and(eq(billingExports.partnerId, data.partnerId), eq(billingExports.id, data.exportId)));
  if (!row || row.status === 'DONE' || row.status === 'ERROR') return;
  await db.update(billingExports).set({ status: 'RUNNING' }).where(eq(billingExports.id, row.id));
  const publish = (event: Record<string, unknown>) =>
    platform.stream.publish(
      { accountId: data.accountId },
      { type: 'portal_new_invoice_export', data: { exportId: row.id, ...event } },
    );
  try {
    const [partner] = await db
      .select({ shopId: partners.shopId })
      .from(partners)
      .where(eq(partners.id, data.partnerId));
    const shopId = partner?.shopId;
    const zone = shopId && isShopId(shopId) ? CALENDAR_TIME_ZONES[MARKETS[shopId].shortCode] : 'Europe/Prague';
    const range = { from: dayStartIn(row.fromDay, zone), to: dayStartIn(nextDay(row.toDay), zone) };
    const at = new Date();
    const fileName = billingExportFileName(at);
    let documents = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for await (const page of documentsIssuedBetween(db, data.partnerId, range)) {
        for (const summary of page) {
          const file = await documentPdfOf(await loadDocument(db, data.partnerId, summary.id));
          documents += 1;
          yield { name: file.fileName, data: file.body };
        }
      }
      for (const offset of await offsetsIssuedBetween(db, data.partnerId, range)) {
        const file = await offsetPdf(db, data.partnerId, offset.documentNumber);
        yield { name: file.fileName, data: file.body };
      }
      yield {
        name: `${numberForFile(translate(lang, 'billingFiles.export.summaryFile'))}.xlsx`,
        stream: summaryXlsx(lang, documentsIssuedBetween(db, data.partnerId, range)),
      };
    }
    const stored = await storeFile(platform, {
      partnerId: data.partnerId,
      accountId: data.accountId,
      kind: BILLING_EXPORT_FILE_KIND,
      fileName,
      contentType: 'application/zip',
      body: zipStream(entries(), at),
    });
    await db
      .update(billingExports)
      .set({ status: 'DONE', fileId: stored.id, fileName: stored.fileName, documents, finishedAt: new Date() })
      .where(eq(billingExports.id, row.id));
    await publish({ status: 'DONE', fileName: stored.fileName, documents });
  } catch (error) {
    platform.log.error({ err: error, exportId: row.id }, 'billing export failed');
    await db
      .update(billingExports)
      .set({ status: 'ERROR', finishedAt: new Date() })
      .where(eq(billingExports.id, row.id));
    // The page waits for the event: it learns of the failure instead of a retry it cannot see.
    await publish({ status: 'ERROR', code: 'EXPORT_FAILED' });
  }
}

export function billingExportJobs(platform: Platform): JobDefinition<BillingExportJob>[] {
  // A failed export is reported to its page and may be started again (the handler never throws); pg-boss
  // retries only a run whose process died, which left the row RUNNING and is made again from the start.
  return [
    {
      name: BILLING_EXPORT_JOB,
      retryLimit: 2,
      expireInSeconds: 30 * 60,
      handler: (data) => runBillingExport(platform, data),
    },
  ];
}
