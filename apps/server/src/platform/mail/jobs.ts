import { MAIL_RETENTION_MS } from '@pp/domain';
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Platform } from '../context';
import { workOnNotify } from '../work-on-notify';
import type { Db } from '../db/client';
import type { JobDefinition } from '../jobs';
import { MAIL_QUEUED_CHANNEL } from './service';
import { mailOutbox } from './tables';
import type { OutgoingMail } from './transport';

export const MAIL_SEND_JOB = 'mail.send';
export const MAIL_RETENTION_JOB = 'mail.retention';

/** How long a refused mail waits before its next attempt, by attempts made so far (minutes). */
export const MAIL_RETRY_MINUTES = [1, 2, 5, 15, 30, 60, 120] as const;
/** After this many refused attempts the mail is given up (failed_at). */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_MINUTES.length + 1;

export type QueuedMail = typeof mailOutbox.$inferSelect;

/**
 * Renders one queued mail at send time. A mail whose link carries a secret makes that secret here, right
 * before it leaves, and stores only its hash: the outbox never holds a live link. `discard` undoes what
 * rendering made when the relay refuses the mail.
 */
export type MailRenderer = (db: Db, mail: QueuedMail) => Promise<{ mail: OutgoingMail; discard?(): Promise<void> }>;

/** The wait before the attempt after `attempts` refused ones, or null when the mail is given up. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return MAIL_RETRY_MINUTES[Math.max(attempts, 1) - 1]! * 60_000;
}

/**
 * Sends what is due, oldest first: never a mail given up, nor one still waiting out its back-off. A mail the
 * relay refuses counts an attempt and waits longer each time; after the last attempt it is given up.
 */
export async function deliverPendingMail(
  platform: Platform,
  render: MailRenderer,
  limit = 100,
): Promise<{ sent: number; failed: number }> {
  const db = platform.database.db;
  const batch = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const queued of batch) {
    // Taken first, so two workers (or two processes) never send the same mail; given back if the relay refuses it.
    const [taken] = await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(and(eq(mailOutbox.id, queued.id), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)))
      .returning({ id: mailOutbox.id });
    if (!taken) continue;
    let rendered: Awaited<ReturnType<MailRenderer>> | null = null;
    try {
      rendered = await render(db, queued);
      await platform.mail.send({ ...rendered.mail, template: queued.template });
      sent += 1;
    } catch (error) {
      failed += 1;
      await rendered?.discard?.().catch(() => undefined);
      const attempts = queued.attempts + 1;
      const delay = retryDelayMs(attempts);
      platform.log.error(
        { err: error, mailId: queued.id, template: queued.template, attempts, givenUp: delay === null },
        'mail not sent',
      );
      await db
        .update(mailOutbox)
        .set({
          sentAt: null,
          attempts,
          // The relay's answer tells an operator why; it never holds the body (the link is not in it).
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: delay === null ? null : sql`now() + ${`${delay} milliseconds`}::interval`,
          failedAt: delay === null ? sql`now()` : null,
        })
        .where(eq(mailOutbox.id, queued.id));
    }
  }
  return { sent, failed };
}

/** Sent mail, and mail given up, older than the retention period is removed. */
export async function purgeSentMail(db: Db, olderThanMs = MAIL_RETENTION_MS): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const gone = await db
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, cutoff), and(isNotNull(mailOutbox.failedAt), lt(mailOutbox.failedAt, cutoff))))
    .returning({ id: mailOutbox.id });
  return gone.length;
}

export function mailJobs(platform: Platform, render: MailRenderer): JobDefinition<Record<string, never>>[] {
  return [
    // The minute cron is the safety net (a process that missed a notification, mail due after its back-off).
    { name: MAIL_SEND_JOB, cron: '* * * * *', handler: () => deliverPendingMail(platform, render) },
    {
      name: MAIL_RETENTION_JOB,
      cron: '41 3 * * *',
      handler: async () => ({ removed: await purgeSentMail(platform.database.db) }),
    },
  ];
}

/**
 * Immediate delivery: queueMail notifies MAIL_QUEUED_CHANNEL inside the command's transaction, and the
 * database passes the notification on only when that transaction commits, to every process. Each process
 * that works jobs sends what is due shortly after; the atomic take in deliverPendingMail keeps two processes
 * from sending one mail. Calls that arrive while a run is going start one more run after it, not a parallel one.
 */
export async function startImmediateMailDelivery(
  platform: Platform,
  render: MailRenderer,
  debounceMs = 200,
): Promise<() => Promise<void>> {
  return workOnNotify(platform, MAIL_QUEUED_CHANNEL, () => deliverPendingMail(platform, render), {
    debounceMs,
    what: 'mail delivery',
  });
}
