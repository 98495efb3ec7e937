import { LANGUAGES, MAX_VARIANT_PARAMETERS, SHOP_IDS, type ShopId, searchKey } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Translated } from '../modules/catalog/tables';
import type { DbOrTx } from '../platform/db/client';
import { PARAMETERS, type ParameterTemplate } from './catalog-parameters';
import { TREE } from './catalog-tree';

/** The column order of the names in catalog-tree.ts and catalog-parameters.ts. */
const COLUMNS = ['en', 'cs', 'sk', 'pl', 'hu', 'hr', 'sl'] as const;

export interface DemoParameter {
  code: string;
  variant: boolean;
  mandatory: boolean;
}

/** One category of the demo tree, as the seed writes it for every shop (`local` = its id within a shop). */
export interface DemoCategory {
  local: number;
  parentLocal: number | null;
  level: number;
  position: number;
  names: Translated;
  parameters: DemoParameter[];
  recyclingFee: boolean;
  energyLabel: boolean;
  informationSheet: boolean;
  locked: boolean;
  keywords: string;
}

function translated(text: string, where: string): Translated {
  const parts = text.split('|').map((p) => p.trim());
  if (parts.length !== COLUMNS.length || parts.some((p) => p === '')) {
    throw new Error(`demo catalogue: "${where}" needs ${COLUMNS.length} names, got "${text}"`);
  }
  return Object.fromEntries(COLUMNS.map((language, i) => [language, parts[i]!]));
}

let parsed: DemoCategory[] | null = null;

/** The demo tree read from its table (once per process); a mistake in the table fails loudly at start. */
export function demoCategories(): DemoCategory[] {
  if (parsed) return parsed;
  const result: DemoCategory[] = [];
  const parents: number[] = [];
  const positions = new Map<number | null, number>();
  for (const line of TREE.split('\n')) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    const level = indent / 2 + 1;
    if (!Number.isInteger(level) || level > 3) throw new Error(`demo catalogue: bad indent in "${line}"`);
    const [namesText = '', paramsText = '', flagsText = '', synonyms = ''] = line.trim().split(/\s*;\s*/);
    const names = translated(namesText, line.trim());
    const parameters = paramsText
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => {
        const code = token.replace(/[*!]/g, '');
        if (!PARAMETERS[code]) throw new Error(`demo catalogue: unknown parameter ${code} in ${names.en}`);
        return { code, variant: token.includes('*'), mandatory: token.includes('!') };
      });
    if (parameters.filter((p) => p.variant).length > MAX_VARIANT_PARAMETERS) {
      throw new Error(`demo catalogue: ${names.en} has more than ${MAX_VARIANT_PARAMETERS} variant parameters`);
    }
    const flags = new Set(flagsText.split(/\s+/).filter(Boolean));
    const parentLocal = level === 1 ? null : (parents[level - 2] ?? null);
    const position = positions.get(parentLocal) ?? 0;
    positions.set(parentLocal, position + 1);
    const local = result.length + 1;
    parents[level - 1] = local;
    // Each word once: the names of seven languages repeat many words, and every word costs the trigram index.
    const words = new Set(
      [...Object.values(names), synonyms].flatMap((text) => searchKey(text).split(' ')).filter(Boolean),
    );
    result.push({
      local,
      parentLocal,
      level,
      position,
      names,
      parameters,
      recyclingFee: flags.has('R'),
      energyLabel: flags.has('E'),
      informationSheet: flags.has('I'),
      locked: flags.has('L'),
      keywords: [...words].join(' '),
    });
  }
  parsed = result;
  return result;
}

/** Category ids are offset per shop so that six copies of the tree never collide: CZ 100001…, SK 200001… */
export function demoCategoryId(shopId: ShopId, local: number): number {
  return (SHOP_IDS.indexOf(shopId) + 1) * 100_000 + local;
}

function optionsOf(template: ParameterTemplate): { value: string; text: Translated }[] {
  return (template.options ?? []).map((option) => {
    const [value = '', text] = option.split('=');
    return {
      value,
      text: text ? translated(text, value) : Object.fromEntries(LANGUAGES.map((l) => [l, value])),
    };
  });
}

/**
 * Writes the category tree and its parameters for every shop: the tree goes to the database once and is
 * crossed with the shops there (ids offset per shop), names and options once per parameter code, because
 * every test server start runs the demo seed and the bytes sent are what it costs.
 */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  const tree = demoCategories();
  const params = tree.flatMap((c) => c.parameters.map((p, i) => ({ local: c.local, position: i, ...p })));
  const codes = Object.keys(PARAMETERS);
  const templates = codes.map((code) => PARAMETERS[code]!);
  const p = sql.param;
  const col = <T>(rows: T[], pick: (row: T) => unknown) => p(rows.map(pick));
  const shops = sql`unnest(${p([...SHOP_IDS])}::text[], ${p(SHOP_IDS.map((s) => demoCategoryId(s, 0)))}::int[]) as s(shop, base)`;
  await db.execute(sql`
    insert into categories (id, shop_id, parent_id, level, sap_id, names, recycling_fee, energy_label_required,
      information_sheet_required, locked, keywords, position)
    select s.base + t.local, s.shop, s.base + t.parent, t.level, 'NP' || (s.base + t.local), t.names::jsonb,
      t.recycling, t.energy, t.sheet, t.locked, t.keywords, t.position
    from ${shops}
    cross join unnest(${col(tree, (c) => c.local)}::int[], ${col(tree, (c) => c.parentLocal)}::int[],
      ${col(tree, (c) => c.level)}::smallint[], ${col(tree, (c) => JSON.stringify(c.names))}::text[],
      ${col(tree, (c) => c.recyclingFee)}::bool[], ${col(tree, (c) => c.energyLabel)}::bool[],
      ${col(tree, (c) => c.informationSheet)}::bool[], ${col(tree, (c) => c.locked)}::bool[],
      ${col(tree, (c) => c.keywords)}::text[], ${col(tree, (c) => c.position)}::int[])
      as t(local, parent, level, names, recycling, energy, sheet, locked, keywords, position)`);
  await db.execute(sql`
    insert into category_parameters (id, category_id, code, names, unit, multiple, class, mandatory_for_listing,
      variant, options, "constraint", position)
    select (s.base + p.local) * 100 + p.position, s.base + p.local, p.code, t.names::jsonb, t.unit, t.multiple,
      t.klass, p.mandatory, p.variant, t.options::jsonb, t.cons::jsonb, p.position
    from ${shops}
    cross join unnest(${col(params, (r) => r.local)}::int[], ${col(params, (r) => r.code)}::text[],
      ${col(params, (r) => r.mandatory)}::bool[], ${col(params, (r) => r.variant)}::bool[],
      ${col(params, (r) => r.position)}::int[]) as p(local, code, mandatory, variant, position)
    join unnest(${p(codes)}::text[], ${col(templates, (t) => JSON.stringify(translated(t.names, t.names)))}::text[],
      ${col(templates, (t) => t.unit ?? null)}::text[], ${col(templates, (t) => t.multiple ?? false)}::bool[],
      ${col(templates, (t) => t.class)}::text[], ${col(templates, (t) => JSON.stringify(optionsOf(t)))}::text[],
      ${col(templates, (t) => (t.constraint ? JSON.stringify(t.constraint) : null))}::text[])
      as t(code, names, unit, multiple, klass, options, cons) on t.code = p.code`);
}
