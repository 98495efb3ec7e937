import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import { type AuditEntryView, cockpitAuditEntry, cockpitAuditLog } from './audit-view';
import type { AuditChange, AuditDetail } from './audit-view-changes';

const AuditChangeRef = builder.objectRef<AuditChange>('AuditChange').implement({
  description: 'One value an audited change moved: before → after (text as stored, anything else as JSON).',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: "Null: the entry's entity itself." }),
    before: t.exposeString('before', { nullable: true }),
    after: t.exposeString('after', { nullable: true }),
  }),
});

const AuditDetailRef = builder.objectRef<AuditDetail>('AuditDetail').implement({
  description: 'A field describing an audited change without a before (a name, a count).',
  fields: (t) => ({
    field: t.exposeString('field'),
    value: t.exposeString('value', { nullable: true }),
  }),
});

const AuditEntryRef = builder.objectRef<AuditEntryView>('AuditEntry').implement({
  description: 'One entry of the audit trail: who (and as whom), what, when, and the before/after.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.id }),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
    action: t.exposeString('action'),
    entity: t.exposeString('entity', { nullable: true }),
    entityId: t.exposeString('entityId', { nullable: true }),
    partnerId: t.id({ nullable: true, resolve: (e) => e.partnerId }),
    partnerName: t.exposeString('partnerName', { nullable: true }),
    accountId: t.id({ nullable: true, resolve: (e) => e.accountId }),
    accountEmail: t.exposeString('accountEmail', { nullable: true }),
    adminAccountId: t.id({
      nullable: true,
      description: 'The operator behind the change while signed in as the account (impersonation).',
      resolve: (e) => e.adminAccountId,
    }),
    adminEmail: t.exposeString('adminEmail', { nullable: true }),
    apiKeyId: t.id({
      nullable: true,
      description: 'A change through the partner REST API.',
      resolve: (e) => e.apiKeyId,
    }),
    requestId: t.exposeString('requestId', { nullable: true }),
    data: t.exposeString('data', { nullable: true, description: 'The stored data as JSON text.' }),
    changes: t.field({ type: [AuditChangeRef], resolve: (e) => e.changes }),
    details: t.field({ type: [AuditDetailRef], resolve: (e) => e.details }),
  }),
});

const AuditEntryPageRef = builder.objectRef<GridPage<AuditEntryView>>('AuditEntryPage').implement({
  fields: (t) => ({
    items: t.field({ type: [AuditEntryRef], resolve: (p) => p.items }),
    total: t.exposeInt('total', { description: 'Exact when totalExact; otherwise the cap, and there are more.' }),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({
      nullable: true,
      description: 'Pass as grid.after for the next page (keyset paging); null on the last page.',
      resolve: (p) => p.nextCursor ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  cockpitAuditLog: t.field({
    type: AuditEntryPageRef,
    description:
      'Operators (audit): the audit trail newest first. Filters: at (time range), partnerId, account and ' +
      'operator (e-mail; operator = the one behind an impersonation), entity, entityId, action — each exact, so ' +
      'each reads an index. Sort: at only.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitAuditLog(ctx, args.grid ?? {}),
  }),
  cockpitAuditEntry: t.field({
    type: AuditEntryRef,
    description: 'Operators (audit): one entry of the audit trail (ENTITY_NOT_FOUND).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitAuditEntry(ctx, idArg(args.id)),
  }),
}));
