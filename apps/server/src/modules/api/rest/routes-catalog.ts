import {
  DomainError,
  isShopId,
  MARKETS,
  V1_PAGE_SIZE_MAX,
  type V1PageRequest,
  v1Page,
  v1PageRequest,
  v1Paging,
  v1PagingQuery,
} from '@pp/domain';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { translate } from '../../../platform/i18n';
import { type BrandRow, brandsGrid } from '../../catalog/brands';
import { type CategoryNode, categoryDetail, categoryTree, partnerShop } from '../../catalog/categories';
import { productLabelOptions } from '../../products/taric';
import { v1Route } from './route';

/** Shops, brands, labels and the category catalogue (issue 20 point 5), through the catalogue services. */

/** Whether the caller asked for a page: the marketplace gives these lists whole unless asked. */
function askedPage(query: z.output<typeof v1PagingQuery>): V1PageRequest | null {
  return query.page || query.page_size || query.limit ? v1PageRequest(query) : null;
}

function whole<T>(items: T[], request: V1PageRequest | null) {
  if (request) return v1Page(items, request);
  return { items, paging: v1Paging(items.length, { page: 1, pageSize: Math.max(1, items.length) }, items.length) };
}

const shop = z.object({
  shop_id: z.string(),
  country_id: z.string(),
  name: z.string(),
  currency_iso: z.string(),
  currency_symbol: z.string(),
  url: z.string(),
});

function currencySymbol(currency: string, lang: string): string {
  const parts = new Intl.NumberFormat(lang, { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

const shops = v1Route({
  method: 'GET',
  path: '/shops',
  summary: 'The marketplace shops the partner sells in',
  tag: 'Catalogue',
  data: z.array(shop),
  paged: true,
  async handler(ctx) {
    const { partnerId } = await ctx.requirePartner();
    const partner = (await ctx.reachablePartners()).find((p) => p.id === partnerId);
    const shopId = partner?.shopId;
    const list =
      shopId && isShopId(shopId)
        ? [
            {
              shop_id: shopId,
              country_id: MARKETS[shopId].shortCode,
              name: translate(ctx.lang, `markets.${shopId}`),
              currency_iso: MARKETS[shopId].currency,
              currency_symbol: currencySymbol(MARKETS[shopId].currency, ctx.lang),
              url: '',
            },
          ]
        : [];
    const { items, paging } = whole(list, null);
    return { data: items, paging };
  },
});

const brand = z.object({ brand_id: z.string(), title: z.string() });

/**
 * Every accepted brand, page by page of the brands grid (the service that decides which brands a partner
 * sees), or one page when the caller asks for one.
 */
async function brandList(ctx: RequestContext, request: V1PageRequest | null) {
  const page = async (page: number, perPage: number) =>
    brandsGrid(ctx, { page, perPage, sort: { field: 'name', direction: 'ASCENDING' } }, null);
  if (request) {
    const one = await page(request.page, request.pageSize);
    return { items: one.items, paging: v1Paging(one.total, request, one.items.length) };
  }
  const items: BrandRow[] = [];
  for (let n = 1; ; n++) {
    const next = await page(n, V1_PAGE_SIZE_MAX);
    items.push(...next.items);
    if (next.items.length < V1_PAGE_SIZE_MAX) break;
  }
  return whole(items, null);
}

const brands = v1Route({
  method: 'GET',
  path: '/brands',
  summary: 'The marketplace brands a product may name (all of them unless a page is asked for)',
  tag: 'Catalogue',
  query: v1PagingQuery,
  data: z.array(brand),
  paged: true,
  async handler(ctx, { query }) {
    const { items, paging } = await brandList(ctx, askedPage(query));
    return { data: items.map((b) => ({ brand_id: b.id, title: b.name })), paging };
  },
});

const labels = v1Route({
  method: 'GET',
  path: '/labels',
  summary: 'The labels a product may carry, named in the language asked for',
  tag: 'Catalogue',
  data: z.array(z.object({ id: z.string(), title: z.string() })),
  paged: true,
  async handler(ctx) {
    const list = (await productLabelOptions(ctx)).map((l) => ({ id: l.code, title: l.name }));
    const { items, paging } = whole(list, null);
    return { data: items, paging };
  },
});

/** The partner's shop's displayed categories, depth first in the marketplace's order (three levels at most). */
async function allCategories(ctx: RequestContext): Promise<(CategoryNode & { children: CategoryNode[] })[]> {
  const walk = async (parentId: number | null): Promise<(CategoryNode & { children: CategoryNode[] })[]> => {
    const nodes = await categoryTree(ctx, parentId);
    return Promise.all(nodes.map(async (node) => ({ ...node, children: node.hasChildren ? await walk(node.id) : [] })));
  };
  return walk(null);
}

type TreeNode = CategoryNode & { children: TreeNode[] };

function leavesOf(nodes: TreeNode[]): CategoryNode[] {
  return nodes.flatMap((n) => (n.children.length ? leavesOf(n.children) : [n]));
}

const category = z.object({ category_id: z.string(), title: z.string(), sap_id: z.string() });

const categories = v1Route({
  method: 'GET',
  path: '/categories',
  summary: "The categories products may be placed in (the leaves of the partner's shop's tree)",
  tag: 'Catalogue',
  query: v1PagingQuery,
  data: z.array(category),
  paged: true,
  async handler(ctx, { query }) {
    const leaves = leavesOf((await allCategories(ctx)) as TreeNode[]).map((c) => ({
      category_id: String(c.id),
      title: c.path.join(' > '),
      sap_id: c.sapId,
    }));
    const { items, paging } = whole(leaves, askedPage(query));
    return { data: items, paging };
  },
});

const parameter = z.object({
  param_id: z.string(),
  title: z.string(),
  unit: z.string(),
  mandatory: z.boolean(),
  variant: z.boolean(),
  multiple: z.boolean(),
  values: z.array(z.object({ value: z.string(), text: z.string() })),
});

const categoryId = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'invalid')
    .transform(Number),
});

