import {
  type FieldIssue,
  type ProductInput,
  productInputSchema,
  type XmlNode,
  xmlItemStage,
  xmlItemToInput,
} from '@pp/domain';
import { validationError } from '../../platform/errors';
import { sanitizeLongDesc } from './sanitize';

/**
 * The part of an import batch that needs neither the database nor the job's state: mapping each ITEM to the
 * form's input, the schema, the HTML sanitiser. Pure, so that it runs in the preparation worker
 * (import-worker.ts) or inline alike, with the same result.
 */

/** An item the schema took: judged further by the category, the brand and then `checkProduct`. */
export interface ParsedItem {
  input: ProductInput;
  stage: string | null;
  /** The file said NOT_FOR_RESALE: the marketplace's status, which the file can only leave as it is. */
  keepStatus: boolean;
  /** Issues found so far (an invalid STAGE). */
  issues: FieldIssue[];
}

export interface RefusedItem {
  productId: string;
  issues: FieldIssue[];
}

/** A batch of ITEMs read and parsed: what is left to judge with the catalogue and the stored products. */
export interface ParsedBatch {
  /** ITEM elements of the file in this batch (repeated ids included). */
  items: number;
  /** Every product id of the batch, written or refused. */
  ids: string[];
  /** Category ids and brand ids the items name, as the file gave them: looked up once per import. */
  categoryIds: number[];
  brandIds: string[];
  candidates: ParsedItem[];
  refused: RefusedItem[];
}

export function parseBatch(nodes: XmlNode[]): ParsedBatch {
  const items = nodes.map((node) => ({ raw: xmlItemToInput(node), stage: xmlItemStage(node) }));
  // The last ITEM of an id wins, as it would when the file was imported item by item.
  const lastOf = new Map<string, number>();
  items.forEach((item, i) => {
    lastOf.set(item.raw.id, i);
  });
  const current = items.filter((item, i) => lastOf.get(item.raw.id) === i);
  const categoryIds = new Set<number>();
  const brandIds = new Set<string>();
  for (const { raw } of current) {
    if (typeof raw.categoryId === 'number') categoryIds.add(raw.categoryId);
    if (typeof raw.brandId === 'string') brandIds.add(raw.brandId);
  }
  const batch: ParsedBatch = {
    items: nodes.length,
    ids: [...new Set(current.map((i) => i.raw.id).filter(Boolean))],
    categoryIds: [...categoryIds],
    brandIds: [...brandIds],
    candidates: [],
    refused: [],
  };
  for (const { raw, stage } of current) {
    const keepStatus = raw.status === 'NOT_FOR_RESALE';
    const parsed = productInputSchema.safeParse(keepStatus ? { ...raw, status: undefined } : raw);
    const issues: FieldIssue[] = [];
    if (stage !== null && stage !== 'DRAFT' && stage !== 'LIVE') issues.push({ field: 'stage', rule: 'invalid' });
    if (!parsed.success) {
      batch.refused.push({ productId: raw.id, issues: [...issues, ...validationError(parsed.error).fields] });
      continue;
    }
    const input = parsed.data;
    input.longDesc = input.longDesc ? sanitizeLongDesc(input.longDesc) || null : null;
    batch.candidates.push({ input, stage, keepStatus, issues });
  }
  return batch;
}
