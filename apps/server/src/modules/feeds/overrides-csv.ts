import { createReadStream } from 'node:fs';
import {
  CATEGORY_LEAF_LEVEL,
  DomainError,
  type FieldIssue,
  type HeurekaOverrideKind,
  OVERRIDES_CSV_ERRORS_LISTED,
  OVERRIDES_CSV_MAX_BYTES,
  OVERRIDES_CSV_MAX_ROWS,
  type OverrideRow,
  overrideCsvDelimiter,
  overrideCsvHeader,
  readOverrideRow,
} from '@pp/domain';
import { CsvError, parse } from 'csv-parse';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { spooledFirstLine, type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';
import { utf8Check } from '../../platform/uploads/utf8';
import { ancestorJoins, lockedSql } from '../catalog/rules';
import { categories, categoryParameters } from '../catalog/tables';
import { partners } from '../partner/tables';

/**
 * The override CSV uploads (spec: POST /hci-v2/partners/{partnerId}/category-overrides, /box-overrides,
 * /media-overrides, CSV body). The upload is spooled to disk (size bound) so that a slow client never holds a
 * transaction open, then read once as a stream (UTF-8 checked) in one transaction: every row is judged (with
 * the catalogue for categories and parameters) and written in batches; when one row is wrong nothing is kept,
 * and the answer lists the refused rows with their line and reason, so the seller fixes the file and uploads it
 * again. Memory holds a batch of rows, the categories looked up and, for category files, each product's
 * category (bounded by the row limit).
 */

export interface OverrideUploadAnswer {
  kind: HeurekaOverrideKind;
  /** Data rows of the file. */
  rows: number;
  /** Overrides that did not exist before, and existing ones the file replaced. */
  created: number;
  updated: number;
}

/** Rows judged against the catalogue and written together. */
const BATCH = 1000;

interface Read<K extends HeurekaOverrideKind> {
  line: number;
  row: OverrideRow<K>;
}

/** The separator of the file, from its first line (the spool's first 64 kB). */
async function delimiterOf(path: string): Promise<';' | ','> {
  const first = await spooledFirstLine(path);
  if (!first.trim()) throw new DomainError('IMPORT_FILE_EMPTY');
  return overrideCsvDelimiter(first);
}

/** Newline bytes in the spool file, counted as it streams. */
async function newlines(path: string): Promise<number> {
  let count = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count++;
  }
  return count;
}

/**
 * The file's rows, each judged on its own: a row, or its issues. The header is checked first; a line of empty
 * cells (what spreadsheets leave at the end) is skipped; past the row limit the whole file is refused.
 */
async function* readFile<K extends HeurekaOverrideKind>(
  path: string,
  kind: K,
  delimiter: ';' | ',',
): AsyncGenerator<{ line: number; row: OverrideRow<K> | null; issues: FieldIssue[] | null }> {
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
    info: true,
  });
  const source = createReadStream(path);
  const checked = source.pipe(utf8Check(() => new DomainError('IMPORT_FILE_ENCODING')));
  checked.on('error', (error) => parser.destroy(error));
  checked.pipe(parser);
  let columns: string[] | null = null;
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = overrideCsvHeader(kind, record);
        if (!columns) throw new DomainError('INVALID_CSV_HEADER');
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (++count > OVERRIDES_CSV_MAX_ROWS)
        throw new DomainError('IMPORT_TOO_MANY_ROWS', { max: OVERRIDES_CSV_MAX_ROWS });
      yield { line: info.lines, ...readOverrideRow(kind, columns, record, info.lines) };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // An unclosed quote, a stray quote inside a field, a record past the size bound: not readable as CSV.
    if (error instanceof CsvError) throw new DomainError('ErrorReadingFile');
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (!columns || count === 0) throw new DomainError('IMPORT_FILE_EMPTY');
}

/** The file's rows in batches: each a batch of good rows and the issues of the others. */
async function* batches<K extends HeurekaOverrideKind>(path: string, kind: K, delimiter: ';' | ',') {
  let good: Read<K>[] = [];
  let issues: FieldIssue[] = [];
  for await (const read of readFile(path, kind, delimiter)) {
    if (read.row) good.push({ line: read.line, row: read.row });
    else issues.push(...read.issues!);
    if (good.length + issues.length >= BATCH) {
      yield { good, issues };
      good = [];
      issues = [];
    }
  }
  if (good.length || issues.length) yield { good, issues };
}

