import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { cleanUpSessions } from './service';

export const SESSION_CLEANUP_JOB = 'auth.session-cleanup';

export function sessionJobs(platform: Platform): JobDefinition<Record<string, never>>[] {
  return [
    {
      name: SESSION_CLEANUP_JOB,
      cron: '17 * * * *',
      handler: async () => {
        const removed = await cleanUpSessions(platform.database.db);
        platform.log.info({ removed }, 'session clean-up');
        return removed;
      },
    },
  ];
}
