import { constraintText, DomainError, isLanguage, type Language } from '@pp/domain';
import type { RequestContext } from '../../platform/context';
import type { ExportCell } from '../../platform/exports/registry';
import { CONTENT_TYPES, csvStream, type ExportFormat, xlsxStream } from '../../platform/exports/writers';
import { translate } from '../../platform/i18n';
import { type CategoryDetail, findCategory, partnerShop } from './categories';

/** The columns of the category export: the category on every line, then one parameter per line. */
export const CATEGORY_EXPORT_COLUMNS = [
  'categoryId',
  'sapId',
  'path',
  'level',
  'conditions',
  'recyclingFee',
  'energyLabelRequired',
  'informationSheetRequired',
  'locked',
  'parameterCode',
  'parameterName',
  'unit',
  'class',
  'multiple',
  'mandatoryForListing',
  'variant',
  'options',
  'constraint',
] as const;

export interface CategoryExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** One line per parameter (a category without parameters still gives one line), the category repeated. */
export function categoryExportRows(category: CategoryDetail, lang: Language): ExportCell[][] {
  const yesNo = (value: boolean) => translate(lang, value ? 'exports.category.yes' : 'exports.category.no');
  const head: ExportCell[] = [
    category.id,
    category.sapId,
    category.path.join(' > '),
    category.level,
    category.conditions,
    yesNo(category.recyclingFee),
    yesNo(category.energyLabelRequired),
    yesNo(category.informationSheetRequired),
    yesNo(category.locked),
  ];
  if (!category.parameters.length) return [[...head, ...Array(9).fill(null)]];
  return category.parameters.map((p) => [
    ...head,
    p.code,
    p.name,
    p.unit,
    p.class,
    yesNo(p.multiple),
    yesNo(p.mandatoryForListing),
    yesNo(p.variant),
    p.options.map((o) => (o.text && o.text !== o.value ? `${o.text} [${o.value}]` : o.value)).join(' | ') || null,
    p.constraint ? constraintText(p.constraint) : null,
  ]);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Excel refuses a sheet named with any of []:*?/\ ("TV / Audio" would open as a damaged file). */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Category';
}

function formatOf(type: string | undefined): ExportFormat {
  const format = (type ?? 'CSV').toUpperCase();
  if (format !== 'CSV' && format !== 'XLSX') {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'type', rule: 'invalid' }]);
  }
  return format;
}

/**
 * The detail of one category of the partner's shop with its parameters as CSV or XLSX (GET
 * /portal/export/category/{categoryId}). A few dozen lines: made at once and sent, no export job.
 */
export async function exportCategory(
  ctx: RequestContext,
  categoryIdText: string,
  query: { type?: string; language?: string },
): Promise<CategoryExportFile> {
  const { partnerId, shopId } = await partnerShop(ctx, 'catalog');
  const format = formatOf(query.type);
  if (query.language && !isLanguage(query.language)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'language', rule: 'invalid' }]);
  }
  const lang = (query.language as Language | undefined) || ctx.lang;
  const id = Number(categoryIdText);
  if (!/^\d{1,10}$/.test(categoryIdText) || !Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new DomainError('CATEGORY_NOT_FOUND');
  }
  const category = await findCategory(ctx.db, partnerId, shopId, id, lang);
  if (!category) throw new DomainError('CATEGORY_NOT_FOUND');
  try {
    const header = CATEGORY_EXPORT_COLUMNS.map((c) => translate(lang, `exports.category.columns.${c}`));
    const batches = (async function* () {
      yield categoryExportRows(category, lang);
    })();
    const stream =
      format === 'CSV'
        ? csvStream(header, batches, () => undefined)
        : xlsxStream(sheetName(category.name), header, batches, () => undefined);
    const body = await collect(stream);
    const fileName = `category-${category.sapId || category.id}.${format.toLowerCase()}`;
    return { fileName, contentType: CONTENT_TYPES[format], body };
  } catch (error) {
    ctx.log.error({ err: error, categoryId: id }, 'category export failed');
    throw new DomainError('CATEGORY_EXPORT_FAILED');
  }
}