/** Category cells resolved in the partner's shop: the id, or the rule that refuses it. */
type CategoryVerdict = { id: number; rule: null } | { id: null; rule: string };

/**
 * The catalogue as category files need it: a category cell is the marketplace category id (as the portal and
 * the pairing show it) or its SAP id; it must be a displayed leaf of the partner's shop that is not locked for
 * the partner, and a parameter must be one of the category's.
 */
function catalogue(db: DbOrTx, partnerId: number) {
  const verdicts = new Map<string, CategoryVerdict>();
  const codes = new Map<number, Set<string>>();
  let shopId: string | null = null;
  const { parent, grandparent, parentOn, grandparentOn } = ancestorJoins;
  return {
    verdict: (cell: string) => verdicts.get(cell)!,
    async load(cells: string[]) {
      const wanted = [...new Set(cells)].filter((c) => !verdicts.has(c));
      if (!wanted.length) return;
      if (shopId === null) {
        const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
        shopId = row?.shopId ?? '';
      }
      const ids = wanted.filter((c) => /^\d{1,9}$/.test(c)).map(Number);
      const match: SQL[] = [inArray(categories.sapId, wanted)];
      if (ids.length) match.push(inArray(categories.id, ids));
      const rows = await db
        .select({
          id: categories.id,
          sapId: categories.sapId,
          level: categories.level,
          locked: lockedSql(partnerId),
          displayed: sql<boolean>`(${categories.visible} and coalesce(${parent.visible}, true) and coalesce(${grandparent.visible}, true))`,
        })
        .from(categories)
        .leftJoin(parent, parentOn)
        .leftJoin(grandparent, grandparentOn)
        .where(and(eq(categories.shopId, shopId), or(...match)));
      for (const cell of wanted) {
        // The id wins over a SAP id that happens to be the same digits.
        const row = rows.find((r) => String(r.id) === cell) ?? rows.find((r) => r.sapId === cell);
        verdicts.set(
          cell,
          !row?.displayed
            ? { id: null, rule: 'overrideCategoryUnknown' }
            : row.level !== CATEGORY_LEAF_LEVEL
              ? { id: null, rule: 'categoryLeaf' }
              : row.locked
                ? { id: null, rule: 'categoryLocked' }
                : { id: row.id, rule: null },
        );
      }
    },
    async parameterCodes(categoryIds: number[]) {
      const wanted = [...new Set(categoryIds)].filter((id) => !codes.has(id));
      if (!wanted.length) return;
      const rows = await db
        .select({ categoryId: categoryParameters.categoryId, code: categoryParameters.code })
        .from(categoryParameters)
        .where(inArray(categoryParameters.categoryId, wanted));
      for (const id of wanted) codes.set(id, new Set());
      for (const r of rows) codes.get(r.categoryId)!.add(r.code);
    },
    hasParameter: (categoryId: number, code: string) => codes.get(categoryId)?.has(code) ?? false,
  };
}

type Catalogue = ReturnType<typeof catalogue>;

/**
 * Judges a batch of category rows against the catalogue and the rows before it: the category must be usable,
 * the parameter the category's, and all rows of one product must name the same category.
 */
async function judgeCategoryRows(
  cat: Catalogue,
  good: Read<'CATEGORY'>[],
  productCategory: Map<string, { categoryId: number; line: number }>,
): Promise<{ rows: (Read<'CATEGORY'> & { categoryId: number })[]; issues: FieldIssue[] }> {
  await cat.load(good.map((g) => g.row.sapCategoryId));
  const issues: FieldIssue[] = [];
  const usable: (Read<'CATEGORY'> & { categoryId: number })[] = [];
  for (const g of good) {
    const verdict = cat.verdict(g.row.sapCategoryId);
    if (verdict.id === null) issues.push({ field: 'sapCategoryId', rule: verdict.rule, params: { row: g.line } });
    else usable.push({ ...g, categoryId: verdict.id });
  }
  await cat.parameterCodes(usable.filter((u) => u.row.param !== '').map((u) => u.categoryId));
  const rows: (Read<'CATEGORY'> & { categoryId: number })[] = [];
  for (const u of usable) {
    const before = productCategory.get(u.row.partnerProductId);
    if (before && before.categoryId !== u.categoryId) {
      issues.push({
        field: 'sapCategoryId',
        rule: 'overrideCategoryConflict',
        params: { row: u.line, 0: before.line },
      });
      continue;
    }
    if (u.row.param !== '' && !cat.hasParameter(u.categoryId, u.row.param)) {
      issues.push({ field: 'param', rule: 'parameterUnknown', params: { row: u.line, 0: u.row.param } });
      continue;
    }
    if (!before) productCategory.set(u.row.partnerProductId, { categoryId: u.categoryId, line: u.line });
    rows.push(u);
  }
  return { rows, issues };
}

