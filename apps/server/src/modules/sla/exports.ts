import { DomainError, SLA_TYPES, type SlaType, slaPeriods, slaRequestSchema, slaStatistics } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import {
  type ExportCell,
  type ExportFormat,
  gridExportParams,
  registerExport,
  startExport,
} from '../../platform/exports/index';
import { validationError } from '../../platform/errors';
import { createRequestContext } from '../../platform/request-context';
import { countSlaSummarized } from './summary';

export interface SlaExportParams {
  numberOfMonths: number;
  slaTypes: SlaType[];
}

/**
 * The export takes the SLA request itself ({ numberOfMonths, slaTypes }) or, from the grids' export button, a grid
 * request whose filters carry it: numberOfMonths EQUAL n, slaType IN [...].
 */
export function parseSlaExportParams(params: unknown): SlaExportParams {
  const input = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const request: Record<string, unknown> = {};
  if (input.numberOfMonths !== undefined) request.numberOfMonths = input.numberOfMonths;
  if (input.slaTypes !== undefined) request.slaTypes = input.slaTypes;
  if (Array.isArray(input.filters)) {
    for (const filter of input.filters as { field?: unknown; value?: unknown; values?: unknown }[]) {
      if (filter?.field === 'numberOfMonths') request.numberOfMonths = Number(filter.value);
      if (filter?.field === 'slaType') request.slaTypes = filter.values;
    }
  }
  const parsed = slaRequestSchema.safeParse(request);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');

/** The SLA statistics as a file (GET /portal/export/sla): one row per indicator and period. */
export const SLA_EXPORT = registerExport<SlaExportParams>({
  kind: 'sla',
  resource: 'sla',
  action: 'read',
  // The SLA request itself, or the grid request whose filters carry it; nothing else is taken.
  params: gridExportParams.extend({
    numberOfMonths: z.number().optional(),
    slaTypes: z.array(z.enum(SLA_TYPES)).max(SLA_TYPES.length).optional(),
  }),
  parse: parseSlaExportParams,
  columns: (t) => [
    t('sla.export.indicator'),
    t('sla.table.period'),
    t('sla.table.broken'),
    t('sla.table.total'),
    t('sla.export.ratio'),
    t('sla.table.status'),
    t('sla.export.target'),
  ],
  async *rows(db, partnerId, params) {
    const periods = slaPeriods(new Date(), params.numberOfMonths);
    const counts = await countSlaSummarized(db, partnerId, periods);
    const rows: ExportCell[][] = [];
    for (const indicator of slaStatistics(counts, periods, params.slaTypes)) {
      const target = indicator.targetPerMille / 10;
      const row = (period: string, f: { broken: number; total: number; ratio: number; status: string }) => [
        indicator.slaType,
        period,
        f.broken,
        f.total,
        Math.round(f.ratio * 10_000) / 100,
        f.status,
        target,
      ];
      rows.push(row(`${periods.lastSevenDaysFrom}/${periods.today}`, indicator.lastSevenDays));
      rows.push(row(indicator.currentMonth.month, indicator.currentMonth));
      for (const month of indicator.previousMonths) rows.push(row(month.month, month));
    }
    yield rows;
  },
  count: async (_db, _partnerId, params) => params.slaTypes.length * (params.numberOfMonths + 2),
  fileName: () => `sla-${stamp()}`,
});

/**
 * GET /portal/export/sla?format=csv|xlsx&numberOfMonths=6&slaTypes=cancel-rate,delivery: starts the export job and
 * answers 202 with it; the file arrives on the live stream like every export.
 */
export function registerSlaExportRoute(app: FastifyInstance, platform: Platform) {
  app.get<{ Querystring: { format?: string; numberOfMonths?: string; slaTypes?: string } }>(
    '/portal/export/sla',
    async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const format = (request.query.format ?? 'csv').toUpperCase();
      if (format !== 'CSV' && format !== 'XLSX') {
        throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'format', rule: 'invalid' }]);
      }
      const params: Record<string, unknown> = {};
      if (request.query.numberOfMonths) params.numberOfMonths = Number(request.query.numberOfMonths);
      params.slaTypes = request.query.slaTypes ? request.query.slaTypes.split(',') : [...SLA_TYPES];
      const job = await startExport(ctx, SLA_EXPORT.kind, format as ExportFormat, params);
      return reply.status(202).send(job);
    },
  );
}
