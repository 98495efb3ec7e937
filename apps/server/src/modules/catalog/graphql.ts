import { DomainError, type GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import {
  acceptBrandRequest,
  type BrandRequestResult,
  type BrandRequestRow,
  brandRequestHistory,
  type CockpitBrandRequestRow,
  cockpitBrandRequests,
  createBrandRequest,
  rejectBrandRequest,
} from './brand-requests';
import { type BrandRow, brandsGrid } from './brands';
import {
  type CategoryDetail,
  type CategoryNode,
  type CategoryParameterView,
  categoryDetail,
  categorySearch,
  categoryTree,
} from './categories';

const Json = 'JSON' as const;

/** GraphQL sends absent optional input fields as null; the domain's schemas know only absent ones. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

function requestIdArg(value: string | number): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('BRAND_REQUEST_NOT_FOUND');
  return id;
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The fields a category and its detail share. */
const categoryFields = <T extends CategoryNode>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) => ({
  id: t.int({ resolve: (c) => c.id }),
  name: t.string({ description: "In the caller's language, English when it has none.", resolve: (c) => c.name }),
  level: t.int({ description: '1 to 3; products belong to level 3 (leaves).', resolve: (c) => c.level }),
  parentId: t.int({ nullable: true, resolve: (c) => c.parentId }),
  sapId: t.string({ resolve: (c) => c.sapId }),
  hasChildren: t.boolean({ resolve: (c) => c.hasChildren }),
  locked: t.boolean({
    description: 'Closed to this partner (for the shop or the partner): listing needs the category specialists.',
    resolve: (c) => c.locked,
  }),
  recyclingFee: t.boolean({ resolve: (c) => c.recyclingFee }),
  energyLabelRequired: t.boolean({ resolve: (c) => c.energyLabelRequired }),
  informationSheetRequired: t.boolean({ resolve: (c) => c.informationSheetRequired }),
  path: t.stringList({ description: 'Names from the top level down to this category.', resolve: (c) => c.path }),
});

const CategoryRef = builder.objectRef<CategoryNode>('Category').implement({
  description: "A category of the partner's shop.",
  fields: (t) => categoryFields(t),
});

const ParameterOptionRef = builder
  .objectRef<{ value: string; text: string; shopText: string }>('ParameterOption')
  .implement({
    fields: (t) => ({
      value: t.exposeString('value'),
      text: t.exposeString('text'),
      shopText: t.exposeString('shopText', {
        description: "The option's name in the shop's language: what variant titles on the marketplace show.",
      }),
    }),
  });

const ParameterConstraintRef = builder.objectRef<{ type: string; values: string[] }>('ParameterConstraint').implement({
  fields: (t) => ({ type: t.exposeString('type'), values: t.exposeStringList('values') }),
});

const CategoryParameterRef = builder.objectRef<CategoryParameterView>('CategoryParameter').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    unit: t.exposeString('unit', { nullable: true }),
    multiple: t.exposeBoolean('multiple'),
    class: t.exposeString('class', { description: 'TEXT, NUMBER, ENUM or BOOLEAN.' }),
    mandatoryForListing: t.exposeBoolean('mandatoryForListing'),
    variant: t.exposeBoolean('variant', { description: 'Variants may be built from it (two per product at most).' }),
    options: t.field({ type: [ParameterOptionRef], resolve: (p) => p.options }),
    constraint: t.field({ type: ParameterConstraintRef, nullable: true, resolve: (p) => p.constraint }),
  }),
});

const CategoryDetailRef = builder.objectRef<CategoryDetail>('CategoryDetail').implement({
  description: 'A category with its parameters.',
  fields: (t) => ({
    ...categoryFields(t),
    conditions: t.exposeString('conditions', { description: 'AND or OR: how the parameter conditions combine.' }),
    keywords: t.exposeStringList('keywords', {
      description: 'The query keywords: words the catalogue search finds this category by (lower case, no diacritics).',
    }),
    parameters: t.field({ type: [CategoryParameterRef], resolve: (c) => c.parameters }),
  }),
});

const BrandRowRef = builder.objectRef<BrandRow>('BrandRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    mallBrand: t.exposeBoolean('mallBrand'),
    description: t.exposeString('description', { nullable: true }),
    guid: t.exposeString('guid'),
    accepted: t.exposeBoolean('accepted'),
    claimed: t.exposeBoolean('claimed', { description: 'The brand owner has claimed the brand.' }),
    urlKey: t.exposeString('urlKey', { description: "The brand's path on the marketplace web." }),
  }),
});

