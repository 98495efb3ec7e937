import { PRODUCT_STAGES, PRODUCT_STATUSES } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import { activateAllProducts, startProductBatch } from './jobs';
import {
  copyProduct,
  deleteProducts,
  type ProductDetail,
  productDetail,
  productOptions,
  saveProduct,
  sendProductsToApproval,
  setProductsLive,
  setProductsStatus,
} from './service';
import { type MediaFetchState, withFetchState } from './remote-media';

export const ProductStatusEnum = builder.enumType('ProductStatus', { values: PRODUCT_STATUSES });
export const ProductStageEnum = builder.enumType('ProductStage', { values: PRODUCT_STAGES });

const PromotionRef = builder.objectRef<ProductDetail['promotions'][number]>('Promotion').implement({
  fields: (t) => ({
    price: t.exposeFloat('price'),
    from: t.exposeString('from', { nullable: true }),
    to: t.exposeString('to', { nullable: true }),
    source: t.exposeString('source', { description: 'PARTNER, or CAMPAIGN (read-only: never send it back).' }),
    variantId: t.string({
      nullable: true,
      description: "CAMPAIGN only: the variant the campaign's price is for; null for the product's own.",
      resolve: (p) => p.variantId ?? null,
    }),
    campaignId: t.int({ nullable: true, resolve: (p) => p.campaignId ?? null }),
  }),
});

const ProductLabelRef = builder.objectRef<ProductDetail['labels'][number]>('ProductLabel').implement({
  fields: (t) => ({
    label: t.exposeString('label'),
    from: t.exposeString('from', { nullable: true }),
    to: t.exposeString('to', { nullable: true }),
    source: t.exposeString('source'),
  }),
});

const ProductMediaRef = builder.objectRef<ProductDetail['media'][number] & MediaFetchState>('ProductMedia').implement({
  fields: (t) => ({
    fetchStatus: t.exposeString('fetchStatus', {
      nullable: true,
      description: "An image at the seller's URL: PENDING (being fetched), STORED or FAILED; null for an upload.",
    }),
    fetchError: t.exposeString('fetchError', {
      nullable: true,
      description: "Why the image at the seller's URL gave no picture (an error code), or why the last attempt failed.",
    }),
    url: t.exposeString('url'),
    thumbUrl: t.exposeString('thumbUrl', { nullable: true }),
    main: t.exposeBoolean('main'),
    energyLabel: t.exposeBoolean('energyLabel'),
    informationList: t.exposeBoolean('informationList'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
  }),
});

const ProductVariantRef = builder.objectRef<ProductDetail['variants'][number]>('ProductVariant').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    price: t.exposeFloat('price', { nullable: true }),
    rrp: t.exposeFloat('rrp', { nullable: true }),
    inStock: t.exposeInt('inStock'),
    barcode: t.exposeString('barcode', { nullable: true }),
    imageUrl: t.exposeString('imageUrl', { nullable: true }),
    deliveryDelay: t.exposeInt('deliveryDelay'),
    status: t.field({ type: ProductStatusEnum, resolve: (v) => v.status as (typeof PRODUCT_STATUSES)[number] }),
    parameters: t.field({ type: 'JSON', resolve: (v) => v.parameters }),
  }),
});

