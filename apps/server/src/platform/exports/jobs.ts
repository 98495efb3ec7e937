import type { Platform } from '../context';
import { FILE_LIFETIME_MS } from '../files/index';
import type { JobDefinition } from '../jobs';
import { EXPORT_RUN_JOB, type ExportJobData, purgeOldExportRuns, runExport } from './service';

export const EXPORT_RUNS_CLEANUP_JOB = 'export.cleanup';

export function exportJobs(platform: Platform): JobDefinition[] {
  return [
    // A failed export is reported to its user, who starts it again; pg-boss retries only a run whose process died.
    { name: EXPORT_RUN_JOB, retryLimit: 2, handler: (data) => runExport(platform, data as ExportJobData) },
    {
      name: EXPORT_RUNS_CLEANUP_JOB,
      cron: '50 3 * * *',
      handler: () => purgeOldExportRuns(platform, FILE_LIFETIME_MS),
    },
  ];
}
