import { builder } from '../../platform/graphql/builder';
import { type ProductLabelOption, productLabelOptions, type TaricCodeOption, taricCodeOptions } from './taric';

const TaricCodeRef = builder.objectRef<TaricCodeOption>('TaricCode').implement({
  description: "A CN (TARIC) code a product's taricCode is picked from.",
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Eight digits' }),
    description: t.exposeString('description', { description: "In the caller's language" }),
  }),
});

const ProductLabelOptionRef = builder.objectRef<ProductLabelOption>('ProductLabelOption').implement({
  description: "One of the marketplace's product labels.",
  fields: (t) => ({
    code: t.exposeString('code', { description: 'What ProductLabelInput.label carries' }),
    name: t.exposeString('name', { description: "In the caller's language" }),
  }),
});

builder.queryFields((t) => ({
  taricCodes: t.field({
    type: [TaricCodeRef],
    description:
      'CN codes by code prefix ("9403") or by words of their description in any language, without case and ' +
      'diacritics ("nabytek"); at most `first` (1–50, default 20), by code.',
    args: { search: t.arg.string(), first: t.arg.int() },
    resolve: (_, args, ctx) => taricCodeOptions(ctx, args),
  }),
  productLabels: t.field({
    type: [ProductLabelOptionRef],
    description: "The labels a product may carry (ProductLabelInput.label), named in the caller's language.",
    resolve: (_, __, ctx) => productLabelOptions(ctx),
  }),
}));
