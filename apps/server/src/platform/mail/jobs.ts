import { and, asc, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../context';
import type { JobDefinition } from '../jobs';
import { mailOutbox } from './tables';

export const MAIL_SEND_JOB = 'mail.send';

/**
 * Delivers queued e-mail. The relay is the outside world; until one is configured the demo records the
 * delivery in the log, which is what the tests observe.
 */
export function mailJobs(platform: Platform): JobDefinition<Record<string, never>>[] {
  return [
    {
      name: MAIL_SEND_JOB,
      cron: '* * * * *',
      handler: async () => {
        const db = platform.database.db;
        const batch = await db
          .select()
          .from(mailOutbox)
          .where(isNull(mailOutbox.sentAt))
          .orderBy(asc(mailOutbox.id))
          .limit(100);
        for (const mail of batch) {
          platform.log.info({ to: mail.recipient, template: mail.template }, 'mail delivered (log transport)');
          await db
            .update(mailOutbox)
            .set({ sentAt: sql`now()` })
            .where(and(sql`${mailOutbox.id} = ${mail.id}`, isNull(mailOutbox.sentAt)));
        }
        return { sent: batch.length };
      },
    },
  ];
}
