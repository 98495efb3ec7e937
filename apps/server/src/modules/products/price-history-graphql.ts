import { builder } from '../../platform/graphql/builder';
import { ProductRef } from './graphql';
import { lowestPrice30, type PricePoint, type PriceSeries, priceHistory } from './price-history';

interface SeriesWithLowest extends PriceSeries {
  lowestPrice30: number | null;
}

const PricePointRef = builder.objectRef<PricePoint>('PricePoint').implement({
  description: 'One price change: the price from this moment on.',
  fields: (t) => ({
    changedAt: t.field({ type: 'DateTime', resolve: (p) => p.changedAt }),
    price: t.exposeFloat('price'),
    previousPrice: t.exposeFloat('previousPrice', { nullable: true, description: "Null for the item's first price" }),
    source: t.exposeString('source', {
      nullable: true,
      description: 'PORTAL, BATCH, IMPORT, FEED, API, CAMPAIGN, HOLD or BASELINE when the writer said so; else null',
    }),
  }),
});

const PriceSeriesRef = builder.objectRef<SeriesWithLowest>('PriceSeries').implement({
  description: "The prices of the product's own price or of one variant over the period asked for.",
  fields: (t) => ({
    variantId: t.exposeID('variantId', { nullable: true, description: "Null for the product's own price" }),
    startPrice: t.exposeFloat('startPrice', {
      nullable: true,
      description: 'The price in effect when the period began; null when there was none',
    }),
    lowestPrice30: t.exposeFloat('lowestPrice30', {
      nullable: true,
      description: 'The lowest price of the last 30 days (the figure shown beside a discount)',
    }),
    points: t.field({ type: [PricePointRef], description: 'The changes, oldest first', resolve: (s) => s.points }),
  }),
});

builder.objectField(ProductRef, 'priceHistory', (t) =>
  t.field({
    type: [PriceSeriesRef],
    description: "The product's price history: its own price first, then each variant's.",
    args: { days: t.arg.int({ defaultValue: 90, description: 'How many days back, 1 to 365' }) },
    resolve: async (product, args, ctx) => {
      const { partnerId } = await ctx.require('products', 'read');
      const series = await priceHistory(ctx.db, partnerId, product.id, { days: args.days ?? 90 });
      return Promise.all(
        series.map(async (s) => ({
          ...s,
          lowestPrice30: await lowestPrice30(ctx.db, partnerId, product.id, s.variantId),
        })),
      );
    },
  }),
);
