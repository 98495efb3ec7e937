import type { ContentPageKey } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import {
  cockpitOrderServices,
  cockpitSaveContentPage,
  cockpitSaveFaq,
  cockpitSaveService,
  cockpitSetFaqPublished,
  cockpitSetServiceActive,
} from './commands';
import { financingLink } from './financing';
import {
  type CockpitFaqEntry,
  type CockpitService,
  type ContentPageView,
  cockpitContentPages,
  cockpitFaq,
  cockpitServices,
  contentPage,
  type FaqEntryView,
  type FaqText,
  type PageText,
  partnerFaq,
  partnerService,
  partnerServices,
  publicService,
  publicServices,
  type ServiceText,
  type ServiceView,
} from './service';

const ServiceRef = builder.objectRef<ServiceView>('Service').implement({
  description: "A service (add-on) in the reader's language, else English (`lang` says which).",
  fields: (t) => ({
    id: t.exposeID('id'),
    serviceName: t.exposeString('serviceName', { description: 'The address: /services/detail/{serviceName}.' }),
    provider: t.exposeString('provider'),
    link: t.exposeString('link', { nullable: true, description: 'A portal page the service leads to, if any.' }),
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    summary: t.exposeString('summary'),
    body: t.exposeString('body', { description: 'Sanitised HTML.' }),
    price: t.exposeString('price', { description: 'The marketing price as text (may be empty).' }),
  }),
});

const ContentPageRef = builder.objectRef<ContentPageView>('ContentPage').implement({
  description: "The mall-pay or financing page's text in the reader's language, else English.",
  fields: (t) => ({
    key: t.exposeString('key'),
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    body: t.exposeString('body', { description: 'Sanitised HTML.' }),
  }),
});

const FaqEntryRef = builder.objectRef<FaqEntryView>('FaqEntry').implement({
  description: "A published question of the help center in the reader's language, else English.",
  fields: (t) => ({
    id: t.exposeID('id'),
    topic: t.exposeString('topic'),
    lang: t.exposeString('lang'),
    question: t.exposeString('question'),
    answer: t.exposeString('answer', { description: 'Sanitised HTML.' }),
  }),
});

const ServiceTextRef = builder.objectRef<ServiceText>('ServiceText').implement({
  fields: (t) => ({
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    summary: t.exposeString('summary'),
    body: t.exposeString('body'),
    price: t.exposeString('price'),
  }),
});

const CockpitServiceRef = builder.objectRef<CockpitService>('CockpitService').implement({
  description: 'A service with every language, as operators edit it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    serviceName: t.exposeString('serviceName'),
    provider: t.exposeString('provider'),
    link: t.exposeString('link', { nullable: true }),
    position: t.exposeInt('position'),
    active: t.exposeBoolean('active'),
    updated: t.expose('updated', { type: 'DateTime' }),
    texts: t.field({ type: [ServiceTextRef], resolve: (s) => s.texts }),
  }),
});

const PageTextRef = builder.objectRef<PageText>('ContentPageText').implement({
  fields: (t) => ({
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
  }),
});

const CockpitContentPageRef = builder
  .objectRef<{ key: ContentPageKey; texts: PageText[] }>('CockpitContentPage')
  .implement({
    fields: (t) => ({
      key: t.exposeString('key'),
      texts: t.field({ type: [PageTextRef], resolve: (p) => p.texts }),
    }),
  });

const FaqTextRef = builder.objectRef<FaqText>('FaqText').implement({
  fields: (t) => ({
    lang: t.exposeString('lang'),
    question: t.exposeString('question'),
    answer: t.exposeString('answer'),
  }),
});

const CockpitFaqEntryRef = builder.objectRef<CockpitFaqEntry>('CockpitFaqEntry').implement({
  description: 'A question of the help center with every language, as operators edit it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    topic: t.exposeString('topic'),
    position: t.exposeInt('position'),
    published: t.exposeBoolean('published'),
    updated: t.expose('updated', { type: 'DateTime' }),
    texts: t.field({ type: [FaqTextRef], resolve: (f) => f.texts }),
  }),
});

const ServiceTextInput = builder.inputType('ServiceTextInput', {
  fields: (t) => ({
    lang: t.string({ required: true }),
    title: t.string({ required: true }),
    summary: t.string({ required: true }),
    body: t.string({ description: 'HTML; sanitised by the server.' }),
    price: t.string(),
  }),
});

const ServiceInput = builder.inputType('ServiceInput', {
  fields: (t) => ({
    serviceName: t.string({ required: true }),
    provider: t.string({ required: true }),
    link: t.string({ description: 'One of the domain SERVICE_LINKS, or null.' }),
    position: t.int(),
    active: t.boolean(),
    texts: t.field({ type: [ServiceTextInput], required: true }),
  }),
});

const PageTextInput = builder.inputType('ContentPageTextInput', {
  fields: (t) => ({
    lang: t.string({ required: true }),
    title: t.string({ required: true }),
    body: t.string({ required: true }),
  }),
});

