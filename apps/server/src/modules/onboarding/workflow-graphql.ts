import type { Checklist } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { partnerChecklist } from './checklist';
import type { WorkflowTick } from './tables';
import {
  cockpitChangeWorkflow,
  cockpitWorkflow,
  partnerWorkflow,
  requestWorkflowChange,
  type WorkflowHistoryEntry,
  type WorkflowView,
} from './workflow';

const WorkflowTickRef = builder.objectRef<WorkflowTick>('WorkflowTick').implement({
  fields: (t) => ({
    text: t.exposeString('text', { description: 'The tick key (texts under workflow.ticks.<key>).' }),
    checked: t.exposeBoolean('checked'),
  }),
});

const WorkflowTickInput = builder.inputType('WorkflowTickInput', {
  fields: (t) => ({
    text: t.string({ required: true }),
    checked: t.boolean({ required: true }),
  }),
});

const WorkflowHistoryEntryRef = builder.objectRef<WorkflowHistoryEntry>('WorkflowHistoryEntry').implement({
  fields: (t) => ({
    fromStatus: t.exposeString('fromStatus'),
    toStatus: t.exposeString('toStatus'),
    byOperator: t.exposeBoolean('byOperator'),
    note: t.exposeString('note', { nullable: true }),
    created: t.field({ type: 'DateTime', resolve: (h) => h.created }),
  }),
});

export const WorkflowRef = builder.objectRef<WorkflowView>('Workflow').implement({
  fields: (t) => ({
    status: t.exposeString('status'),
    updated: t.field({ type: 'DateTime', resolve: (w) => w.updated }),
    ticks: t.field({ type: [WorkflowTickRef], resolve: (w) => w.ticks }),
    analysis: t.exposeString('analysis', { nullable: true }),
    estimatedLaunch: t.exposeString('estimatedLaunch', { nullable: true, description: 'A day, YYYY-MM-DD.' }),
    path: t.exposeString('path', { nullable: true, description: 'STANDARD or VIP, once the terms are agreed.' }),
    availableStates: t.exposeStringList('availableStates', {
      description: 'Where the caller (partner or operator) may move the workflow from here.',
    }),
    step: t.exposeString('step', { description: 'The onboarding step that fits the status.' }),
    history: t.field({ type: [WorkflowHistoryEntryRef], description: 'Newest first.', resolve: (w) => w.history }),
  }),
});

const ChecklistItemRef = builder.objectRef<{ type: string; ok: boolean }>('ChecklistItem').implement({
  fields: (t) => ({ type: t.exposeString('type'), ok: t.exposeBoolean('ok') }),
});

const TransportProblemEnum = builder.enumType('ChecklistTransportProblem', {
  values: ['NO_METHOD', 'UNDELIVERABLE_PRODUCTS'] as const,
});

export const ChecklistRef = builder.objectRef<Checklist>('Checklist').implement({
  fields: (t) => ({
    addresses: t.field({ type: [ChecklistItemRef], resolve: (c) => c.addresses }),
    contacts: t.field({ type: [ChecklistItemRef], resolve: (c) => c.contacts }),
    products: t.exposeInt('products'),
    productsLive: t.exposeInt('productsLive'),
    transport: t.exposeBoolean('transport'),
    transportProblem: t.field({
      type: TransportProblemEnum,
      nullable: true,
      description: 'NO_METHOD, or UNDELIVERABLE_PRODUCTS when some products no active delivery method takes.',
      resolve: (c) => c.transportProblem,
    }),
    undeliverableProducts: t.exposeInt('undeliverableProducts'),
    contract: t.exposeBoolean('contract'),
    terms: t.exposeBoolean('terms'),
    provider: t.exposeBoolean('provider'),
    productsForApprovalSent: t.exposeBoolean('productsForApprovalSent'),
    productsForApprovalSentWhen: t.exposeString('productsForApprovalSentWhen', { nullable: true }),
  }),
});

builder.queryField('workflow', (t) =>
  t.field({
    type: WorkflowRef,
    description: "The selected partner's onboarding workflow.",
    resolve: (_, __, ctx) => partnerWorkflow(ctx),
  }),
);

builder.queryField('checklist', (t) =>
  t.field({
    type: ChecklistRef,
    description: "The selected partner's onboarding checklist, computed from its data.",
    resolve: (_, __, ctx) => partnerChecklist(ctx),
  }),
);

builder.mutationField('changeWorkflow', (t) =>
  t.field({
    type: WorkflowRef,
    description: 'The selected partner moves its own workflow (only along the partner rows of the table).',
    args: { status: t.arg.string({ required: true }), ticks: t.arg({ type: [WorkflowTickInput] }) },
    resolve: (_, args, ctx) => requestWorkflowChange(ctx, { status: args.status, ticks: args.ticks ?? null }),
  }),
);

builder.queryField('cockpitWorkflow', (t) =>
  t.field({
    type: WorkflowRef,
    description: "Administrators only: a partner's workflow with the operator's moves.",
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitWorkflow(ctx, idArg(args.partnerId, 'partnerId')),
  }),
);

builder.mutationField('cockpitChangeWorkflow', (t) =>
  t.field({
    type: WorkflowRef,
    description: "Administrators only: moves a partner's workflow, with the ticks the move needs and a note.",
    args: {
      partnerId: t.arg.id({ required: true }),
      status: t.arg.string({ required: true }),
      ticks: t.arg({ type: [WorkflowTickInput] }),
      note: t.arg.string(),
    },
    resolve: (_, args, ctx) =>
      cockpitChangeWorkflow(ctx, idArg(args.partnerId, 'partnerId'), {
        status: args.status,
        ticks: args.ticks ?? null,
        note: args.note ?? null,
      }),
  }),
);
