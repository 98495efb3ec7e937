import { builder } from '../../platform/graphql/builder';
import { getPartnerPage, type PartnerPageView, savePartnerPage } from './service';

const PartnerPageLogoRef = builder.objectRef<NonNullable<PartnerPageView['logo']>>('PartnerPageLogo').implement({
  description: 'The shop logo as the page shows it (set through POST /portal/partner/logo).',
  fields: (t) => ({
    url: t.exposeString('url'),
    name: t.exposeString('name'),
  }),
});

const PartnerPageRef = builder.objectRef<PartnerPageView>('PartnerPage').implement({
  description:
    "The partner's public page on the marketplace (marketing/partner-page), as the form and preview read it.",
  fields: (t) => ({
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    publicTitle: t.exposeString('publicTitle', {
      nullable: true,
      description: 'The public shop name (set by setPublicTitle: unique per shop, fixed once set).',
    }),
    publicTitleEditable: t.exposeBoolean('publicTitleEditable'),
    logo: t.field({ type: PartnerPageLogoRef, nullable: true, resolve: (p) => p.logo }),
    tagline: t.exposeString('tagline'),
    description: t.exposeString('description', { description: 'HTML as the server sanitised it.' }),
    webUrl: t.exposeString('webUrl'),
    termsUrl: t.exposeString('termsUrl'),
    complaintsUrl: t.exposeString('complaintsUrl'),
    contactEmail: t.exposeString('contactEmail'),
    contactPhone: t.exposeString('contactPhone'),
    updated: t.expose('updated', { type: 'DateTime', nullable: true, description: 'Null: never saved.' }),
  }),
});

const PartnerPageInput = builder.inputType('PartnerPageInput', {
  fields: (t) => ({
    tagline: t.string(),
    description: t.string({ description: 'HTML; sanitised by the server, the limit counts what remains.' }),
    webUrl: t.string(),
    termsUrl: t.string(),
    complaintsUrl: t.string(),
    contactEmail: t.string({ required: true }),
    contactPhone: t.string(),
  }),
});

builder.queryFields((t) => ({
  partnerPage: t.field({
    type: PartnerPageRef,
    description: "The selected partner's public page (partner read).",
    resolve: (_, __, ctx) => getPartnerPage(ctx),
  }),
}));

builder.mutationFields((t) => ({
  savePartnerPage: t.field({
    type: PartnerPageRef,
    description: "Saves the selected partner's public page (partner update).",
    args: { input: t.arg({ type: PartnerPageInput, required: true }) },
    resolve: (_, { input }, ctx) => savePartnerPage(ctx, input),
  }),
}));
