import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { WorkSlots } from '../../platform/jobs/slots';
import { keepStoredFiles, spoolFolder } from '../../platform/files';
import { publishInTransaction } from '../../platform/stream/hub';
import { type StoredProductImage, storeProductImage, thumbIdOf, UPLOAD_TRANSPORT_MAX_BYTES } from './media';
import { fetchRemoteImage, type RemoteFetchFailure } from './remote-fetch';
import { applyRemoteMedia, REMOTE_MEDIA_JOB } from './remote-media';

/** Fetches one process runs at once: each mostly waits on a seller's server, the decode has its own slots. */
export const REMOTE_MEDIA_CONCURRENCY = 8;
/**
 * Fetches of one partner at once, across every process (the claim counts the leases in the database): a
 * seller with 10,000 images, or with a server that never answers, holds two slots and leaves the rest to
 * the others, whose URLs are taken in turns by partner.
 */
export const REMOTE_MEDIA_PARTNER_CONCURRENCY = 2;

/** The bounds of one URL. Tests shorten them; nothing else changes them. */
export const remoteMediaSettings = {
  /** The whole download, redirects included. */
  timeoutMs: 15_000,
  /** What an upload may send (twice the image rule): a heavier picture is refused as IMAGE_TOO_LARGE. */
  maxBytes: UPLOAD_TRANSPORT_MAX_BYTES,
  maxRedirects: 3,
  /** The waits before the second and third attempt of a URL whose server may answer later. */
  retryDelaysMs: [60_000, 10 * 60_000] as number[],
  /** How long one job keeps claiming; what is left goes to the next job. */
  jobBudgetMs: 10 * 60_000,
};

interface Claimed {
  partnerId: number;
  productId: string;
  url: string;
  /** Attempts including this one. */
  attempts: number;
}

type Outcome = { stored: StoredProductImage } | { failure: RemoteFetchFailure };

const maxAttempts = () => remoteMediaSettings.retryDelaysMs.length + 1;

/**
 * The process's fetch slots (platform/jobs/slots.ts, as the webhook dispatcher's): the due URLs of every
 * partner, at most REMOTE_MEDIA_PARTNER_CONCURRENCY leased per partner, taken in turns with the partner
 * served longest ago first, so one seller's thousands of images never starve another's few.
 */
class RemoteMediaFetcher {
  private readonly served = new Map<number, number>();
  private tick = 0;
  /** Slots are refilled until then: the job that runs the fetcher sets it from its time budget. */
  claimUntil = 0;
  readonly slots: WorkSlots<Claimed>;

  constructor(private readonly platform: Platform) {
    this.slots = new WorkSlots<Claimed>({
      size: REMOTE_MEDIA_CONCURRENCY,
      open: () => Date.now() < this.claimUntil,
      claim: (free) => this.claim(free),
      run: (row) => fetchOne(platform, row),
      // A failed fetch's lease ends and the URL is tried again, up to its attempts.
      failed: (error, row) =>
        row
          ? platform.log.error({ err: error, partnerId: row.partnerId, productId: row.productId }, 'image fetch failed')
          : platform.log.error({ err: error }, 'image fetch claim failed'),
    });
  }