const BrandPageRef = builder.objectRef<GridPage<BrandRow>>('BrandPage').implement({
  fields: (t) => ({
    items: t.field({ type: [BrandRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const BrandRequestRowRef = builder.objectRef<BrandRequestRow>('BrandRequestRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    brandId: t.exposeString('brandId'),
    name: t.exposeString('name'),
    status: t.exposeString('status', { description: 'PENDING, ACCEPTED or REJECTED.' }),
    reason: t.exposeString('reason', { nullable: true, description: "The operator's reason of a rejection." }),
    requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.decidedAt }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
  }),
});

const BrandRequestPageRef = builder.objectRef<GridPage<BrandRequestRow>>('BrandRequestPage').implement({
  fields: (t) => ({
    items: t.field({ type: [BrandRequestRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const CockpitBrandRequestRowRef = builder.objectRef<CockpitBrandRequestRow>('CockpitBrandRequestRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    brandId: t.exposeString('brandId'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    reason: t.exposeString('reason', { nullable: true }),
    requestedAt: t.field({ type: 'DateTime', resolve: (r) => r.requestedAt }),
    decidedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.decidedAt }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    partnerId: t.exposeInt('partnerId'),
    partnerName: t.exposeString('partnerName'),
    webTitle: t.exposeString('webTitle', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    manufacturer: t.field({ type: Json, nullable: true, resolve: (r) => r.manufacturer }),
    responsiblePerson: t.field({ type: Json, nullable: true, resolve: (r) => r.responsiblePerson }),
    translations: t.field({ type: Json, resolve: (r) => r.translations }),
    email: t.exposeString('email', { nullable: true }),
  }),
});

const CockpitBrandRequestPageRef = builder
  .objectRef<GridPage<CockpitBrandRequestRow>>('CockpitBrandRequestPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [CockpitBrandRequestRowRef], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });

export const BrandRequestResultRef = builder.objectRef<BrandRequestResult>('BrandRequestResult').implement({
  description: 'success false with similarBrandsList: similar brands exist; send again with force to request anyway.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    request: t.field({ type: BrandRequestRowRef, nullable: true, resolve: (r) => r.request }),
    similarBrandsList: t.field({ type: [BrandRowRef], resolve: (r) => r.similarBrandsList }),
  }),
});

const BrandPartyInput = builder.inputType('BrandPartyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    country: t.string({ required: true, description: 'ISO 3166 two-letter code.' }),
    zip: t.string({ required: true }),
    email: t.string(),
  }),
});

const BrandTranslationInput = builder.inputType('BrandTranslationInput', {
  fields: (t) => ({
    languageId: t.string({ required: true }),
    name: t.string({ required: true }),
    description: t.string({ required: true }),
  }),
});

export const BrandRequestInput = builder.inputType('BrandRequestInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    webTitle: t.string(),
    description: t.string(),
    logoFileId: t.string({ description: 'The fileId answered by POST /medias/brand/images.' }),
    manufacturer: t.field({ type: BrandPartyInput, required: true }),
    responsiblePerson: t.field({ type: BrandPartyInput }),
    translations: t.field({ type: [BrandTranslationInput] }),
  }),
});

builder.queryFields((t) => ({
  categoryTree: t.field({
    type: [CategoryRef],
    description: "The children of a category in the partner's shop (the top level without parentId).",
    args: { parentId: t.arg.int() },
    resolve: (_, args, ctx) => categoryTree(ctx, args.parentId ?? null),
  }),
  category: t.field({
    type: CategoryDetailRef,
    nullable: true,
    description: "A category of the partner's shop with its parameters; null when the shop has no such category.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => categoryDetail(ctx, args.id),
  }),
  categorySearch: t.field({
    type: [CategoryRef],
    description: 'The catalogue search by keywords (every word must match), leaves first, 50 at most.',
    args: { query: t.arg.string({ required: true }), language: t.arg.string() },
    resolve: (_, args, ctx) => categorySearch(ctx, args.query, args.language),
  }),
  brands: t.field({
    type: BrandPageRef,
    description: "The marketplace's brands by name; search by name or id; letter is A–Z, 0-9 or #.",
    args: { grid: t.arg({ type: GridInput }), letter: t.arg.string() },
    resolve: (_, args, ctx) => brandsGrid(ctx, args.grid ?? {}, args.letter),
  }),
  brandRequests: t.field({
    type: BrandRequestPageRef,
    description: "The partner's brand requests, newest first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => brandRequestHistory(ctx, args.grid ?? {}),
  }),
  cockpitBrandRequests: t.field({
    type: CockpitBrandRequestPageRef,
    description: "Operators: every partner's brand requests, pending ones first, oldest first.",
    args: { grid: t.arg({ type: GridInput }), status: t.arg.string() },
    resolve: (_, args, ctx) => cockpitBrandRequests(ctx, args.grid ?? {}, args.status),
  }),
}));

builder.mutationFields((t) => ({
  brandRequestCreate: t.field({
    type: BrandRequestResultRef,
    description: 'Requests a new brand; similar brands answer success false unless force is true.',
    args: { data: t.arg({ type: BrandRequestInput, required: true }), force: t.arg.boolean() },
    resolve: (_, args, ctx) => createBrandRequest(ctx, withoutNulls(args.data), args.force === true),
  }),
  brandRequestAccept: t.field({
    type: CockpitBrandRequestRowRef,
    description: 'Operators: accepts a pending brand request; the brand is created.',
    args: { id: t.arg.id({ required: true }), partnerId: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => acceptBrandRequest(ctx, requestIdArg(args.id), args.partnerId),
  }),
  brandRequestReject: t.field({
    type: CockpitBrandRequestRowRef,
    description: 'Operators: rejects a pending brand request with a reason the partner reads.',
    args: {
      id: t.arg.id({ required: true }),
      partnerId: t.arg.int({ required: true }),
      reason: t.arg.string({ required: true }),
    },
    resolve: (_, args, ctx) => rejectBrandRequest(ctx, requestIdArg(args.id), args.partnerId, args.reason),
  }),
}));
