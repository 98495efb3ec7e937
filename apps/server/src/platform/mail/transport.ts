import type { FastifyBaseLogger } from 'fastify';

/** A rendered e-mail, ready for the relay. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** The relay is the outside world: SMTP in production, a capture in tests. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Until an SMTP relay is configured, delivery is a log line. It names recipient and subject only: the body
 * may carry a one-time link, and logs are read by more people than mailboxes.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, 'mail delivered (log transport)');
    },
  };
}

/** Keeps what was sent in memory, for tests. */
export function captureTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