  private async claim(free: number): Promise<Claimed[]> {
    const leaseMs = remoteMediaSettings.timeoutMs + 60_000;
    return this.platform.database.db.transaction(async (tx) => {
      // One claim at a time in every process: the per-partner bound counts every process's leases.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products-remote-media-claim'))`);
      const candidates = rowsOf<{ partner_id: number; product_id: string; url: string; attempts: number }>(
        await tx.execute(sql`
          with due as (
            select distinct partner_id from product_remote_media where status = 'PENDING' and next_attempt_at <= now()
          ), busy as (
            select partner_id, count(*)::int as n from product_remote_media
            where status = 'PENDING' and next_attempt_at > now() and leased_until > now() group by partner_id
          )
          select x.partner_id, x.product_id, x.url, x.attempts from due d
          left join busy b on b.partner_id = d.partner_id
          cross join lateral (
            select r.partner_id, r.product_id, r.url, r.attempts from product_remote_media r
            where r.partner_id = d.partner_id and r.status = 'PENDING' and r.next_attempt_at <= now()
              and exists (select 1 from products p where p.partner_id = r.partner_id and p.id = r.product_id)
            order by r.next_attempt_at, r.created_at
            limit greatest(0, ${REMOTE_MEDIA_PARTNER_CONCURRENCY} - coalesce(b.n, 0))
          ) x`),
      );
      const picked = this.inTurns(candidates, free);
      if (!picked.length) return [];
      await tx.execute(sql`update product_remote_media r set attempts = r.attempts + 1,
          leased_until = now() + ${`${leaseMs} milliseconds`}::interval,
          next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
        from json_to_recordset(${JSON.stringify(picked.map((p) => ({ partner_id: p.partnerId, product_id: p.productId, url: p.url })))}::json)
          as t(partner_id int, product_id text, url text)
        where r.partner_id = t.partner_id and r.product_id = t.product_id and r.url_hash = md5(t.url)`);
      return picked;
    });
  }

  /** Each partner's first URL in the order the partners were last served, then each one's second… */
  private inTurns(
    candidates: { partner_id: number; product_id: string; url: string; attempts: number }[],
    free: number,
  ): Claimed[] {
    const byPartner = new Map<number, Claimed[]>();
    for (const row of candidates) {
      const partnerId = Number(row.partner_id);
      const list = byPartner.get(partnerId) ?? [];
      list.push({ partnerId, productId: row.product_id, url: row.url, attempts: Number(row.attempts) + 1 });
      byPartner.set(partnerId, list);
    }
    const order = [...byPartner.keys()].sort((a, b) => (this.served.get(a) ?? 0) - (this.served.get(b) ?? 0));
    const picked: Claimed[] = [];
    for (let turn = 0; picked.length < free; turn++) {
      let any = false;
      for (const partnerId of order) {
        const row = byPartner.get(partnerId)?.[turn];
        if (!row || picked.length >= free) continue;
        any = true;
        picked.push(row);
        this.served.set(partnerId, ++this.tick);
      }
      if (!any) break;
    }
    return picked;
  }
}