/** The last row of each key wins, as the last ITEM of an id does in a feed. */
function lastOfEach<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((r) => [key(r), r])).values()];
}

/**
 * Writes one batch of judged rows (one statement over arrays, whatever the batch's size); answers how many
 * overrides were created and how many replaced.
 */
async function writeBatch(
  tx: DbOrTx,
  partnerId: number,
  kind: HeurekaOverrideKind,
  rows: (Read<HeurekaOverrideKind> & { categoryId?: number })[],
): Promise<{ created: number; updated: number }> {
  const p = <T>(values: T[]) => sql.param(values);
  let statement: SQL;
  if (kind === 'CATEGORY') {
    const last = lastOfEach(
      rows as (Read<'CATEGORY'> & { categoryId: number })[],
      (r) => `${r.row.partnerProductId}\u0000${r.row.param}`,
    );
    statement = sql`
      insert into heureka_category_overrides (partner_id, product_id, category_id, param, value)
      select ${partnerId}, v.product_id, v.category_id, v.param, v.value
      from unnest(${p(last.map((r) => r.row.partnerProductId))}::text[], ${p(last.map((r) => r.categoryId))}::int[],
        ${p(last.map((r) => r.row.param))}::text[], ${p(last.map((r) => r.row.value))}::text[])
        as v(product_id, category_id, param, value)
      on conflict (partner_id, product_id, param) do update
        set category_id = excluded.category_id, value = excluded.value, updated = now()
      returning (xmax = 0) as inserted`;
  } else if (kind === 'BOX') {
    const last = lastOfEach(rows as Read<'BOX'>[], (r) => r.row.partnerProductId);
    statement = sql`
      insert into heureka_box_overrides (partner_id, product_id, box_type)
      select ${partnerId}, v.product_id, v.box_type
      from unnest(${p(last.map((r) => r.row.partnerProductId))}::text[], ${p(last.map((r) => r.row.boxType))}::text[])
        as v(product_id, box_type)
      on conflict (partner_id, product_id) do update set box_type = excluded.box_type, updated = now()
      returning (xmax = 0) as inserted`;
  } else {
    const last = lastOfEach(rows as Read<'MEDIA'>[], (r) => `${r.row.partnerProductId}\u0000${r.row.url}`);
    statement = sql`
      insert into heureka_media_overrides (partner_id, product_id, url, energy_label, information_list, excluded)
      select ${partnerId}, v.product_id, v.url, v.energy_label, v.information_list, v.excluded
      from unnest(${p(last.map((r) => r.row.partnerProductId))}::text[], ${p(last.map((r) => r.row.url))}::text[],
        ${p(last.map((r) => r.row.energyLabel))}::bool[], ${p(last.map((r) => r.row.informationList))}::bool[],
        ${p(last.map((r) => r.row.excluded))}::bool[])
        as v(product_id, url, energy_label, information_list, excluded)
      on conflict (partner_id, product_id, url) do update
        set energy_label = excluded.energy_label, information_list = excluded.information_list,
          excluded = excluded.excluded, updated = now()
      returning (xmax = 0) as inserted`;
  }
  const written = rowsOf<{ inserted: boolean }>(await tx.execute(statement));
  const created = written.filter((w) => w.inserted).length;
  return { created, updated: written.length - created };
}

/**
 * The rows of the products a category file names keep one category: the rows of other parameters the file
 * does not name move to the file's category.
 */
