import { type DocumentKind, SHOP_IDS, type ShopId } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';

/**
 * Document numbers (docs/decisions.md, "Billing numbering"): ten digits — the year's last two, the shop, the
 * series, six of sequence — so the number is also the payment's variable symbol. A series is gap-free per
 * year: numbers are taken from `billing_series` under its row lock in the issuing transaction.
 */

/** The shop's digit in a number. */
export const SHOP_DIGIT: Readonly<Record<ShopId, number>> = Object.fromEntries(
  SHOP_IDS.map((shop, i) => [shop, i + 1]),
) as Record<ShopId, number>;

/** A series of the marketplace's documents in a shop. Self-billing invoices are numbered per partner. */
export type SeriesCode = 'COMMISSION' | 'FEES' | 'PENALTY' | 'CREDIT' | 'DEBIT' | 'OFFSET';

export const SERIES_DIGIT: Readonly<Record<SeriesCode, number>> = {
  COMMISSION: 1,
  FEES: 2,
  PENALTY: 3,
  CREDIT: 5,
  DEBIT: 6,
  OFFSET: 7,
};

/** The series of a document: its kind, or credit/debit for notes. */
export function seriesOf(kind: DocumentKind, documentType: string): SeriesCode | 'SELF_BILLING' {
  if (documentType === 'credit-note') return 'CREDIT';
  if (documentType === 'debit-note') return 'DEBIT';
  if (kind === 'SELF_BILLING') return 'SELF_BILLING';
  if (kind === 'COMMISSION' || kind === 'FEES' || kind === 'PENALTY') return kind;
  return 'DEBIT';
}

/** The key of a marketplace series in `billing_series`. */
export function seriesKey(shopId: string, code: SeriesCode): string {
  return `${shopId}:${code}`;
}

/** The key of a partner's own self-billing series. */
export function selfBillingSeriesKey(partnerId: number): string {
  return `SB:${partnerId}`;
}

/**
 * Takes `count` numbers of a series for `year` and returns the first; the counter row stays locked until
 * the transaction ends, so parallel issuers of the same series wait and a rollback gives the numbers back.
 */
export async function reserveNumbers(tx: DbOrTx, series: string, year: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  await tx.execute(
    sql`insert into billing_series (series, year, last) values (${series}, ${year}, 0) on conflict do nothing`,
  );
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`update billing_series set last = last + ${count}
      where series = ${series} and year = ${year} returning last`),
  );
  return row!.last - count + 1;
}

/** The printed number of a marketplace document (also its variable symbol). */
export function marketplaceNumber(shopId: ShopId, code: SeriesCode, year: number, sequence: number): string {
  return `${String(year % 100).padStart(2, '0')}${SHOP_DIGIT[shopId]}${SERIES_DIGIT[code]}${String(sequence).padStart(6, '0')}`;
}

/** The printed number of a self-billing invoice: the partner's own series. */
export function selfBillingNumber(partnerId: number, year: number, sequence: number): string {
  return `SB${partnerId}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The variable symbol of a self-billing invoice: digits only, the year, 4 and the sequence. */
export function selfBillingSymbol(year: number, sequence: number): string {
  return `${String(year % 100).padStart(2, '0')}4${String(sequence).padStart(7, '0')}`;
}
