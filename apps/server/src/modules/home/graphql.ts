import { builder } from '../../platform/graphql/builder';
import { PartnerSummaryRef } from '../partner/graphql';
import { dashboard } from './service';

type DashboardView = Awaited<ReturnType<typeof dashboard>>;

const ActivityEntryRef = builder.objectRef<DashboardView['recentActivity'][number]>('ActivityEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action'),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
    actorEmail: t.exposeString('actorEmail', { nullable: true }),
    adminEmail: t.exposeString('adminEmail', { nullable: true }),
  }),
});

const DashboardRef = builder.objectRef<DashboardView>('Dashboard').implement({
  fields: (t) => ({
    partner: t.field({ type: PartnerSummaryRef, resolve: (d) => d.partner }),
    accountsCount: t.exposeInt('accountsCount'),
    activeSessionsCount: t.exposeInt('activeSessionsCount'),
    lastLoginAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.lastLoginAt }),
    recentActivity: t.field({ type: [ActivityEntryRef], resolve: (d) => d.recentActivity }),
  }),
});

builder.queryField('dashboard', (t) =>
  t.field({
    type: DashboardRef,
    description: 'Home dashboard figures of the selected partner.',
    resolve: (_, __, ctx) => dashboard(ctx),
  }),
);
