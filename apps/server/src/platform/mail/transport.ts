import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { devMailbox } from './tables';

/** A rendered e-mail, ready for the relay: always a text and an HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template made it (set by the mail job; the demo mailbox shows it). */
  template?: string;
}

/** The relay is the outside world: SMTP in production, the demo mailbox or the log without one, a capture in tests. */
export interface MailTransport {
  /** Which kind delivers: the demo mailbox's page exists only with `mailbox`. */
  readonly kind?: 'smtp' | 'mailbox' | 'log' | 'capture';
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Milliseconds to wait for the connection and the server's greeting. */
  timeoutMs?: number;
}

/**
 * Delivery through an SMTP relay (nodemailer). A refusal or a timeout throws, so the mail job counts an
 * attempt and tries again later; a pooled connection keeps a batch from opening one connection per mail.
 */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  const timeout = settings.timeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    pool: true,
    maxConnections: 2,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    async close() {
      transporter.close();
    },
  };
}

/**
 * Demo mode's delivery: the whole message goes to the dev_mailbox table and /dev/mailbox shows it, so a
 * newcomer can finish a registration on their own machine without a relay.
 */
export function mailboxTransport(db: Db): MailTransport {
  return {
    kind: 'mailbox',
    async send(mail) {
      await db.insert(devMailbox).values({
        recipient: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template ?? null,
      });
    },
  };
}

/**
 * Production without a relay: delivery is a log line. It names recipient and subject only: the body may
 * carry a one-time link, and logs are read by more people than mailboxes.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject }, 'mail delivered (log transport)');
    },
  };
}

/** Keeps what was sent in memory, for tests. */
export function captureTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'capture',
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
