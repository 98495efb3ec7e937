import { builder, idArg } from '../../platform/graphql/builder';
import { dismissPortalDialog, type PortalDialogView, portalDialog } from './portal-dialog';
import {
  type CockpitPortalDialog,
  cockpitPortalDialogs,
  cockpitSavePortalDialog,
  cockpitSetPortalDialogPublished,
} from './portal-dialog-commands';

const PortalDialogRef = builder.objectRef<PortalDialogView>('PortalDialog').implement({
  description: "An announcement of the marketplace in the reader's language, else English (`lang` says which).",
  fields: (t) => ({
    id: t.exposeID('id'),
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    body: t.exposeString('body', { description: 'Sanitised HTML.' }),
    validFrom: t.expose('validFrom', { type: 'DateTime' }),
    validTo: t.expose('validTo', { type: 'DateTime', nullable: true }),
  }),
});

const PortalDialogTextRef = builder.objectRef<CockpitPortalDialog['texts'][number]>('PortalDialogText').implement({
  fields: (t) => ({
    lang: t.exposeString('lang'),
    title: t.exposeString('title'),
    body: t.exposeString('body'),
  }),
});

const CockpitPortalDialogRef = builder.objectRef<CockpitPortalDialog>('CockpitPortalDialog').implement({
  description: 'A portal dialog with every language, as operators edit it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    shops: t.exposeStringList('shops'),
    validFrom: t.expose('validFrom', { type: 'DateTime' }),
    validTo: t.expose('validTo', { type: 'DateTime', nullable: true }),
    published: t.exposeBoolean('published'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
    updated: t.expose('updated', { type: 'DateTime' }),
    texts: t.field({ type: [PortalDialogTextRef], resolve: (d) => d.texts }),
  }),
});

const PortalDialogTextInput = builder.inputType('PortalDialogTextInput', {
  fields: (t) => ({
    lang: t.string({ required: true }),
    title: t.string({ required: true }),
    body: t.string({ required: true, description: 'HTML; sanitised by the server.' }),
  }),
});

const PortalDialogInput = builder.inputType('PortalDialogInput', {
  fields: (t) => ({
    shops: t.stringList({ required: true }),
    validFrom: t.string({ required: true, description: 'ISO date-time with offset.' }),
    validTo: t.string({ description: 'ISO date-time with offset; null: until withdrawn.' }),
    texts: t.field({ type: [PortalDialogTextInput], required: true }),
  }),
});

builder.queryFields((t) => ({
  portalDialog: t.field({
    type: PortalDialogRef,
    nullable: true,
    description: "The current dialog of the selected partner's market this person has not dismissed (null: none).",
    resolve: (_, __, ctx) => portalDialog(ctx),
  }),
  cockpitPortalDialogs: t.field({
    type: [CockpitPortalDialogRef],
    description: 'Operators (content read): every portal dialog, newest first.',
    resolve: (_, __, ctx) => cockpitPortalDialogs(ctx),
  }),
}));

builder.mutationFields((t) => ({
  dismissPortalDialog: t.boolean({
    description: 'The person has read the dialog: it is not shown to them again.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => dismissPortalDialog(ctx, idArg(args.id)),
  }),
  cockpitSavePortalDialog: t.field({
    type: CockpitPortalDialogRef,
    description: 'Operators (content update): a new dialog (id left out; a draft) or the whole dialog again.',
    args: { id: t.arg.id(), input: t.arg({ type: PortalDialogInput, required: true }) },
    resolve: (_, args, ctx) => cockpitSavePortalDialog(ctx, args.id != null ? idArg(args.id) : null, args.input),
  }),
  cockpitSetPortalDialogPublished: t.field({
    type: CockpitPortalDialogRef,
    description: 'Operators (content update): publishes a dialog to its markets, or takes it back to a draft.',
    args: { id: t.arg.id({ required: true }), published: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetPortalDialogPublished(ctx, idArg(args.id), args.published),
  }),
}));
