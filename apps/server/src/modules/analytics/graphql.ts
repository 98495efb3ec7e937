import { builder } from '../../platform/graphql/builder';
import { cockpitUsage, type UsageDay } from './service';

const UsageDayRef = builder.objectRef<UsageDay>('UsageDay').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'UTC day, yyyy-MM-dd.' }),
    route: t.exposeString('route'),
    views: t.exposeInt('views', { description: 'Page views of sellers (not employee sessions).' }),
    clicks: t.exposeInt('clicks', { description: 'Clicks of sellers (not employee sessions).' }),
    employeeViews: t.exposeInt('employeeViews', { description: 'Page views of operators signed in as a partner.' }),
  }),
});

builder.queryField('cockpitUsage', (t) =>
  t.field({
    type: [UsageDayRef],
    description: 'Administrators only: page views and clicks per route and day over the last 1–90 days.',
    args: { days: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => cockpitUsage(ctx, args.days),
  }),
);