export const ProductRef = builder.objectRef<ProductDetail>('Product').implement({
  description: "A product of the selected partner, priced in its shop's currency.",
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    productType: t.exposeString('productType'),
    line: t.exposeString('line', { nullable: true }),
    shortDesc: t.exposeString('shortDesc', { nullable: true }),
    longDesc: t.exposeString('longDesc', { nullable: true, description: 'Sanitised HTML.' }),
    brandId: t.exposeString('brandId', { nullable: true }),
    brandName: t.exposeString('brandName', { nullable: true }),
    categoryId: t.exposeInt('categoryId', { nullable: true }),
    categoryName: t.exposeString('categoryName', { nullable: true }),
    barcode: t.exposeString('barcode', { nullable: true }),
    taricCode: t.exposeString('taricCode', { nullable: true }),
    priority: t.exposeInt('priority'),
    price: t.exposeFloat('price', { nullable: true }),
    forcePrice: t.exposeBoolean('forcePrice', {
      description: 'Apply this price as sent: unattended writers (import, batch) apply a change over 30 % with it.',
    }),
    rrp: t.exposeFloat('rrp', { nullable: true }),
    purchasePrice: t.exposeFloat('purchasePrice', { nullable: true }),
    fairPrice: t.exposeFloat('fairPrice', { nullable: true }),
    weeeFee: t.exposeFloat('weeeFee', { nullable: true }),
    vat: t.exposeFloat('vat', { nullable: true }),
    currency: t.exposeString('currency'),
    inStock: t.exposeInt('inStock'),
    deliveryDelay: t.exposeInt('deliveryDelay'),
    freeDelivery: t.exposeBoolean('freeDelivery'),
    packageSize: t.exposeString('packageSize', { nullable: true }),
    weight: t.exposeFloat('weight', { nullable: true }),
    width: t.exposeFloat('width', { nullable: true }),
    length: t.exposeFloat('length', { nullable: true }),
    height: t.exposeFloat('height', { nullable: true }),
    parameters: t.field({ type: 'JSON', resolve: (p) => p.parameters }),
    variableParameters: t.exposeStringList('variableParameters'),
    promotions: t.field({ type: [PromotionRef], resolve: (p) => p.promotions }),
    labels: t.field({ type: [ProductLabelRef], resolve: (p) => p.labels }),
    recommended: t.exposeStringList('recommended'),
    mallboxAllowed: t.exposeBoolean('mallboxAllowed'),
    status: t.field({ type: ProductStatusEnum, resolve: (p) => p.status as (typeof PRODUCT_STATUSES)[number] }),
    stage: t.field({ type: ProductStageEnum, resolve: (p) => p.stage as (typeof PRODUCT_STAGES)[number] }),
    blocked: t.exposeBoolean('blocked'),
    blockedReason: t.exposeString('blockedReason', { nullable: true }),
    hasErrors: t.exposeBoolean('hasErrors'),
    sentToApprovalAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.sentToApprovalAt }),
    media: t.field({ type: [ProductMediaRef], resolve: (p, _, ctx) => withFetchState(ctx, p) }),
    variants: t.field({ type: [ProductVariantRef], resolve: (p) => p.variants }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
  }),
});

const PromotionInput = builder.inputType('PromotionInput', {
  fields: (t) => ({
    price: t.string({ required: true }),
    from: t.string(),
    to: t.string(),
    source: t.string(),
  }),
});

const ProductLabelInput = builder.inputType('ProductLabelInput', {
  fields: (t) => ({
    label: t.string({
      required: true,
      description: 'A code of productLabels (NEW, SALE …), else VALIDATION_ERROR rule in.',
    }),
    from: t.string(),
    to: t.string(),
    source: t.string(),
  }),
});

const ProductMediaInput = builder.inputType('ProductMediaInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    main: t.boolean(),
    excluded: t.boolean({ description: 'Dropped on save.' }),
    energyLabel: t.boolean(),
    informationList: t.boolean(),
  }),
});

const ProductVariantInput = builder.inputType('ProductVariantInput', {
  fields: (t) => ({
    id: t.string({ required: true }),
    price: t.string(),
    rrp: t.string(),
    inStock: t.int(),
    barcode: t.string(),
    imageUrl: t.string(),
    deliveryDelay: t.int(),
    status: t.field({ type: ProductStatusEnum }),
    parameters: t.field({ type: 'JSON' }),
  }),
});

/** Numbers travel as text so that "12,50" reaches the domain, which reads comma and dot alike. */
const ProductInput = builder.inputType('ProductInput', {
  fields: (t) => ({
    id: t.string({ required: true }),
    productType: t.string({ required: true }),
    line: t.string(),
    shortDesc: t.string(),
    longDesc: t.string({ description: 'HTML; the server keeps only its allow-list of formatting.' }),
    brandId: t.string(),
    categoryId: t.int(),
    barcode: t.string(),
    taricCode: t.string({
      description: 'One of taricCodes (spaces and dots are dropped), else VALIDATION_ERROR rule in.',
    }),
    priority: t.int(),
    price: t.string(),
    forcePrice: t.boolean({
      description: 'Stored with the product; the form still needs the forceToken for a change over 30 %.',
    }),
    rrp: t.string(),
    purchasePrice: t.string(),
    fairPrice: t.string(),
    weeeFee: t.string(),
    vat: t.string(),
    inStock: t.int(),
    deliveryDelay: t.int(),
    freeDelivery: t.boolean(),
    packageSize: t.string(),
    weight: t.string(),
    width: t.string(),
    length: t.string(),
    height: t.string(),
    parameters: t.field({ type: 'JSON' }),
    variableParameters: t.stringList(),
    promotions: t.field({ type: [PromotionInput] }),
    labels: t.field({ type: [ProductLabelInput] }),
    recommended: t.stringList(),
    mallboxAllowed: t.boolean(),
    status: t.field({ type: ProductStatusEnum }),
    media: t.field({ type: [ProductMediaInput] }),
    variants: t.field({ type: [ProductVariantInput] }),
    recyclingFeeConfirmed: t.boolean(),
  }),
});

