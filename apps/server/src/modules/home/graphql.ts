import { builder } from '../../platform/graphql/builder';
import { PartnerSummaryRef } from '../partner/graphql';
import { type OrdersOverview, ordersOverview } from './orders-overview';
import { dashboard } from './service';

type DashboardView = Awaited<ReturnType<typeof dashboard>>;

const ActivityParamRef = builder.objectRef<{ name: string; value: string }>('ActivityParam').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const ActivityEntryRef = builder.objectRef<DashboardView['recentActivity'][number]>('ActivityEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action'),
    at: t.field({ type: 'DateTime', resolve: (e) => e.at }),
    actorEmail: t.exposeString('actorEmail', { nullable: true }),
    actorName: t.exposeString('actorName', { nullable: true }),
    byYou: t.boolean({
      description: 'Whether the reader made the change (the sentence then says "You").',
      resolve: (e, _, ctx) => e.accountId !== null && e.accountId === ctx.auth?.account.id,
    }),
    adminEmail: t.exposeString('adminEmail', { nullable: true }),
    apiClientId: t.exposeString('apiClientId', {
      nullable: true,
      description: "The public client id of the API key whose request made the change: the partner's integration.",
    }),
    kind: t.exposeString('kind', { description: 'The sentence: activity.you.<kind> or activity.other.<kind>.' }),
    params: t.field({
      type: [ActivityParamRef],
      resolve: (e) => Object.entries(e.params).map(([name, value]) => ({ name, value: String(value) })),
    }),
    link: t.exposeString('link', { nullable: true, description: "The object's page in the portal." }),
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

const DaysToDeliveryRef = builder.objectRef<OrdersOverview['daysToDelivery'][number]>('DaysToDeliveryCount').implement({
  fields: (t) => ({
    bucket: t.exposeString('bucket', {
      description: 'late, today, tomorrow, in2, in3, in4to7, later or undated (days until the expected delivery)',
    }),
    count: t.exposeInt('count'),
  }),
});

const SalesDayRef = builder.objectRef<OrdersOverview['sales']['days'][number]>('SalesDay').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD, Central European time' }),
    count: t.exposeInt('count'),
    total: t.exposeFloat('total'),
  }),
});

const SalesRef = builder.objectRef<OrdersOverview['sales']>('SalesSummary').implement({
  fields: (t) => ({
    currency: t.exposeString('currency'),
    from: t.exposeString('from', { description: 'The first day counted (YYYY-MM-DD)' }),
    count: t.exposeInt('count'),
    total: t.exposeFloat('total', { description: 'Sum of the order totals in the partner currency' }),
    days: t.field({ type: [SalesDayRef], resolve: (s) => s.days }),
  }),
});

const OrdersOverviewRef = builder.objectRef<OrdersOverview>('OrdersOverview').implement({
  fields: (t) => ({
    today: t.exposeString('today', { description: 'YYYY-MM-DD in the markets’ time zone' }),
    toShipToday: t.exposeInt('toShipToday', { description: 'Open or shipping orders to be delivered tomorrow' }),
    overdue: t.exposeInt('overdue', { description: 'Open or shipping orders to be delivered today or before' }),
    toShip: t.exposeInt('toShip', { description: 'All confirmed open and shipping orders' }),
    missingStatuses: t.exposeInt('missingStatuses'),
    missingStatusesExact: t.exposeBoolean('missingStatusesExact'),
    daysToDelivery: t.field({ type: [DaysToDeliveryRef], resolve: (o) => o.daysToDelivery }),
    sales: t.field({ type: SalesRef, resolve: (o) => o.sales }),
  }),
});

builder.queryField('dashboardOrders', (t) =>
  t.field({
    type: OrdersOverviewRef,
    description: "The seller's work on the home page: orders to ship, waiting for a status, and recent sales.",
    resolve: (_, __, ctx) => ordersOverview(ctx),
  }),
);