/** Downloads one URL, judges and stores the picture, and records what came of it on the product. */
async function fetchOne(platform: Platform, row: Claimed): Promise<void> {
  const folder = spoolFolder(platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.remote`);
  try {
    let outcome: Outcome;
    // A URL that ended its process (or its lease) this many times is not tried again.
    if (row.attempts > maxAttempts()) {
      outcome = { failure: { code: 'REMOTE_IMAGE_UNREACHABLE', retry: false, detail: 'attempts used up' } };
    } else {
      const fetched = await fetchRemoteImage(row.url, path, {
        ...remoteMediaSettings,
        allowPrivate: platform.config.webhooks.allowPrivateUrls,
      });
      outcome = fetched.ok ? await judge(platform, row, path, fetched) : { failure: fetched.failure };
    }
    await record(platform, row, outcome);
  } finally {
    await rm(path, { force: true });
  }
}

async function judge(
  platform: Platform,
  row: Claimed,
  path: string,
  fetched: { bytes: number; fileName: string },
): Promise<Outcome> {
  try {
    return { stored: await storeProductImage(platform, row.partnerId, { path, ...fetched }) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The partner's uploads fill its decode queue: this picture waits for a later turn.
    if (error.code === 'TOO_MANY_REQUESTS') return { failure: { code: error.code, retry: true, detail: 'busy' } };
    return { failure: { code: error.code, retry: false, detail: 'refused' } };
  }
}

async function record(platform: Platform, row: Claimed, outcome: Outcome): Promise<void> {
  const key = sql`partner_id = ${row.partnerId} and product_id = ${row.productId} and url_hash = md5(${row.url})`;
  const retryIn =
    'failure' in outcome && outcome.failure.retry && row.attempts < maxAttempts()
      ? (remoteMediaSettings.retryDelaysMs[row.attempts - 1] ?? 0)
      : null;
  await platform.database.db.transaction(async (tx) => {
    let changed: unknown[];
    if ('stored' in outcome) {
      const image = outcome.stored;
      changed = rowsOf(
        await tx.execute(sql`update product_remote_media set status = 'STORED', file_id = ${image.fileId}::uuid,
            thumb_url = ${image.thumbUrl}, width = ${image.width}, height = ${image.height}, error_code = null,
            leased_until = null, updated_at = now()
          where ${key} and status = 'PENDING' returning 1`),
      );
      // The copy is the product's now; a copy nobody took (the URL was removed meanwhile) expires.
      if (changed.length) await keepStoredFiles(tx, row.partnerId, [image.fileId, thumbIdOf(image.fileId)]);
    } else if (retryIn !== null) {
      changed = rowsOf(
        await tx.execute(sql`update product_remote_media set error_code = ${outcome.failure.code}, leased_until = null,
            next_attempt_at = now() + ${`${retryIn} milliseconds`}::interval, updated_at = now()
            ${outcome.failure.code === 'TOO_MANY_REQUESTS' ? sql`, attempts = attempts - 1` : sql``}
          where ${key} and status = 'PENDING' returning 1`),
      );
      return;
    } else {
      changed = rowsOf(
        await tx.execute(sql`update product_remote_media set status = 'FAILED', error_code = ${outcome.failure.code},
            leased_until = null, updated_at = now()
          where ${key} and status = 'PENDING' returning 1`),
      );
    }
    if (!changed.length) return;
    await applyRemoteMedia(tx, row.partnerId, [row.productId]);
    await publishInTransaction(
      tx,
      { partnerId: row.partnerId },
      {
        type: 'product_media_fetched',
        data: { productId: row.productId, url: row.url, status: 'stored' in outcome ? 'STORED' : 'FAILED' },
      },
    );
  });
  const level = 'stored' in outcome ? 'info' : 'warn';
  platform.log[level](
    {
      partnerId: row.partnerId,
      productId: row.productId,
      attempt: row.attempts,
      ...('stored' in outcome
        ? { fileId: outcome.stored.fileId }
        : { code: outcome.failure.code, detail: outcome.failure.detail, retryInMs: retryIn }),
    },
    'product image fetch',
  );
}

const fetchers = new WeakMap<Platform, RemoteMediaFetcher>();

function fetcherOf(platform: Platform): RemoteMediaFetcher {
  let fetcher = fetchers.get(platform);
  if (!fetcher) {
    fetcher = new RemoteMediaFetcher(platform);
    fetchers.set(platform, fetcher);
  }
  return fetcher;
}

/**
 * The job: fetches what is due until nothing is due and nothing is in flight, or its time is up (then the
 * next job goes on). URLs waiting for a retry are left to a later run (the job also runs every minute).
 */
export async function fetchDueRemoteMedia(platform: Platform): Promise<{ worked: number }> {
  // URLs of products deleted meanwhile are nobody's work any more.
  await platform.database.db.execute(sql`delete from product_remote_media r
    where r.status = 'PENDING' and r.next_attempt_at <= now()
      and not exists (select 1 from products p where p.partner_id = r.partner_id and p.id = r.product_id)`);
  const fetcher = fetcherOf(platform);
  const until = Date.now() + remoteMediaSettings.jobBudgetMs;
  fetcher.claimUntil = Math.max(fetcher.claimUntil, until);
  const worked = await fetcher.slots.drain();
  // Out of time with work left: the next job goes on from here (the minute's run would, a little later).
  if (Date.now() >= until) await platform.jobs.send(REMOTE_MEDIA_JOB, {});
  return { worked };
}