/**
 * GraphQL hands absent optional fields over as null; the domain's defaults apply to absent values, so the
 * nulls of the form's objects are dropped before the schema reads them.
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, k === 'parameters' ? v : withoutNulls(v)]),
    );
  }
  return value;
}

const ProductOptionRef = builder.objectRef<{ id: string; title: string }>('ProductOption').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

export const ProductJobRef = builder.objectRef<{ jobId: string }>('ProductJob').implement({
  description: 'A job working on many products; its progress comes on the live stream.',
  fields: (t) => ({ jobId: t.exposeID('jobId') }),
});

builder.queryFields((t) => ({
  product: t.field({
    type: ProductRef,
    nullable: true,
    description: 'One product of the selected partner; null when the partner has no product with this id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => productDetail(ctx, String(args.id)),
  }),
  productOptions: t.field({
    type: [ProductOptionRef],
    description: 'Products to pick as related ones: by id or title, or the named ids; 20 at most.',
    args: { search: t.arg.string(), ids: t.arg.idList() },
    resolve: (_, args, ctx) => productOptions(ctx, args.search, args.ids?.map(String)),
  }),
}));

builder.mutationFields((t) => ({
  productCreate: t.field({
    type: ProductRef,
    args: { data: t.arg({ type: ProductInput, required: true }) },
    resolve: (_, args, ctx) => saveProduct(ctx, withoutNulls(args.data), {}),
  }),
  productUpdate: t.field({
    type: ProductRef,
    description:
      'Saves a product. A price that moves by more than 30 % is refused with MPAPI_PRICE_DIFFERENCE_VALIDATION ' +
      'and extensions.params { forceToken, percent }: send the same data again with that forceToken to confirm.',
    args: {
      productId: t.arg.id({ required: true }),
      data: t.arg({ type: ProductInput, required: true }),
      forceToken: t.arg.string(),
    },
    resolve: (_, args, ctx) =>
      saveProduct(ctx, withoutNulls(args.data), { productId: String(args.productId), forceToken: args.forceToken }),
  }),
  productsDelete: t.int({
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_, args, ctx) => deleteProducts(ctx, args.ids.map(String)),
  }),
  productCopy: t.field({
    type: ProductRef,
    description: 'Copies a product under a new id as a draft, with its media and variants.',
    args: { id: t.arg.id({ required: true }), newId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => copyProduct(ctx, String(args.id), String(args.newId)),
  }),
  productsSetLive: t.int({
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_, args, ctx) => setProductsLive(ctx, args.ids.map(String)),
  }),
  productsSetStatus: t.int({
    args: { ids: t.arg.idList({ required: true }), status: t.arg({ type: ProductStatusEnum, required: true }) },
    resolve: (_, args, ctx) => setProductsStatus(ctx, args.ids.map(String), args.status),
  }),
  productsActivateAll: t.field({
    type: ProductJobRef,
    description: 'Activates every inactive product of the partner in batches; progress: product_activation_progress.',
    resolve: (_, __, ctx) => activateAllProducts(ctx),
  }),
  productsBatchApply: t.field({
    type: ProductJobRef,
    description:
      'Sets one field (status, stage, deliveryDelay, inStock, vat, freeDelivery, priority, brandId, ' +
      'mallboxAllowed, price) to one value on up to 10,000 products; progress: product_batch_progress. A price ' +
      'change over 30 % is held (END `held`, productPriceHolds with the job id) until productPriceHoldsApply.',
    args: {
      ids: t.arg.idList({ required: true }),
      field: t.arg.string({ required: true }),
      value: t.arg({ type: 'JSON' }),
      forcePrice: t.arg.boolean({
        description: 'With field price: apply changes over 30 % at once (audited as forced) instead of holding them.',
      }),
    },
    resolve: (_, args, ctx) =>
      startProductBatch(ctx, args.ids.map(String), args.field, args.value ?? null, args.forcePrice ?? false),
  }),
  productsSendToApproval: t.field({
    type: 'DateTime',
    description: "Sends the partner's live, unblocked products without errors to the marketplace's approval.",
    resolve: (_, __, ctx) => sendProductsToApproval(ctx),
  }),
}));
