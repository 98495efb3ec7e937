import type { HeurekaFeedSummary, HeurekaOptions } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
import { FeedRunRef, FeedTypeEnum, feedObjectRef, registerFeedRunFields } from './graphql';
import {
  type HeurekaFeedSettingsView,
  type HeurekaFeedStatusView,
  heurekaFeedSettingsOf,
  heurekaFeedStatus,
  heurekaView,
  saveHeurekaFeed,
  saveHeurekaOptions,
} from './heureka-settings';
import { startFeedValidation } from './settings';

/** The Heureka feed's settings, runs and status (issue 21), as the MALL feed's are in graphql.ts. */

const HeurekaFeedRef = feedObjectRef(
  'HeurekaFeed',
  'Heureka',
  'Products: DISABLED, 6h, 12h or 1d; availability: DISABLED, 15m, 30m or 1h.',
);

const HeurekaFeedOptionsRef = builder.objectRef<HeurekaOptions>('HeurekaFeedOptions').implement({
  description: "The partner's options that complete the Heureka feed's items.",
  fields: (t) => ({
    vat: t.exposeFloat('vat', { nullable: true, description: 'The VAT rate (%) of an item that has none.' }),
    boxType: t.exposeString('boxType', {
      nullable: true,
      description: 'SMALLBOX or BIGBOX: the box of an item its box parameter does not decide.',
    }),
    boxParam: t.exposeString('boxParam', { description: 'The PARAM_NAME that carries the box; empty: none.' }),
    bigBoxValue: t.exposeString('bigBoxValue'),
    smallBoxValue: t.exposeString('smallBoxValue'),
    roundPrice: t.exposeBoolean('roundPrice', { description: 'Prices rounded to whole units, half up.' }),
    autoDescription: t.exposeBoolean('autoDescription', {
      description: 'A description built from the name and parameters for items without one.',
    }),
  }),
});

const HeurekaFeedSettingsRef = builder.objectRef<HeurekaFeedSettingsView>('HeurekaFeedSettings').implement({
  fields: (t) => ({
    products: t.field({ type: HeurekaFeedRef, resolve: (s) => s.products }),
    availability: t.field({ type: HeurekaFeedRef, resolve: (s) => s.availability }),
    options: t.field({ type: HeurekaFeedOptionsRef, resolve: (s) => s.options }),
    vatRates: t.exposeFloatList('vatRates', { description: "The VAT rates of the partner's shop." }),
  }),
});

const HeurekaFeedSummaryRef = builder.objectRef<HeurekaFeedSummary>('HeurekaFeedSummary').implement({
  description: 'What a product run counted in the file.',
  fields: (t) => ({
    items: t.exposeInt('items'),
    invalidTitles: t.exposeInt('invalidTitles', { description: 'No name, or longer than the marketplace title.' }),
    missingDescriptions: t.exposeInt('missingDescriptions'),
    missingPictures: t.exposeInt('missingPictures'),
  }),
});

const HeurekaFeedStatusRef = builder.objectRef<HeurekaFeedStatusView>('HeurekaFeedStatus').implement({
  description: 'The feed summary: the latest product run that read its file and what it counted.',
  fields: (t) => ({
    run: t.field({ type: FeedRunRef, nullable: true, resolve: (s) => s.run }),
    summary: t.field({ type: HeurekaFeedSummaryRef, nullable: true, resolve: (s) => s.summary }),
  }),
});

const HeurekaFeedInput = builder.inputType('HeurekaFeedInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'Empty disconnects the feed.' }),
    enabled: t.boolean({ required: true }),
    schedule: t.string({ required: true }),
    basicAuthName: t.string({ description: 'Empty: no basic auth (the stored password is dropped).' }),
    basicAuthPassword: t.string({ description: 'Null keeps the stored password; a text replaces it.' }),
  }),
});

const HeurekaFeedOptionsInput = builder.inputType('HeurekaFeedOptionsInput', {
  fields: (t) => ({
    vat: t.float(),
    boxType: t.string(),
    boxParam: t.string(),
    bigBoxValue: t.string(),
    smallBoxValue: t.string(),
    roundPrice: t.boolean({ required: true }),
    autoDescription: t.boolean({ required: true }),
  }),
});

builder.queryFields((t) => ({
  heurekaFeedSettings: t.field({
    type: HeurekaFeedSettingsRef,
    description: "The selected partner's Heureka product and availability feeds and options.",
    resolve: (_, __, ctx) => heurekaFeedSettingsOf(ctx),
  }),
  heurekaFeedStatus: t.field({
    type: HeurekaFeedStatusRef,
    description: 'The feed summary of the latest product run (the category figures: heurekaCategorySummary).',
    resolve: (_, __, ctx) => heurekaFeedStatus(ctx),
  }),
}));

builder.mutationFields((t) => ({
  heurekaFeedUpdate: t.field({
    type: HeurekaFeedRef,
    description: 'Saves a Heureka feed’s settings; a changed URL is checked (VALIDATING, the answer on the stream).',
    args: {
      type: t.arg({ type: FeedTypeEnum, required: true }),
      data: t.arg({ type: HeurekaFeedInput, required: true }),
    },
    resolve: (_, { type, data }, ctx) => saveHeurekaFeed(ctx, type, data),
  }),
  heurekaFeedOptionsUpdate: t.field({
    type: HeurekaFeedOptionsRef,
    description: 'Saves the partner’s Heureka options; the next product run applies them.',
    args: { data: t.arg({ type: HeurekaFeedOptionsInput, required: true }) },
    resolve: (_, { data }, ctx) => saveHeurekaOptions(ctx, data),
  }),
  heurekaFeedValidate: t.field({
    type: HeurekaFeedRef,
    description: 'Checks the saved URL again: VALIDATING now, VALID or INVALID on the stream.',
    args: { type: t.arg({ type: FeedTypeEnum, required: true }) },
    resolve: async (_, { type }, ctx) => heurekaView(await startFeedValidation(ctx, 'HEUREKA', type)),
  }),
}));

registerFeedRunFields('HEUREKA', 'heureka', 'Heureka');
