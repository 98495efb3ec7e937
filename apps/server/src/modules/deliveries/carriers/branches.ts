import {
  BRANCH_PAGE_DEFAULT,
  BRANCH_PAGE_MAX,
  DELIVERY_CARRIERS,
  DomainError,
  branchSearchWords,
  branchZipPrefix,
  isBranchCarrier,
  isBranchCountry,
} from '@pp/domain';
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { RequestContext } from '../../../platform/context';
import { type DbOrTx, rowsOf } from '../../../platform/db/client';
import { carrierBranches } from './tables';

/** A carrier's pickup point as the portal shows it. */
export interface CarrierBranch {
  id: string;
  carrier: string;
  carrierTitle: string;
  country: string;
  code: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  lat: number | null;
  lng: number | null;
  active: boolean;
  codAllowed: boolean;
  maxPackageSize: string | null;
  openingHours: string | null;
}

export interface BranchPage {
  nodes: CarrierBranch[];
  /** Pass back as `after` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface BranchQuery {
  country: string;
  /** One carrier's network, or every carrier of the country. */
  carrier?: string | null;
  search?: string | null;
  first?: number | null;
  after?: string | null;
}

const TITLES = new Map(DELIVERY_CARRIERS.map((c) => [c.code, c.title]));

const columns = {
  id: carrierBranches.id,
  carrier: carrierBranches.carrier,
  country: carrierBranches.country,
  code: carrierBranches.code,
  name: carrierBranches.name,
  street: carrierBranches.street,
  zip: carrierBranches.zip,
  city: carrierBranches.city,
  lat: carrierBranches.lat,
  lng: carrierBranches.lng,
  active: carrierBranches.active,
  codAllowed: carrierBranches.codAllowed,
  maxPackageSize: carrierBranches.maxPackageSize,
  openingHours: carrierBranches.openingHours,
};

type Row = Omit<CarrierBranch, 'carrierTitle'>;
const withTitle = (row: Row): CarrierBranch => ({ ...row, carrierTitle: TITLES.get(row.carrier) ?? row.carrier });

/** The keyset of a page: the last row's name and id, opaque to the caller. */
function encodeCursor(row: Row): string {
  return Buffer.from(JSON.stringify([row.name, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return value as [string, string];
    }
  } catch {
    // falls through to the refusal
  }
  throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'after', rule: 'invalid' }]);
}

/** A typed word is matched as text: LIKE's wildcards in it are escaped. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

function invalid(field: string, rule = 'invalid'): never {
  throw new DomainError('VALIDATION_ERROR', {}, [{ field, rule }]);
}

/**
 * Rows the name-ordered walk reads before it gives up: a word on one branch in 15 of the names in front of it (a
 * shop chain's, a street's) fills a page of 20 within them. Words whose matches cluster late in name order (a town:
 * names start with it) leave the walk empty-handed for half a millisecond, and the gather answers.
 */
export const BRANCH_WALK_ROWS = 300;

/**
 * Active branches of a country (and carrier) whose name, city, zip or street hold every word of the search,
 * in name order, a page at a time (keyset on name and id). The words are folded by the database the same
 * way as the indexed `search_text`, so the trigram index answers "plzen" for Plzeň.
 *
 * Two ways to the same page: a word spread over many names (a shop chain, a street) is met a page of times by
 * walking the browse index in name order for a few hundred rows; any other word is gathered by the trigram
 * index, then sorted. The walk is tried first over at most BRANCH_WALK_ROWS rows (`walkRows`: tests and the
 * bench try others): when it fills the page, that page is exactly the first one in name order (every row before
 * its last was read); when it does not, the gather answers. Either way the rows and their order are the same.
 */
