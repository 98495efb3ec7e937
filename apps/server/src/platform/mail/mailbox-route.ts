import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../context';
import { devMailbox } from './tables';

export const MAILBOX_PATH = '/dev/mailbox/messages';
const MAILBOX_PAGE_SIZE = 50;

/**
 * The demo mailbox's reading side. Registered only while the mailbox is the delivery (no SMTP relay,
 * outside production): there it is what an inbox would be, links included. Anywhere else it does not exist.
 */
export function registerMailboxRoute(app: FastifyInstance, platform: Platform): void {
  if (platform.mail.kind !== 'mailbox') return;
  app.get<{ Querystring: { to?: string } }>(MAILBOX_PATH, async (request, reply) => {
    const to = typeof request.query.to === 'string' ? request.query.to.trim().toLowerCase() : '';
    const rows = await platform.database.db
      .select()
      .from(devMailbox)
      .where(to ? sql`lower(${devMailbox.recipient}) = ${to}` : undefined)
      .orderBy(desc(devMailbox.id))
      .limit(MAILBOX_PAGE_SIZE);
    reply.header('cache-control', 'no-store');
    return rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      template: row.template,
      deliveredAt: row.deliveredAt.toISOString(),
    }));
  });
}
