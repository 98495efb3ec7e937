import { builder } from '../../platform/graphql/builder';
import { applyPriceHolds, discardPriceHolds, type PriceHoldItem, type PriceHoldList, priceHolds } from './price-holds';

const PriceHoldRef = builder.objectRef<PriceHoldItem>('ProductPriceHold').implement({
  description: 'A price change over the 30 % bound that an import or a batch apply held back.',
  fields: (t) => ({
    productId: t.exposeID('productId'),
    variantId: t.exposeID('variantId', { nullable: true, description: "Null for the product's own price" }),
    title: t.exposeString('title', { nullable: true }),
    priceFrom: t.exposeFloat('priceFrom', { description: 'The stored price' }),
    priceTo: t.exposeFloat('priceTo', { description: 'The price the file or the batch asked for' }),
    percent: t.exposeFloat('percent', { description: 'The signed change in percent' }),
  }),
});

const PriceHoldListRef = builder.objectRef<PriceHoldList>('ProductPriceHoldList').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    currency: t.exposeString('currency'),
    items: t.field({ type: [PriceHoldRef], description: 'A page of 100, by product id', resolve: (l) => l.items }),
    nextCursor: t.exposeString('nextCursor', {
      nullable: true,
      description: 'Pass as `after` for the next page; null on the last page',
    }),
  }),
});

const PriceHoldsAppliedRef = builder
  .objectRef<{ applied: number; skipped: number }>('ProductPriceHoldsApplied')
  .implement({
    fields: (t) => ({
      applied: t.exposeInt('applied'),
      skipped: t.exposeInt('skipped', { description: 'Held changes whose price moved meanwhile: not applied' }),
    }),
  });

builder.queryField('productPriceHolds', (t) =>
  t.field({
    type: PriceHoldListRef,
    description: 'The price changes over the bound an import or a batch apply (its id) held back.',
    args: { sourceId: t.arg.id({ required: true }), after: t.arg.string() },
    resolve: (_root, args, ctx) => priceHolds(ctx, String(args.sourceId), args.after),
  }),
);

builder.mutationField('productPriceHoldsApply', (t) =>
  t.field({
    type: PriceHoldsAppliedRef,
    description: 'Confirms (forces) every price change an import or a batch apply held back; audited.',
    args: { sourceId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => applyPriceHolds(ctx, String(args.sourceId)),
  }),
);

const PriceHoldsDiscardedRef = builder.objectRef<{ discarded: number }>('ProductPriceHoldsDiscarded').implement({
  fields: (t) => ({ discarded: t.exposeInt('discarded') }),
});

builder.mutationField('productPriceHoldsDiscard', (t) =>
  t.field({
    type: PriceHoldsDiscardedRef,
    description: 'Rejects every price change an import or a batch apply held back: the prices stay; audited.',
    args: { sourceId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => discardPriceHolds(ctx, String(args.sourceId)),
  }),
);
