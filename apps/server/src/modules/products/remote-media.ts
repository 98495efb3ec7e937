import { type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import type { Jobs } from '../../platform/jobs';
import { mediaFileIdOf } from './media';

/**
 * Product images at a seller's own URL (an XML feed today; the form, later the API and feeds). The portal's
 * strict CSP rightly blocks pictures from other origins, so such a URL is fetched by a job, checked like an
 * upload and stored as the partner's public file (`/media/{id}`), and the product shows that copy. The
 * product keeps the seller's URL as its media URL (an export gives back what the feed sent; the same URL
 * imported again finds its copy), and `product_remote_media` keeps per product and URL what became of it.
 */

export const REMOTE_MEDIA_JOB = 'products.remote-media';

/** A product's media as saved: the URLs that are not the portal's own are fetched. */
export interface RemoteMediaItem {
  productId: string;
  media: readonly { url: string; informationList?: boolean }[];
}

/** A URL the portal does not serve itself: fetched (or refused, with the reason) by the remote-media job. */
export function isRemoteMediaUrl(url: string): boolean {
  return url.trim() !== '' && mediaFileIdOf(url) === null;
}

const recordset = (rows: object[]): SQL => sql`${JSON.stringify(rows)}::json`;

/**
 * An information sheet is a document (a PDF as a rule), and only pictures are public files: it stays a link
 * to the seller's URL. Pictures, energy labels included, are fetched.
 */
const isFetched = (m: { url: string; informationList?: boolean }) => !m.informationList && isRemoteMediaUrl(m.url);

/**
 * The one door for every writer of product media (import, form, later the API and feeds): called in the
 * writer's transaction after the product's media rows are written, with the product's whole media list.
 * URLs new to the product are queued, URLs it no longer has are forgotten, a URL that failed before is
 * tried again (the seller sent it again, perhaps fixed), and a URL already stored is not fetched again:
 * its copy goes straight onto the new media rows. Queues the fetch job in the same transaction, so a
 * rolled-back write leaves no work behind. Answers how many URLs were queued.
 */
export async function queueRemoteMedia(
  tx: DbOrTx,
  jobs: Pick<Jobs, 'send'>,
  partnerId: number,
  items: readonly RemoteMediaItem[],
): Promise<number> {
  if (!items.length) return 0;
  const ids = [...new Set(items.map((i) => i.productId))];
  const wanted = items.flatMap((item) =>
    [...new Set(item.media.filter(isFetched).map((m) => m.url))].map((url) => ({ product_id: item.productId, url })),
  );
  await tx.execute(sql`delete from product_remote_media r
    where r.partner_id = ${partnerId} and r.product_id = any(${sql.param(ids)}::text[])
      and not exists (select 1 from json_to_recordset(${recordset(wanted)}) as w(product_id text, url text)
        where w.product_id = r.product_id and w.url = r.url)`);
  let queued = 0;
  if (wanted.length) {
    // A media row that already carries a copy of the URL (a copied product, a kept import row) needs no fetch.
    const rows = rowsOf<{ pending: boolean }>(
      await tx.execute(sql`insert into product_remote_media (partner_id, product_id, url, status, file_id, thumb_url,
          width, height)
        select ${partnerId}, w.product_id, w.url, case when k.file_id is null then 'PENDING' else 'STORED' end,
          k.file_id, k.thumb_url, k.width, k.height
        from json_to_recordset(${recordset(wanted)}) as w(product_id text, url text)
        left join lateral (select m.file_id, m.thumb_url, m.width, m.height from product_media m
          where m.partner_id = ${partnerId} and m.product_id = w.product_id and m.url = w.url
            and m.file_id is not null limit 1) k on true
        on conflict (partner_id, product_id, url_hash) do update set status = 'PENDING', error_code = null,
          attempts = 0, next_attempt_at = now(), leased_until = null, updated_at = now()
          where product_remote_media.status = 'FAILED'
        returning status = 'PENDING' as pending`),
    );
    queued = rows.filter((r) => r.pending).length;
  }
  await applyRemoteMedia(tx, partnerId, ids);
  if (queued) await wakeRemoteMediaJob(tx, jobs);
  return queued;
}

/**
 * Queues the fetch job in the transaction that queued the URLs, so it runs after they are committed and sees
 * them. Coalescing with a job already waiting lost wake-ups: that job could start and look before this
 * transaction committed, leaving the URLs to the minute's sweep (an e2e waited 30 s for a picture in vain under
 * load). A job that finds nothing pending ends at once.
 */
async function wakeRemoteMediaJob(tx: DbOrTx, jobs: Pick<Jobs, 'send'>): Promise<void> {
  await jobs.send(REMOTE_MEDIA_JOB, {}, { tx });
}

/**
 * What the fetches came to, onto the products: a stored copy onto every media row with its URL (file,
 * thumbnail, size), the main image's thumbnail onto the product row for the grid (never a URL of another
 * origin, which the CSP would block), and the URLs that gave no image as the product's media errors.
 */
export async function applyRemoteMedia(tx: DbOrTx, partnerId: number, productIds: readonly string[]): Promise<void> {
  if (!productIds.length) return;
  const unique = [...new Set(productIds)];
  const ids = sql.param(unique);
  // Two fetches of one product end at once on PostgreSQL: each rewrites the product's errors from what it
  // sees, so they take turns on the product row (the writers of the product hold it already).
  await tx.execute(sql`select 1 from products where partner_id = ${partnerId} and id = any(${ids}::text[])
    order by id for update`);
  await tx.execute(sql`update product_media m set file_id = r.file_id, thumb_url = r.thumb_url, width = r.width,
      height = r.height
    from product_remote_media r
    where m.partner_id = ${partnerId} and m.product_id = any(${ids}::text[]) and r.partner_id = m.partner_id
      and r.product_id = m.product_id and r.url_hash = md5(m.url) and r.status = 'STORED'
      and m.file_id is distinct from r.file_id`);
  // Only products that show a thumbnail or whose main picture has a copy can change: a batch of new products
  // whose pictures all wait for their fetch (a feed's first run) is answered by the index, with no sub-select
  // per product (that cost a third of a feed batch's statements).
  await tx.execute(sql`with main as (
      select p.id, (select coalesce(m.thumb_url, case when m.url like '/media/%' then m.url end)
          from product_media m where m.partner_id = p.partner_id and m.product_id = p.id and m.main
          order by m.position limit 1) as thumb
      from products p where p.partner_id = ${partnerId} and p.id = any(${ids}::text[])
        and (p.main_thumb_url is not null or exists (select 1 from product_media m
          where m.partner_id = p.partner_id and m.product_id = p.id and m.main
            and (m.thumb_url is not null or m.url like '/media/%')))
    )
    update products p set main_thumb_url = main.thumb from main
    where p.partner_id = ${partnerId} and p.id = main.id and p.main_thumb_url is distinct from main.thumb`);
  await refreshMediaErrors(tx, partnerId, unique);
}

/**
 * A product's media errors: one row of the errors tab (source MEDIA) naming each image that gave no picture
 * (`media.<position>.url`, the reason's code, the URL), and the product's error flag from all its reasons.
 */
async function refreshMediaErrors(tx: DbOrTx, partnerId: number, productIds: string[]): Promise<void> {
  const ids = sql.param(productIds);
  await tx.execute(sql`delete from product_errors where partner_id = ${partnerId} and source = 'MEDIA'
    and product_id = any(${ids}::text[])`);
  await tx.execute(sql`insert into product_errors (partner_id, product_id, source, issues)
    select r.partner_id, r.product_id, 'MEDIA',
      jsonb_agg(jsonb_build_object('field', 'media.' || m.position || '.url', 'rule', r.error_code,
        'params', jsonb_build_object('url', r.url)) order by m.position)
    from product_remote_media r
    join product_media m on m.partner_id = r.partner_id and m.product_id = r.product_id and md5(m.url) = r.url_hash
    where r.partner_id = ${partnerId} and r.product_id = any(${ids}::text[]) and r.status = 'FAILED'
    group by r.partner_id, r.product_id`);
  // The products by their key, each judged on its own: a join of the products with themselves was planned as
  // a scan of all the partner's products (60 ms a batch at 150,000).
  await tx.execute(sql`update products p set has_errors = not p.has_errors
    where p.partner_id = ${partnerId} and p.id = any(${ids}::text[])
      and p.has_errors <> exists (select 1 from product_errors e where e.partner_id = p.partner_id and e.product_id = p.id)`);
}

/** Where a media URL of a product stands: fetching, stored, or failed with its reason (null for uploads). */
export interface MediaFetchState {
  fetchStatus: 'PENDING' | 'STORED' | 'FAILED' | null;
  fetchError: string | null;
}

/**
 * The product's media with what became of each seller's URL, for the detail. Reached only through a product
 * the caller may read (productDetail), and read with that product's partner.
 */
export async function withFetchState<M extends { url: string }>(
  ctx: RequestContext,
  product: { partnerId: number; id: string; media: M[] },
): Promise<(M & MediaFetchState)[]> {
  const remote = product.media.some((m) => isRemoteMediaUrl(m.url))
    ? rowsOf<{ url: string; status: MediaFetchState['fetchStatus']; error_code: string | null }>(
        await ctx.db.execute(sql`select url, status, error_code from product_remote_media
          where partner_id = ${product.partnerId} and product_id = ${product.id}`),
      )
    : [];
  const byUrl = new Map(remote.map((r) => [r.url, r]));
  return product.media.map((m) => {
    const state = byUrl.get(m.url);
    return {
      ...m,
      fetchStatus: state?.status ?? null,
      fetchError: state?.status === 'STORED' ? null : (state?.error_code ?? null),
    };
  });
}

/** A seller's image URL that gave no picture, with the products naming it (at most `articlesMax` of them). */
export interface FailedRemoteMedia {
  url: string;
  errorCode: string;
  productIds: string[];
  /** All products naming it, however many `productIds` lists. */
  products: number;
}

/**
 * The partner's image URLs that could not be fetched (the same rows the products' errors tab shows as MEDIA
 * errors), one per URL and reason, for the API's media check. Needs the products read right.
 */
export async function failedRemoteMedia(
  ctx: RequestContext,
  limits: { urls: number; articlesMax: number },
): Promise<FailedRemoteMedia[]> {
  const { partnerId } = await ctx.require('products', 'read');
  const rows = rowsOf<{ url: string; error_code: string | null; ids: string[]; products: number }>(
    await ctx.db.execute(sql`select min(r.url) as url, r.error_code,
        (array_agg(r.product_id order by r.product_id))[1:${limits.articlesMax}] as ids, count(*)::int as products
      from product_remote_media r
      where r.partner_id = ${partnerId} and r.status = 'FAILED'
      group by r.url_hash, r.error_code
      order by min(r.url), r.error_code
      limit ${limits.urls}`),
  );
  return rows.map((r) => ({
    url: r.url,
    errorCode: r.error_code ?? 'REMOTE_IMAGE_UNREACHABLE',
    productIds: r.ids,
    products: Number(r.products),
  }));
}