export async function searchBranches(db: DbOrTx, query: BranchQuery, walkRows = BRANCH_WALK_ROWS): Promise<BranchPage> {
  const country = query.country.toUpperCase();
  if (!isBranchCountry(country)) invalid('country');
  const carrier = query.carrier ? query.carrier.toUpperCase() : null;
  if (carrier && !isBranchCarrier(carrier)) invalid('carrier');
  const first = query.first ?? BRANCH_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > BRANCH_PAGE_MAX) invalid('first', 'max');
  const conditions: SQL[] = [eq(carrierBranches.country, country), eq(carrierBranches.active, true)];
  if (carrier) conditions.push(eq(carrierBranches.carrier, carrier));
  if (query.after) {
    const [name, id] = decodeCursor(query.after);
    conditions.push(sql`(${carrierBranches.name}, ${carrierBranches.id}) > (${name}, ${id})`);
  }
  const words = branchSearchWords(query.search).map((word) => ({ word, zip: branchZipPrefix(country, word) }));
  // The words are folded first, in their own statement, so the search below compares with plain values: a pattern
  // the planner cannot see made it walk the name index and filter 50,000 rows (p95 378 ms).
  const folded = words.length
    ? rowsOf<{ f: string }>(
        await db.execute(
          sql`select lower(pp_unaccent(w)) as f from unnest(${`{${words.map((w) => JSON.stringify(w.zip ?? w.word)).join(',')}}`}::text[]) with ordinality as u(w, n) order by n`,
        ),
      ).map((r) => r.f)
    : [];
  // The trigram index narrows by "contains"; a zip prefix then keeps only the zips that start with it.
  const matches = (searchText: SQLWrapper, zip: SQLWrapper): SQL[] =>
    words.flatMap(({ zip: prefix }, i) => [
      sql`${searchText} like ${`%${escapeLike(folded[i]!)}%`}`,
      ...(prefix ? [sql`replace(${zip}, ' ', '') like ${`${escapeLike(prefix)}%`}`] : []),
    ]);

  let rows: Row[];
  if (!words.length) {
    rows = await db
      .select(columns)
      .from(carrierBranches)
      .where(and(...conditions))
      .orderBy(carrierBranches.name, carrierBranches.id)
      .limit(first + 1);
  } else {
    // The walk: the next `walkRows` branches in name order (the browse index), then the words on them.
    const walked = db
      .select({ ...columns, searchText: carrierBranches.searchText })
      .from(carrierBranches)
      .where(and(...conditions))
      .orderBy(carrierBranches.name, carrierBranches.id)
      .limit(walkRows)
      .as('walked');
    rows =
      walkRows > 0
        ? await db
            .select(pick(walked))
            .from(walked)
            .where(and(...matches(walked.searchText, walked.zip)))
            .orderBy(walked.name, walked.id)
            .limit(first + 1)
        : [];
    if (rows.length <= first) {
      const where = and(...conditions, ...matches(carrierBranches.searchText, carrierBranches.zip));
      rows = await gather(db, where!, first + 1);
    }
  }
  const more = rows.length > first;
  const page = more ? rows.slice(0, first) : rows;
  return { nodes: page.map(withTitle), nextCursor: more ? encodeCursor(page[page.length - 1]!) : null };
}

/**
 * The gather: every match by the trigram index, then the first `limit` in name order. `offset 0` keeps the
 * matches a subquery of their own, planned by the trigram index: merged into the sort, the planner walked the
 * browse index in name order and filtered up to every branch of the country for a word whose matches sort late
 * ("zlin", "Z-BOX": 45,000 rows, 50 ms). The fence is written out because the query builder leaves an
 * `.offset(0)` out of the statement (it did so here until issue 19's follow-up).
 */
async function gather(db: DbOrTx, where: SQL, limit: number): Promise<Row[]> {
  const t = carrierBranches;
  return rowsOf<Row>(
    await db.execute(sql`
      select * from (
        select ${t.id} as id, ${t.carrier} as carrier, ${t.country} as country, ${t.code} as code, ${t.name} as name,
          ${t.street} as street, ${t.zip} as zip, ${t.city} as city, ${t.lat} as lat, ${t.lng} as lng,
          ${t.active} as active, ${t.codAllowed} as "codAllowed", ${t.maxPackageSize} as "maxPackageSize",
          ${t.openingHours} as "openingHours"
        from ${t} where ${where} offset 0
      ) as found
      order by name, id limit ${limit}`),
  );
}

/** A subquery's columns of a branch as the page shows them. */
function pick<T extends Record<keyof typeof columns, unknown>>(from: T) {
  return Object.fromEntries(Object.keys(columns).map((key) => [key, from[key as keyof typeof columns]])) as {
    [K in keyof typeof columns]: T[K];
  };
}

/** The carrierBranches query: the pickup points a seller picks from when it changes an order's branch. */
export async function carrierBranchesQuery(ctx: RequestContext, query: BranchQuery): Promise<BranchPage> {
  await ctx.require('orders', 'read');
  return searchBranches(ctx.db, query);
}

/** Branches by their ids (active or not: an order keeps pointing at a branch that closed). */
export async function branchesByIds(db: DbOrTx, ids: readonly (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = new Map<string, CarrierBranch>();
  if (wanted.length === 0) return found;
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select(columns)
      .from(carrierBranches)
      .where(inArray(carrierBranches.id, wanted.slice(i, i + 1000)));
    for (const row of rows) found.set(row.id, withTitle(row));
  }
  return found;
}

export async function branchById(db: DbOrTx, id: string | null | undefined): Promise<CarrierBranch | null> {
  return (await branchesByIds(db, [id])).get(id ?? '') ?? null;
}

/** Whether a carrier has branches in a country (a carrier without a network there names no branch). */
export async function hasBranchNetwork(db: DbOrTx, country: string, carrier: string): Promise<boolean> {
  const [row] = await db
    .select({ id: carrierBranches.id })
    .from(carrierBranches)
    .where(and(eq(carrierBranches.country, country), eq(carrierBranches.carrier, carrier)))
    .limit(1);
  return !!row;
}
