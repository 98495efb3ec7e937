import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { LOGIN_LINK_JOB, mailLoginLink } from './login-link';
import { cleanUpSessions, mailPasswordReset, PASSWORD_RESET_JOB } from './service';

export const SESSION_CLEANUP_JOB = 'auth.session-cleanup';

export function authJobs(platform: Platform): JobDefinition<never>[] {
  const cleanUp: JobDefinition<Record<string, never>> = {
    name: SESSION_CLEANUP_JOB,
    cron: '17 * * * *',
    handler: async () => {
      const removed = await cleanUpSessions(platform.database.db);
      platform.log.info({ removed }, 'session clean-up');
      return removed;
    },
  };
  const resetMail: JobDefinition<{ email: string; requestId: string }> = {
    name: PASSWORD_RESET_JOB,
    handler: (data) => mailPasswordReset(platform.database.db, data),
  };
  const loginLinkMail: JobDefinition<{ email: string; requestId: string }> = {
    name: LOGIN_LINK_JOB,
    handler: (data) => mailLoginLink(platform.database.db, data),
  };
  return [cleanUp, resetMail, loginLinkMail] as JobDefinition<never>[];
}
