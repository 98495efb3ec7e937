import { averageDispatchHours, STATISTICS_GRANULARITIES, STATISTICS_MARKETS, type StatisticsRequest } from '@pp/domain';
import { z } from 'zod';
import { type ExportCell, gridExportParams, registerExport } from '../../platform/exports/index';
import { parseStatisticsRequest, partnerStatistics, type StatisticsFigures } from './service';

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** One row per currency of a period (a period without sales gives one row without a currency). */
function periodRows(period: string, f: StatisticsFigures): ExportCell[][] {
  const counts = [f.orders, f.items, f.delivered, f.cancelled, f.returned, f.shipped];
  const hours = averageDispatchHours(f.dispatchSeconds, f.shipped);
  if (!f.sales.length) return [[period, ...counts, hours, null, null]];
  // The counts are of every currency together: they are written on the period's first row only.
  return f.sales.map((s, i) =>
    i === 0
      ? [period, ...counts, hours, s.currency, Number(s.amount)]
      : [period, ...counts.map(() => null), null, s.currency, Number(s.amount)],
  );
}

/**
 * The statistics page's figures as a file: one row per period (day, week or month) and currency, then the
 * range's totals. Started from the page's export button with the page's request as params.
 */
export const STATISTICS_EXPORT = registerExport<StatisticsRequest>({
  kind: 'statistics',
  resource: 'statistics',
  action: 'read',
  params: gridExportParams.extend({
    from: z.string().max(10),
    to: z.string().max(10),
    granularity: z.enum(STATISTICS_GRANULARITIES).optional(),
    market: z.enum(STATISTICS_MARKETS).nullish(),
  }),
  parse: (params) => {
    const { from, to, granularity, market } = (params ?? {}) as Record<string, unknown>;
    return parseStatisticsRequest({ from, to, granularity, market });
  },
  columns: (t) => [
    t('statistics.export.period'),
    t('statistics.figures.orders'),
    t('statistics.figures.items'),
    t('statistics.figures.delivered'),
    t('statistics.figures.cancelled'),
    t('statistics.figures.returned'),
    t('statistics.figures.shipped'),
    t('statistics.figures.dispatchHours'),
    t('statistics.export.currency'),
    t('statistics.figures.sales'),
  ],
  async *rows(db, partnerId, params) {
    // The top lists are not in the file: only their names would need the caller's language.
    const view = await partnerStatistics(db, partnerId, params, 'en');
    const rows: ExportCell[][] = [];
    for (const point of view.series) rows.push(...periodRows(point.bucket, point));
    rows.push(...periodRows(`${params.from}/${params.to}`, view.totals));
    yield rows;
  },
  fileName: (params) => `statistics-${params.from}-${params.to}-${stamp()}`,
});