const parameters = v1Route({
  method: 'GET',
  path: '/categories/:id/parameters',
  summary: 'The parameters of a category, with the values a product may choose from',
  tag: 'Catalogue',
  params: categoryId,
  data: z.array(parameter),
  paged: true,
  async handler(ctx, { params }) {
    const detail = await categoryDetail(ctx, params.id);
    if (!detail) throw new DomainError('CATEGORY_NOT_FOUND');
    const list = detail.parameters.map((p) => ({
      param_id: p.code,
      title: p.name,
      unit: p.unit ?? '',
      mandatory: p.mandatoryForListing,
      variant: p.variant,
      multiple: p.multiple,
      values: p.options.map((o) => ({ value: o.value, text: o.text })),
    }));
    const { items, paging } = whole(list, null);
    return { data: items, paging };
  },
});

/** The tree as the marketplace's API gives it: inner nodes with `items`, leaves as menu items. */
const menuItem = z.object({
  menuItemId: z.number().int(),
  title: z.string(),
  categoryVisible: z.boolean(),
  url: z.string(),
  sapCategories: z.array(
    z.object({
      segment: z.string(),
      productTypeId: z.string(),
      operator: z.string(),
      menuConstraints: z.array(z.never()),
    }),
  ),
});
interface WireTreeItem {
  title: string;
  categoryVisible: boolean;
  items: (WireTreeItem | z.input<typeof menuItem>)[];
}
const treeItem: z.ZodType<WireTreeItem> = z.lazy(() =>
  z.object({ title: z.string(), categoryVisible: z.boolean(), items: z.array(z.union([treeItem, menuItem])) }),
);

function wireTree(nodes: TreeNode[]): WireTreeItem['items'] {
  return nodes.map((n) =>
    n.children.length
      ? { title: n.name, categoryVisible: true, items: wireTree(n.children) }
      : {
          menuItemId: n.id,
          title: n.name,
          categoryVisible: true,
          url: '',
          sapCategories: [{ segment: '', productTypeId: n.sapId, operator: 'AND', menuConstraints: [] }],
        },
  );
}

const tree = v1Route({
  method: 'GET',
  path: '/categories/tree/:shopId',
  summary: "The category tree of the partner's shop",
  tag: 'Catalogue',
  params: z.object({ shopId: z.string().max(16) }),
  data: z.array(treeItem),
  async handler(ctx, { params }) {
    const { shopId } = await partnerShop(ctx, 'catalog');
    // Another shop's tree is not the partner's to see: as absent as an unknown shop.
    if (params.shopId.toUpperCase() !== shopId) throw new DomainError('NOT_FOUND');
    const items = wireTree((await allCategories(ctx)) as TreeNode[]) as WireTreeItem[];
    return { data: items };
  },
});

export const CATALOG_ROUTES = [shops, brands, labels, categories, parameters, tree];
