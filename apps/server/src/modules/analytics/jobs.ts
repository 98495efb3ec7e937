import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { deleteOldUsage } from './service';

export const USAGE_RETENTION_JOB = 'analytics.usage-retention';

export function analyticsJobs(platform: Platform): JobDefinition<never>[] {
  const retention: JobDefinition<Record<string, never>> = {
    name: USAGE_RETENTION_JOB,
    cron: '41 3 * * *',
    handler: async () => {
      const removed = await deleteOldUsage(platform.database.db);
      platform.log.info({ removed }, 'usage retention');
      return removed;
    },
  };
  return [retention] as JobDefinition<never>[];
}
