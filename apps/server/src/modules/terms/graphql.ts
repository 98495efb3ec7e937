import type { Fee } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { PartnerSummaryRef } from '../partner/graphql';
import { type CommissionPage, type CommissionRow, commissionList, partnerFees } from './fees';
import {
  type AgreementRow,
  agreeToTerms,
  businessTermsHistory,
  businessTermsOf,
  cockpitPublishTerms,
  cockpitSaveTerms,
  cockpitTerms,
  currentTerms,
  type TermsContent,
  type TermsPage,
  type TermsState,
  type TermsVersionRow,
} from './service';

const TermsContentRef = builder.objectRef<TermsContent>('BusinessTermsContent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    body: t.exposeString('body', { description: 'Sanitised HTML.' }),
    url: t.exposeString('url', { nullable: true }),
  }),
});

/** What a version and a page of it share (an interface, so both types list the same fields). */
const TermsVersionFieldsRef = builder.interfaceRef<TermsVersionRow>('BusinessTermsVersionFields').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    shopId: t.exposeString('shopId'),
    country: t.exposeString('country'),
    version: t.exposeString('version'),
    validFrom: t.exposeString('validFrom'),
    showInHistory: t.exposeBoolean('showInHistory'),
    published: t.boolean({ resolve: (v) => v.publishedAt !== null }),
    publishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.publishedAt }),
    approvedBy: t.exposeString('approvedBy', { nullable: true }),
    created: t.field({ type: 'DateTime', resolve: (v) => v.created }),
    updated: t.field({ type: 'DateTime', resolve: (v) => v.updated }),
    languages: t.exposeStringList('languages'),
  }),
});

const TermsVersionRef = builder
  .objectRef<TermsVersionRow & { contents?: TermsContent[] }>('BusinessTermsVersion')
  .implement({
    interfaces: [TermsVersionFieldsRef],
    fields: (t) => ({
      contents: t.field({
        type: [TermsContentRef],
        description: 'Every language (cockpit only; public lists leave it empty).',
        resolve: (v) => v.contents ?? [],
      }),
    }),
  });

const TermsPageRef = builder.objectRef<TermsPage>('BusinessTermsPage').implement({
  interfaces: [TermsVersionFieldsRef],
  fields: (t) => ({
    content: t.field({ type: TermsContentRef, resolve: (p) => p.content }),
  }),
});

const AgreementRef = builder.objectRef<AgreementRow>('Agreement').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    termsId: t.exposeID('termsId'),
    contentId: t.exposeID('contentId'),
    version: t.exposeString('version'),
    names: t.exposeString('names'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    companyId: t.exposeString('companyId'),
    signed: t.field({ type: 'DateTime', resolve: (a) => a.signed }),
  }),
});

const TermsStateRef = builder.objectRef<TermsState>('TermsState').implement({
  fields: (t) => ({
    terms: t.field({ type: TermsPageRef, nullable: true, resolve: (s) => s.terms }),
    agreed: t.exposeBoolean('agreed'),
    agreement: t.field({ type: AgreementRef, nullable: true, resolve: (s) => s.agreement }),
  }),
});

export const FeeRef = builder.objectRef<Fee>('Fee').implement({
  fields: (t) => ({
    type: t.exposeString('type'),
    amount: t.exposeFloat('amount'),
    currency: t.exposeString('currency'),
    per: t.exposeString('per'),
    freeMonths: t.exposeInt('freeMonths'),
  }),
});

const CommissionRowRef = builder.objectRef<CommissionRow>('CommissionRow').implement({
  fields: (t) => ({
    division: t.exposeString('division'),
    category: t.exposeString('category'),
    subcategory: t.exposeString('subcategory'),
    brands: t.exposeStringList('brands', { description: 'Empty: every brand without its own row.' }),
    commission: t.exposeFloat('commission', { description: 'Percent of the price with VAT.' }),
  }),
});