const ContentPageInput = builder.inputType('ContentPageInput', {
  fields: (t) => ({
    key: t.string({ required: true, description: 'mall-pay or financing.' }),
    texts: t.field({ type: [PageTextInput], required: true }),
  }),
});

const FaqTextInput = builder.inputType('FaqTextInput', {
  fields: (t) => ({
    lang: t.string({ required: true }),
    question: t.string({ required: true }),
    answer: t.string({ required: true }),
  }),
});

const FaqInput = builder.inputType('FaqInput', {
  fields: (t) => ({
    topic: t.string({ required: true }),
    position: t.int(),
    published: t.boolean(),
    texts: t.field({ type: [FaqTextInput], required: true }),
  }),
});

builder.queryFields((t) => ({
  services: t.field({
    type: [ServiceRef],
    description: 'The active services in the list order (any member of the selected partner).',
    resolve: (_, __, ctx) => partnerServices(ctx),
  }),
  service: t.field({
    type: ServiceRef,
    description: 'One active service by its address (ENTITY_NOT_FOUND otherwise).',
    args: { serviceName: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => partnerService(ctx, args.serviceName),
  }),
  publicServices: t.field({
    type: [ServiceRef],
    description: 'Public (no session): the active services, for the login page\'s "services" link.',
    resolve: (_, __, ctx) => publicServices(ctx),
  }),
  publicService: t.field({
    type: ServiceRef,
    description: 'Public (no session): one active service by its address.',
    args: { serviceName: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => publicService(ctx, args.serviceName),
  }),
  contentPage: t.field({
    type: ContentPageRef,
    description: 'The text of the mall-pay or financing page (any member of the selected partner).',
    args: { key: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => contentPage(ctx, args.key),
  }),
  faq: t.field({
    type: [FaqEntryRef],
    description:
      'The help center: published questions, optionally of one topic and matching a search (case and accents ' +
      'ignored) in the question and the answer.',
    args: { search: t.arg.string(), topic: t.arg.string() },
    resolve: (_, args, ctx) => partnerFaq(ctx, args),
  }),
  cockpitServices: t.field({
    type: [CockpitServiceRef],
    description: 'Operators: every service with every language.',
    resolve: (_, __, ctx) => cockpitServices(ctx),
  }),
  cockpitContentPages: t.field({
    type: [CockpitContentPageRef],
    description: 'Operators: the mall-pay and financing pages with every language.',
    resolve: (_, __, ctx) => cockpitContentPages(ctx),
  }),
  cockpitFaq: t.field({
    type: [CockpitFaqEntryRef],
    description: 'Operators: every question of the help center, drafts too.',
    resolve: (_, __, ctx) => cockpitFaq(ctx),
  }),
}));

builder.mutationFields((t) => ({
  financingLink: t.field({
    type: 'String',
    description:
      "The selected partner's personal financing offer (the provider's link); FINANCING_ERROR when the provider " +
      'cannot answer. Any member of the partner.',
    resolve: (_, __, ctx) => financingLink(ctx),
  }),
  cockpitSaveService: t.field({
    type: CockpitServiceRef,
    description: 'Operators: a new service (no id) or the whole service again.',
    args: { id: t.arg.id(), input: t.arg({ type: ServiceInput, required: true }) },
    resolve: (_, args, ctx) => cockpitSaveService(ctx, args.id == null ? null : idArg(args.id), args.input),
  }),
  cockpitSetServiceActive: t.field({
    type: 'Boolean',
    description: 'Operators: shows the service to partners and the public, or hides it.',
    args: { id: t.arg.id({ required: true }), active: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetServiceActive(ctx, idArg(args.id), args.active),
  }),
  cockpitOrderServices: t.field({
    type: [CockpitServiceRef],
    description: "Operators: the services' order, as every service's id in the new order.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_, args, ctx) =>
      cockpitOrderServices(
        ctx,
        args.ids.map((id) => idArg(id)),
      ),
  }),
  cockpitSaveContentPage: t.field({
    type: CockpitContentPageRef,
    description: 'Operators: the text of the mall-pay or financing page in its languages.',
    args: { input: t.arg({ type: ContentPageInput, required: true }) },
    resolve: (_, args, ctx) => cockpitSaveContentPage(ctx, args.input),
  }),
  cockpitSaveFaq: t.field({
    type: CockpitFaqEntryRef,
    description: 'Operators: a new question (no id) or the whole question again.',
    args: { id: t.arg.id(), input: t.arg({ type: FaqInput, required: true }) },
    resolve: (_, args, ctx) => cockpitSaveFaq(ctx, args.id == null ? null : idArg(args.id), args.input),
  }),
  cockpitSetFaqPublished: t.field({
    type: 'Boolean',
    description: 'Operators: publishes the question to partners or takes it back to a draft.',
    args: { id: t.arg.id({ required: true }), published: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetFaqPublished(ctx, idArg(args.id), args.published),
  }),
}));
