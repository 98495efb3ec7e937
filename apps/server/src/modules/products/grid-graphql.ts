import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { ProductStageEnum, ProductStatusEnum } from './graphql';
import {
  PRODUCTS_VIEWS,
  type ProductCounts,
  type ProductErrorRow,
  type ProductRow,
  productCounts,
  productErrorsGrid,
  productsGrid,
} from './grid';

const ProductsViewEnum = builder.enumType('ProductsView', { values: PRODUCTS_VIEWS });

const ProductRowRef = builder.objectRef<ProductRow>('ProductRow').implement({
  description: 'One product as the grid shows it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    productType: t.exposeString('productType'),
    brandId: t.exposeString('brandId', { nullable: true }),
    brandName: t.exposeString('brandName', { nullable: true }),
    categoryId: t.exposeInt('categoryId', { nullable: true }),
    categoryName: t.exposeString('categoryName', { nullable: true }),
    price: t.exposeFloat('price', { nullable: true }),
    currency: t.exposeString('currency'),
    inStock: t.exposeInt('inStock'),
    status: t.field({ type: ProductStatusEnum, resolve: (p) => p.status as never }),
    stage: t.field({ type: ProductStageEnum, resolve: (p) => p.stage as never }),
    gridStatus: t.exposeString('gridStatus', { description: 'active, canceled, confirm_error, draft or error.' }),
    blocked: t.exposeBoolean('blocked'),
    hasErrors: t.exposeBoolean('hasErrors'),
    variantCount: t.exposeInt('variantCount'),
    thumbUrl: t.exposeString('thumbUrl', { nullable: true }),
    barcode: t.exposeString('barcode', { nullable: true }),
    deliveryDelay: t.exposeInt('deliveryDelay'),
    delivery: t.exposeString('delivery', {
      description: 'OK, or PROBLEM when no active delivery method takes the product or a weight it needs is missing.',
    }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
  }),
});

const ProductPageRef = builder.objectRef<GridPage<ProductRow>>('ProductPage').implement({
  fields: (t) => ({
    items: t.field({ type: [ProductRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total', { description: 'Exact when totalExact; otherwise the cap, and there are more.' }),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const ProductIssueRef = builder.objectRef<ProductErrorRow['issues'][number]>('ProductIssue').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    rule: t.exposeString('rule', { description: 'A message key under validation.' }),
    params: t.field({ type: 'JSON', nullable: true, resolve: (i) => i.params ?? null }),
  }),
});

const ProductErrorRowRef = builder.objectRef<ProductErrorRow>('ProductErrorRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    productId: t.exposeString('productId'),
    source: t.exposeString('source', {
      description: "IMPORT, FORM, MARKETPLACE or MEDIA (an image at a seller's URL gave no picture).",
    }),
    issues: t.field({ type: [ProductIssueRef], resolve: (e) => e.issues }),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
  }),
});

const ProductErrorPageRef = builder.objectRef<GridPage<ProductErrorRow>>('ProductErrorPage').implement({
  fields: (t) => ({
    items: t.field({ type: [ProductErrorRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const ProductCountsRef = builder.objectRef<ProductCounts>('ProductCounts').implement({
  description: 'Products per tab of the selected partner.',
  fields: (t) => ({
    all: t.exposeInt('all'),
    soldOut: t.exposeInt('soldOut'),
    lastItems: t.exposeInt('lastItems'),
    blocked: t.exposeInt('blocked'),
    errors: t.exposeInt('errors'),
  }),
});

builder.queryFields((t) => ({
  products: t.field({
    type: ProductPageRef,
    description:
      'A tab of the products grid: ALL, SOLD_OUT (stock 0, by title descending), LAST_ITEMS (stock 1 to 5) or BLOCKED.',
    args: { view: t.arg({ type: ProductsViewEnum, required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => productsGrid(ctx, args.view, args.grid ?? {}),
  }),
  productCounts: t.field({
    type: ProductCountsRef,
    resolve: (_, __, ctx) => productCounts(ctx),
  }),
  productErrors: t.field({
    type: ProductErrorPageRef,
    description: 'Why items were refused (import, form, marketplace), 100 per page, newest first.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => productErrorsGrid(ctx, args.grid ?? {}),
  }),
}));
