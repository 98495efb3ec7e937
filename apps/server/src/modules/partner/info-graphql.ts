import { builder, idArg } from '../../platform/graphql/builder';
import { deleteDocument, listDocuments, type PartnerDocumentView } from './documents';
import { getShopProfile, type ShopProfile, setPublicTitle } from './info';
import { removePartnerLogo } from './logo';

const PartnerLogoRef = builder.objectRef<NonNullable<ShopProfile['logo']>>('PartnerLogo').implement({
  description: 'The shop logo (spec Logo): public, served at its url without a session.',
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    url: t.exposeString('url'),
    name: t.exposeString('name'),
  }),
});

const ShopProfileRef = builder.objectRef<ShopProfile>('ShopProfile').implement({
  description: 'The partner info tab: what the marketplace set, and the public title and logo the partner sets.',
  fields: (t) => ({
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    mallName: t.exposeString('mallName', { nullable: true }),
    sapId: t.exposeString('sapId', { nullable: true }),
    shopId: t.exposeString('shopId'),
    provider: t.exposeString('provider', { nullable: true }),
    pluginProvider: t.exposeString('pluginProvider', { nullable: true }),
    rating: t.exposeFloat('rating', { nullable: true }),
    workflowStatus: t.exposeString('workflowStatus'),
    created: t.expose('created', { type: 'DateTime' }),
    updated: t.expose('updated', { type: 'DateTime' }),
    publicTitle: t.exposeString('publicTitle', {
      nullable: true,
      description: 'The public shop name (urlSlug): unique per shop, fixed once set.',
    }),
    publicTitleEditable: t.exposeBoolean('publicTitleEditable', {
      description: 'Whether the caller may set it now: once by the partner, any time by an operator.',
    }),
    logo: t.field({ type: PartnerLogoRef, nullable: true, resolve: (p) => p.logo }),
  }),
});

const PartnerDocumentRef = builder.objectRef<PartnerDocumentView>('PartnerDocument').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    documentType: t.exposeString('documentType', {
      description: 'AGREEMENT_SB, AMENDMENT, CONTRACT, OTHER or SLA_DOCUMENTATION.',
    }),
    validFrom: t.exposeString('validFrom', { nullable: true, description: 'yyyy-MM-dd' }),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    size: t.exposeFloat('size'),
    url: t.exposeString('url', { description: 'Download path (session headers needed).' }),
    uploadedAt: t.expose('uploadedAt', { type: 'DateTime' }),
    uploadedBy: t.exposeString('uploadedBy', { nullable: true }),
    uploadedByOperator: t.exposeBoolean('uploadedByOperator'),
    deletedAt: t.expose('deletedAt', { type: 'DateTime', nullable: true }),
    deletedBy: t.exposeString('deletedBy', { nullable: true }),
    isDeleted: t.exposeBoolean('isDeleted'),
    deletable: t.exposeBoolean('deletable', { description: 'Whether the caller may delete it (permission aside).' }),
  }),
});

builder.queryFields((t) => ({
  shopProfile: t.field({
    type: ShopProfileRef,
    description: "The selected partner's shop profile (partner info tab).",
    resolve: (_, __, ctx) => getShopProfile(ctx),
  }),
  partnerDocuments: t.field({
    type: [PartnerDocumentRef],
    description: "The selected partner's documents, newest first.",
    args: { includeDeleted: t.arg.boolean() },
    resolve: (_, args, ctx) => listDocuments(ctx, args.includeDeleted ?? false),
  }),
}));

builder.mutationFields((t) => ({
  setPublicTitle: t.field({
    type: ShopProfileRef,
    description: 'Sets the public shop name: unique per shop; once set, only an operator may change it.',
    args: { title: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => setPublicTitle(ctx, { publicTitle: args.title }),
  }),
  removePartnerLogo: t.field({
    type: ShopProfileRef,
    resolve: (_, __, ctx) => removePartnerLogo(ctx),
  }),
  deletePartnerDocument: t.field({
    type: PartnerDocumentRef,
    description: 'Marks a document deleted (kept in the history with who and when).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteDocument(ctx, String(idArg(args.id))),
  }),
}));
