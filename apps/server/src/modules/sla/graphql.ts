import { SLA_STATUSES, type SlaFigure, type SlaIndicatorStatistics } from '@pp/domain';
import { builder } from '../../platform/graphql/builder';
// Registers the 'sla' export kind with the platform's export job.
import './exports';
import { type SlaView, slaStatisticsOf } from './service';

/** The spec's slaType values (cancel-rate, tracking, status-error, delivery) as GraphQL names. */
export const SlaTypeEnum = builder.enumType('SlaType', {
  values: {
    CANCEL_RATE: { value: 'cancel-rate' },
    TRACKING: { value: 'tracking' },
    STATUS_ERROR: { value: 'status-error' },
    DELIVERY: { value: 'delivery' },
  } as const,
});

export const SlaStatusEnum = builder.enumType('SlaStatus', { values: SLA_STATUSES });

const SlaFigureRef = builder.objectRef<SlaFigure>('SlaFigure').implement({
  description: 'Broken orders among the judged orders of one period, and the status that gives.',
  fields: (t) => ({
    broken: t.exposeInt('broken'),
    total: t.exposeInt('total'),
    ratio: t.exposeFloat('ratio', { description: 'broken / total, 0 to 1; 0 when nothing was judged' }),
    status: t.field({ type: SlaStatusEnum, resolve: (f) => f.status }),
  }),
});

const SlaMonthFigureRef = builder.objectRef<SlaFigure & { month: string }>('SlaMonthFigure').implement({
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM' }),
    broken: t.exposeInt('broken'),
    total: t.exposeInt('total'),
    ratio: t.exposeFloat('ratio'),
    status: t.field({ type: SlaStatusEnum, resolve: (f) => f.status }),
  }),
});

const SlaIndicatorRef = builder.objectRef<SlaIndicatorStatistics>('SlaIndicator').implement({
  fields: (t) => ({
    slaType: t.field({ type: SlaTypeEnum, resolve: (i) => i.slaType }),
    target: t.float({
      description: 'The largest broken ratio the target allows (0 to 1)',
      resolve: (i) => i.targetPerMille / 1000,
    }),
    targetInclusive: t.exposeBoolean('targetInclusive', {
      description: 'Whether a ratio equal to the target still meets it',
    }),
    status: t.field({
      type: SlaStatusEnum,
      description: 'The status of the judged month',
      resolve: (i) => i.status,
    }),
    judged: t.field({ type: SlaMonthFigureRef, resolve: (i) => i.judged }),
    lastSevenDays: t.field({ type: SlaFigureRef, resolve: (i) => i.lastSevenDays }),
    currentMonth: t.field({ type: SlaMonthFigureRef, resolve: (i) => i.currentMonth }),
    previousMonths: t.field({ type: [SlaMonthFigureRef], resolve: (i) => i.previousMonths }),
  }),
});

export const SlaStatisticsRef = builder.objectRef<SlaView>('SlaStatistics').implement({
  fields: (t) => ({
    judgedMonth: t.exposeString('judgedMonth', { description: 'The last completed month (YYYY-MM)' }),
    currentMonth: t.exposeString('currentMonth'),
    lastSevenDaysFrom: t.exposeString('lastSevenDaysFrom', { description: 'YYYY-MM-DD, Central European time' }),
    today: t.exposeString('today'),
    indicators: t.field({ type: [SlaIndicatorRef], resolve: (s) => s.indicators }),
  }),
});

builder.queryField('slaStatistics', (t) =>
  t.field({
    type: SlaStatisticsRef,
    description: 'Service quality of the selected partner: last seven days, current month and previous months.',
    args: {
      numberOfMonths: t.arg.int({ description: 'Completed months to show, 1 to 12 (6)' }),
      slaTypes: t.arg({ type: [SlaTypeEnum], description: 'The indicators (all four)' }),
    },
    resolve: (_, args, ctx) =>
      slaStatisticsOf(ctx, {
        ...(args.numberOfMonths != null ? { numberOfMonths: args.numberOfMonths } : {}),
        ...(args.slaTypes != null ? { slaTypes: args.slaTypes } : {}),
      }),
  }),
);
