import { builder, idArg } from '../../platform/graphql/builder';
import { FeeRef } from '../terms/graphql';
import {
  cockpitAssignPriceList,
  cockpitCreatePriceList,
  cockpitCreatePriceListVersion,
  cockpitSetPriceListNode,
} from './commands';
import {
  type CockpitPriceList,
  cockpitPriceLists,
  cockpitPriceListVersion,
  type PartnerPriceList,
  type PartnerPriceListPage,
  partnerPriceList,
  type PriceListVersionView,
} from './service';
import { cockpitSetShopFee } from './shop-fees';
import type { TreeNode } from './tree';

const BrandExceptionRef = builder.objectRef<TreeNode['brands'][number]>('PriceListBrandException').implement({
  fields: (t) => ({
    brandId: t.exposeString('brandId'),
    name: t.exposeString('name'),
    commission: t.exposeFloat('commission', { description: 'Percent of the price with VAT.' }),
  }),
});

const PriceListNodeRef = builder.objectRef<TreeNode>('PriceListNode');
PriceListNodeRef.implement({
  description: 'A division (level 1), category (2) or subcategory (3) of the price list tree.',
  fields: (t) => ({
    priceListItemId: t.id({
      nullable: true,
      description: "The node's row in the version; null where the category has no setting of its own.",
      resolve: (n) => n.priceListItemId,
    }),
    id: t.id({ description: 'The category id.', resolve: (n) => n.id }),
    name: t.exposeString('name'),
    level: t.exposeInt('level'),
    commission: t.exposeFloat('commission', { nullable: true, description: 'Its own commission; null = inherited.' }),
    effectiveCommission: t.exposeFloat('effectiveCommission', {
      description: 'What applies here to brands without an exception.',
    }),
    brands: t.field({ type: [BrandExceptionRef], resolve: (n) => n.brands }),
    children: t.field({ type: [PriceListNodeRef], resolve: (n) => n.children }),
  }),
});

const PriceListVersionRef = builder.objectRef<PriceListVersionView>('PriceListVersion').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    priceListId: t.exposeID('priceListId'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    shopId: t.exposeString('shopId'),
    validFrom: t.exposeString('validFrom', { description: 'First day in force (inclusive).' }),
    validTo: t.exposeString('validTo', {
      nullable: true,
      description: 'First day no longer in force (exclusive); null = open.',
    }),
    state: t.exposeString('state', { description: 'PLANNED, ACTIVE or EXPIRED.' }),
    commission: t.exposeFloat('commission', { description: 'Default commission where no node has one.' }),
  }),
});

const PriceListRef = builder.objectRef<PartnerPriceList>('PriceList').implement({
  fields: (t) => ({
    version: t.field({ type: PriceListVersionRef, resolve: (l) => l }),
    tree: t.field({ type: [PriceListNodeRef], resolve: (l) => l.tree }),
    next: t.field({
      type: PriceListVersionRef,
      nullable: true,
      description: 'The next planned version.',
      resolve: (l) => l.next,
    }),
  }),
});

const PriceListPageRef = builder.objectRef<PartnerPriceListPage>('PriceListPage').implement({
  fields: (t) => ({
    priceList: t.field({
      type: PriceListRef,
      nullable: true,
      description: 'Null when no standard list is assigned.',
      resolve: (p) => p.priceList,
    }),
    fees: t.field({ type: [FeeRef], resolve: (p) => p.fees }),
  }),
});

const PriceListPartnerRef = builder.objectRef<CockpitPriceList['partners'][number]>('PriceListPartner').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    sapId: t.exposeString('sapId', { nullable: true }),
    name: t.exposeString('name'),
    mallName: t.exposeString('mallName', { nullable: true }),
  }),
});

const CockpitPriceListRef = builder.objectRef<CockpitPriceList>('CockpitPriceList').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    type: t.exposeString('type'),
    shopId: t.exposeString('shopId'),
    versions: t.field({ type: [PriceListVersionRef], resolve: (l) => l.versions }),
    partners: t.field({
      type: [PriceListPartnerRef],
      description: 'Partners selling under it today.',
      resolve: (l) => l.partners,
    }),
  }),
});

const BrandExceptionInput = builder.inputType('PriceListBrandExceptionInput', {
  fields: (t) => ({
    brandId: t.string({ required: true }),
    commission: t.float({ required: true }),
  }),
});

builder.queryFields((t) => ({
  priceList: t.field({
    type: PriceListPageRef,
    description:
      "The selected partner's standard price list in force today (tree, commissions, brand exceptions) and " +
      "the fee types of its shop. Resource brands (the spec's brands and prices area).",
    resolve: (_, __, ctx) => partnerPriceList(ctx),
  }),
  cockpitPriceLists: t.field({
    type: [CockpitPriceListRef],
    description: 'Operators: the price lists of one shop or of all, with versions and partners.',
    args: { shopId: t.arg.string() },
    resolve: (_, args, ctx) => cockpitPriceLists(ctx, args.shopId),
  }),
  cockpitPriceListVersion: t.field({
    type: PriceListRef,
    description: 'Operators: one version with its tree.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitPriceListVersion(ctx, idArg(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  cockpitCreatePriceList: t.field({
    type: PriceListRef,
    description: 'Operators: a new standard list of a shop with its first version.',
    args: {
      shopId: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      commission: t.arg.float({ required: true }),
      validFrom: t.arg.string({ required: true }),
    },
    resolve: (_, args, ctx) => cockpitCreatePriceList(ctx, args),
  }),
  cockpitCreatePriceListVersion: t.field({
    type: PriceListRef,
    description:
      "Operators: a new version from a day after today (a copy of the latest version's tree); the latest ends there.",
    args: {
      priceListId: t.arg.id({ required: true }),
      validFrom: t.arg.string({ required: true }),
      commission: t.arg.float(),
    },
    resolve: (_, args, ctx) =>
      cockpitCreatePriceListVersion(ctx, {
        priceListId: args.priceListId,
        validFrom: args.validFrom,
        commission: args.commission ?? null,
      }),
  }),
  cockpitSetPriceListNode: t.field({
    type: PriceListRef,
    description: 'Operators: the commission (null = inherit) and brand exceptions of one node of a planned version.',
    args: {
      versionId: t.arg.id({ required: true }),
      categoryId: t.arg.id({ required: true }),
      commission: t.arg.float(),
      brands: t.arg({ type: [BrandExceptionInput] }),
    },
    resolve: (_, args, ctx) =>
      cockpitSetPriceListNode(ctx, {
        versionId: args.versionId,
        categoryId: args.categoryId,
        commission: args.commission ?? null,
        brands: args.brands ?? [],
      }),
  }),
  cockpitAssignPriceList: t.boolean({
    description: 'Operators: the partner sells under this list of its shop from the day (today when absent).',
    args: {
      partnerId: t.arg.id({ required: true }),
      priceListId: t.arg.id({ required: true }),
      validFrom: t.arg.string(),
    },
    resolve: (_, args, ctx) => cockpitAssignPriceList(ctx, args),
  }),
  cockpitSetShopFee: t.field({
    type: [FeeRef],
    description: "Operators: one fee type's amount in a shop (its currency).",
    args: {
      shopId: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      amount: t.arg.float({ required: true }),
    },
    resolve: (_, args, ctx) => cockpitSetShopFee(ctx, args),
  }),
}));