const CommissionPageRef = builder.objectRef<CommissionPage>('CommissionPage').implement({
  fields: (t) => ({
    items: t.field({ type: [CommissionRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
  }),
});

const FeesRef = builder.objectRef<{ fees: Fee[] }>('Fees').implement({
  fields: (t) => ({
    fees: t.field({ type: [FeeRef], resolve: (f) => f.fees }),
    commissions: t.field({
      type: CommissionPageRef,
      description: 'The commission list of the partner shop, searchable and paged (at most 100 rows a page).',
      args: { search: t.arg.string(), offset: t.arg.int(), limit: t.arg.int() },
      resolve: (_, args, ctx) =>
        commissionList(ctx, {
          search: args.search ?? null,
          offset: args.offset ?? undefined,
          limit: args.limit ?? undefined,
        }),
    }),
  }),
});

const TermsContentInput = builder.inputType('BusinessTermsContentInput', {
  fields: (t) => ({
    lang: t.string({ required: true }),
    title: t.string({ required: true }),
    body: t.string({ required: true }),
    url: t.string(),
  }),
});

const TermsVersionInput = builder.inputType('BusinessTermsVersionInput', {
  fields: (t) => ({
    shopId: t.string({ required: true }),
    version: t.string({ required: true }),
    validFrom: t.string({ required: true }),
    showInHistory: t.boolean(),
    contents: t.field({ type: [TermsContentInput], required: true }),
  }),
});

builder.objectField(PartnerSummaryRef, 'mustAgreeToTerms', (t) =>
  t.boolean({
    description:
      'A version of the terms is in force that this partner has not agreed to (never while REGISTERED or ' +
      'for an operator signed in as the partner): the portal asks after sign-in.',
    resolve: (p) => (p as { mustAgreeToTerms?: boolean }).mustAgreeToTerms ?? false,
  }),
);

builder.queryFields((t) => ({
  businessTerms: t.field({
    type: TermsPageRef,
    nullable: true,
    description:
      'Public. The terms of a country (cz, sk, pl, si, hu, hr) in force today, or one version of its history; ' +
      'in the asked language, else the shop language, else English.',
    args: { country: t.arg.string({ required: true }), lang: t.arg.string(), version: t.arg.id() },
    resolve: (_, args, ctx) =>
      businessTermsOf(ctx, args.country, args.lang, args.version == null ? null : idArg(args.version, 'version')),
  }),
  businessTermsHistory: t.field({
    type: [TermsVersionRef],
    description: 'Public. The published versions of a country shown in the history, newest first.',
    args: { country: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => businessTermsHistory(ctx, args.country),
  }),
  currentTerms: t.field({
    type: TermsStateRef,
    description: "The selected partner's terms in force and whether it agreed to them.",
    resolve: (_, __, ctx) => currentTerms(ctx),
  }),
  fees: t.field({
    type: FeesRef,
    description: "The fees and the commission list of the selected partner's market.",
    resolve: async (_, __, ctx) => ({ fees: await partnerFees(ctx) }),
  }),
  cockpitTerms: t.field({
    type: [TermsVersionRef],
    description: 'Operators: every version (drafts too) of one shop or of all.',
    args: { shopId: t.arg.string() },
    resolve: (_, args, ctx) => cockpitTerms(ctx, args.shopId),
  }),
}));

builder.mutationFields((t) => ({
  agreeToTerms: t.field({
    type: AgreementRef,
    description:
      'The selected partner agrees to the version in force (contentId = the content read). While REGISTERED ' +
      'the path STANDARD or VIP is required and moves the workflow to the vendor check.',
    args: { contentId: t.arg.id({ required: true }), names: t.arg.string({ required: true }), path: t.arg.string() },
    resolve: (_, args, ctx) =>
      agreeToTerms(ctx, { contentId: idArg(args.contentId, 'contentId'), names: args.names, path: args.path }),
  }),
  cockpitSaveTerms: t.field({
    type: TermsVersionRef,
    description: 'Operators: a new version (no id) or a change of an unpublished one.',
    args: { id: t.arg.id(), input: t.arg({ type: TermsVersionInput, required: true }) },
    resolve: (_, args, ctx) => cockpitSaveTerms(ctx, args.id == null ? null : String(idArg(args.id)), args.input),
  }),
  cockpitPublishTerms: t.field({
    type: TermsVersionRef,
    description: 'Operators: publishes a draft; partners are asked to agree from its first day.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitPublishTerms(ctx, String(idArg(args.id))),
  }),
}));
