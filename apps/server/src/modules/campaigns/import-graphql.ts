import type { ObjectRef } from '@pothos/core';
import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { translate } from '../../platform/i18n';
import {
  type CampaignImportErrorRow,
  type CampaignImportRow,
  campaignImportErrorsGrid,
  campaignImportsGrid,
  campaignLastImport,
} from './import-list';

/** The campaign import's reads (spec commerce §7 "Campaigns": import list, last import) and its errors. */

const CampaignImportRef = builder.objectRef<CampaignImportRow>('CampaignImport').implement({
  description: 'A partner\'s campaign file and its check (spec §3 "Import").',
  fields: (t) => ({
    id: t.exposeID('id'),
    campaignId: t.exposeID('campaignId'),
    status: t.exposeString('status', {
      description: 'QUEUED, CHECKING, ERROR, CONFIRM, ACCEPTED, FAILED or CANCELLED (domain CAMPAIGN_IMPORT_STATUSES).',
    }),
    fileName: t.exposeString('fileName'),
    productsCount: t.exposeInt('productsCount', { description: 'Lines that name a product, valid or not.' }),
    errorsCount: t.exposeInt('errorsCount', { description: 'Structured errors that refuse the file.' }),
    confirmCount: t.exposeInt('confirmCount', { description: 'Reductions above the allowed percent (CONFIRM).' }),
    fileError: t.exposeString('fileError', { nullable: true, description: 'The file-level code of a FAILED import.' }),
    fileErrorMessage: t.string({
      nullable: true,
      description: 'The file-level code in the language of the request.',
      resolve: (r, _, ctx) => (r.fileError ? translate(ctx.lang, `errors.${r.fileError}`) : null),
    }),
    allowToImport: t.exposeBoolean('allowToImport'),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.finishedAt }),
  }),
});

const CampaignImportErrorRef = builder.objectRef<CampaignImportErrorRow>('CampaignImportError').implement({
  description: 'A structured error of a campaign file (spec "structured_errors": message, type, data).',
  fields: (t) => ({
    id: t.exposeID('id'),
    line: t.exposeInt('line', { nullable: true, description: 'The 1-based line; null for the whole file.' }),
    articleId: t.exposeString('articleId', { nullable: true }),
    type: t.exposeString('type', { description: 'One of the domain CAMPAIGN_ERROR_TYPES.' }),
    data: t.field({ type: 'JSON', description: 'The values the message names.', resolve: (r) => r.data }),
    message: t.string({
      description: 'The type with its data, in the language of the request.',
      resolve: (r, _, ctx) => translate(ctx.lang, `campaignImport.errorTypes.${r.type}`, r.data),
    }),
  }),
});

// biome-ignore lint/suspicious/noExplicitAny: the builder's own type parameter
function pageRef<T>(name: string, item: ObjectRef<any, T>) {
  return builder.objectRef<GridPage<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });
}

const CampaignImportPageRef = pageRef<CampaignImportRow>('CampaignImportPage', CampaignImportRef);
const CampaignImportErrorPageRef = pageRef<CampaignImportErrorRow>('CampaignImportErrorPage', CampaignImportErrorRef);

builder.queryFields((t) => ({
  campaignImports: t.field({
    type: CampaignImportPageRef,
    description: "The selected partner's imports of a campaign as a grid (newest first by createdAt).",
    args: { campaignId: t.arg.id({ required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => campaignImportsGrid(ctx, String(args.campaignId), args.grid ?? {}),
  }),
  campaignLastImport: t.field({
    type: CampaignImportRef,
    nullable: true,
    description: "The selected partner's newest import of a campaign.",
    args: { campaignId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => campaignLastImport(ctx, String(args.campaignId)),
  }),
  campaignImportErrors: t.field({
    type: CampaignImportErrorPageRef,
    description: "The structured errors of one of the selected partner's imports, by line (grid contract).",
    args: { importId: t.arg.id({ required: true }), grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => campaignImportErrorsGrid(ctx, String(args.importId), args.grid ?? {}),
  }),
}));
