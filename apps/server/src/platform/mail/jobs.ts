import { MAIL_RETENTION_MS } from '@pp/domain';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Platform } from '../context';
import type { Db } from '../db/client';
import type { JobDefinition } from '../jobs';
import { mailOutbox } from './tables';
import type { OutgoingMail } from './transport';

export const MAIL_SEND_JOB = 'mail.send';
export const MAIL_RETENTION_JOB = 'mail.retention';

export type QueuedMail = typeof mailOutbox.$inferSelect;

/**
 * Renders one queued mail at send time. A mail whose link carries a secret makes that secret here, right
 * before it leaves, and stores only its hash: the outbox never holds a live link. `discard` undoes what
 * rendering made when the relay refuses the mail.
 */
export type MailRenderer = (db: Db, mail: QueuedMail) => Promise<{ mail: OutgoingMail; discard?(): Promise<void> }>;

/** Sends what is queued, oldest first; a mail the relay refuses stays queued for the next run. */
export async function deliverPendingMail(
  platform: Platform,
  render: MailRenderer,
  limit = 100,
): Promise<{ sent: number; failed: number }> {
  const db = platform.database.db;
  const batch = await db
    .select()
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const queued of batch) {
    // Taken first, so two workers never send the same mail; given back if the relay refuses it.
    const [taken] = await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(and(eq(mailOutbox.id, queued.id), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    if (!taken) continue;
    let rendered: Awaited<ReturnType<MailRenderer>> | null = null;
    try {
      rendered = await render(db, queued);
      await platform.mail.send(rendered.mail);
      sent += 1;
    } catch (error) {
      failed += 1;
      platform.log.error({ err: error, mailId: queued.id, template: queued.template }, 'mail not sent');
      await rendered?.discard?.().catch(() => undefined);
      await db.update(mailOutbox).set({ sentAt: null }).where(eq(mailOutbox.id, queued.id));
    }
  }
  return { sent, failed };
}

/** Sent mail older than the retention period is removed. */
export async function purgeSentMail(db: Db, olderThanMs = MAIL_RETENTION_MS): Promise<number> {
  const gone = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.sentAt, new Date(Date.now() - olderThanMs)))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

export function mailJobs(platform: Platform, render: MailRenderer): JobDefinition<Record<string, never>>[] {
  return [
    { name: MAIL_SEND_JOB, cron: '* * * * *', handler: () => deliverPendingMail(platform, render) },
    {
      name: MAIL_RETENTION_JOB,
      cron: '41 3 * * *',
      handler: async () => ({ removed: await purgeSentMail(platform.database.db) }),
    },
  ];
}
