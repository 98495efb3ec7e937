import { BlockList, isIPv4 } from 'node:net';
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../context';
import { devMailbox } from './tables';

export const MAILBOX_PATH = '/dev/mailbox/messages';
const MAILBOX_PAGE_SIZE = 50;

/** The machine itself: 127.0.0.0/8 and ::1 (an IPv4-mapped address is read as its IPv4 form). */
const LOOPBACK: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** Who may read the mailbox: loopback, and the ranges DEV_MAILBOX_ALLOW adds. */
export function mailboxReaders(allow: readonly string[] = []): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of [...LOOPBACK, ...allow]) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return (address) => {
    const plain = /^::ffff:/i.test(address) && isIPv4(address.slice(7)) ? address.slice(7) : address;
    try {
      return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  };
}

/**
 * The demo mailbox's reading side. Registered only while the mailbox is the delivery (no SMTP relay,
 * outside production): there it is what an inbox would be, links included. Anywhere else it does not exist.
 * Even then it answers only the machine itself (and DEV_MAILBOX_ALLOW): the demo listens on every interface,
 * and anyone who could read the mailbox could ask a reset for any account and follow its live link.
 * The address is the client's as TRUST_PROXY decides it, so a proxy on the same machine does not make
 * every client local unless it is trusted to name them.
 */
export function registerMailboxRoute(app: FastifyInstance, platform: Platform): void {
  if (platform.mail.kind !== 'mailbox') return;
  const mayRead = mailboxReaders(platform.config.mail.kind === 'mailbox' ? platform.config.mail.allow : []);
  app.get<{ Querystring: { to?: string } }>(MAILBOX_PATH, async (request, reply) => {
    // The same answer as a server without the mailbox: nothing tells a stranger it is here.
    if (!mayRead(request.ip)) return reply.callNotFound();
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