async function alignCategories(
  tx: DbOrTx,
  partnerId: number,
  productCategory: Map<string, { categoryId: number }>,
): Promise<void> {
  const entries = [...productCategory.entries()];
  for (let i = 0; i < entries.length; i += 5000) {
    const chunk = entries.slice(i, i + 5000);
    await tx.execute(sql`
      update heureka_category_overrides o set category_id = v.category_id, updated = now()
      from unnest(${sql.param(chunk.map(([id]) => id))}::text[], ${sql.param(chunk.map(([, c]) => c.categoryId))}::int[])
        as v(product_id, category_id)
      where o.partner_id = ${partnerId} and o.product_id = v.product_id and o.category_id <> v.category_id`);
  }
}

/**
 * Takes one override file of the selected partner. `pathPartnerId` is the partner the URL names: it must be
 * the one the session acts for, otherwise the address does not exist for the caller (NOT_FOUND).
 */
export async function uploadOverrides(
  ctx: RequestContext,
  kind: HeurekaOverrideKind,
  pathPartnerId: string,
  body: UploadBody | null,
): Promise<OverrideUploadAnswer> {
  let partnerId: number;
  try {
    ({ partnerId } = await ctx.require('heurekaFeed', 'update'));
    if (String(partnerId) !== pathPartnerId) throw new DomainError('NOT_FOUND');
    if (!body) throw new DomainError('IMPORT_FILE_MISSING');
  } catch (error) {
    // Drain the body, so the client reads the refusal instead of a reset connection.
    body?.resume();
    throw error;
  }
  return withSpooledUpload(
    ctx.platform,
    body,
    { maxBytes: OVERRIDES_CSV_MAX_BYTES, tooLarge: 'IMPORT_FILE_TOO_LARGE' },
    async (path, bytes) => {
      if (bytes === 0) throw new DomainError('IMPORT_FILE_EMPTY');
      const delimiter = await delimiterOf(path);
      // A file of more lines than the row limit may be over it (quoted cells can span lines): it is counted
      // first, so that such a file is refused before anything is written.
      if ((await newlines(path)) > OVERRIDES_CSV_MAX_ROWS) {
        for await (const _ of readFile(path, kind, delimiter));
      }
      const productCategory = new Map<string, { categoryId: number; line: number }>();
      const listed: FieldIssue[] = [];
      const refusedRows = new Set<number>();
      const totals = { created: 0, updated: 0 };
      let rows = 0;
      // One reading in one transaction: rows are written batch by batch while they are good; the first wrong
      // row stops the writing, the rest is only judged, and the refusal at the end undoes what was written.
      await ctx.db.transaction(async (tx) => {
        const cat = catalogue(tx, partnerId);
        for await (const batch of batches(path, kind, delimiter)) {
          rows += batch.good.length;
          let good: (Read<HeurekaOverrideKind> & { categoryId?: number })[] = batch.good;
          let issues = batch.issues;
          if (kind === 'CATEGORY') {
            const judged = await judgeCategoryRows(cat, batch.good as Read<'CATEGORY'>[], productCategory);
            good = judged.rows;
            issues = [...issues, ...judged.issues].sort((a, b) => Number(a.params?.row) - Number(b.params?.row));
          }
          for (const issue of issues) {
            refusedRows.add(Number(issue.params?.row));
            if (listed.length < OVERRIDES_CSV_ERRORS_LISTED) listed.push(issue);
          }
          if (refusedRows.size || !good.length) continue;
          const counts = await writeBatch(tx, partnerId, kind, good);
          totals.created += counts.created;
          totals.updated += counts.updated;
        }
        if (refusedRows.size) {
          listed.sort((a, b) => Number(a.params?.row) - Number(b.params?.row));
          throw new DomainError('HEUREKA_OVERRIDE_ROWS_INVALID', { count: refusedRows.size }, listed);
        }
        if (kind === 'CATEGORY') await alignCategories(tx, partnerId, productCategory);
        await recordAudit(tx, ctx.actor(partnerId), {
          action: `heureka.override.${kind.toLowerCase()}.upload`,
          entity: 'heureka_override',
          data: { kind, rows, ...totals },
        });
      });
      return { kind, rows, ...totals };
    },
  );
}
