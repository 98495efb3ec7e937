import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRendererOf } from '../../jobs';
import { startTestServer, type TestServer } from '../../test/harness';
import type { Platform } from '../context';
import { deliverPendingMail } from './jobs';
import { queueMail } from './service';
import { smtpTransport } from './transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user?: string;
}

/** A real SMTP server on loopback (the outside world of the mail job), with or without sign-in. */
async function loopbackSmtp(options: { user?: string; password?: string; refuse?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', ...(options.user ? [] : ['AUTH'])],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (options.refuse) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Just enough MIME reading for what nodemailer writes: headers, multipart/alternative, QP and base64. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
  );
}
function decodeQp(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}
function parseMime(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body };
}
function partsOf(raw: string): { subject: string; to: string; text: string; html: string } {
  const { headers, body } = parseMime(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts: Record<string, string> = {};
  for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
    const part = parseMime(chunk.replace(/^\r?\n/, ''));
    const type = (part.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const encoding = part.headers.get('content-transfer-encoding') ?? '7bit';
    const content = part.body.replace(/\r?\n$/, '');
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQp(content)
          : content;
  }
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    to: headers.get('to') ?? '',
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n'),
    html: parts['text/html'] ?? '',
  };
}

let server: TestServer;
let accountId: number;

async function queueLoginLink(to: string, lang: string): Promise<number> {
  return queueMail(server.database.db, { to, template: 'login-link', lang, data: { accountId } });
}

function withTransport(platform: Platform, mail: Platform['mail']): Platform {
  return { ...platform, mail };
}

beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.database.executeSql(`select id from accounts where email = 'partner@demo.test'`);
  accountId = (rows[0] as { id: number }).id;
});
afterAll(() => server.close());

describe('mail through a real SMTP relay', () => {
  it('delivers a real template with a text and an HTML part, in the recipient language, from MAIL_FROM', async () => {
    const relay = await loopbackSmtp();
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: relay.port,
      secure: false,
      from: 'Partner Portal <no-reply@portal.test>',
      timeoutMs: 5_000,
    });
    try {
      await queueLoginLink('partner@demo.test', 'cs');
      const platform = withTransport(server.app.platform, transport);
      expect(await deliverPendingMail(platform, mailRendererOf(platform))).toEqual({ sent: 1, failed: 0 });

      expect(relay.received).toHaveLength(1);
      const message = relay.received[0]!;
      expect(message.to).toEqual(['partner@demo.test']);
      expect(message.from).toBe('no-reply@portal.test');
      const mail = partsOf(message.raw);
      expect(mail.subject).toBe('Váš odkaz pro přihlášení do Partner Portálu');
      expect(mail.to).toBe('partner@demo.test');
      const link = /http:\/\/localhost:\d+\/login\/token\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      expect(mail.text).toContain('jednorázovým odkazem');
      // The HTML part carries the same link as a button, with the Czech layout texts around it.
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('<html lang="cs">');
      expect(mail.html).toContain('Přihlásit se');
      expect(mail.html).toContain('Pokud tlačítko nefunguje');
    } finally {
      await transport.close?.();
      await relay.close();
    }
  });

  it('signs in to a relay that asks for it', async () => {
    const relay = await loopbackSmtp({ user: 'portal', password: 's3cret-relay' });
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: relay.port,
      secure: false,
      user: 'portal',
      password: 's3cret-relay',
      from: 'Partner Portal <no-reply@portal.test>',
      timeoutMs: 5_000,
    });
    try {
      await queueLoginLink('multi@demo.test', 'en');
      const platform = withTransport(server.app.platform, transport);
      expect(await deliverPendingMail(platform, mailRendererOf(platform))).toEqual({ sent: 1, failed: 0 });
      expect(relay.received[0]?.user).toBe('portal');
      expect(partsOf(relay.received[0]!.raw).subject).toBe('Your sign-in link to Partner Portal');
    } finally {
      await transport.close?.();
      await relay.close();
    }
  });

  it('keeps a mail the relay refuses, spends its link and tries again after a back-off', async () => {
    const relay = await loopbackSmtp({ refuse: true });
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: relay.port,
      secure: false,
      from: 'Partner Portal <no-reply@portal.test>',
      timeoutMs: 5_000,
    });
    try {
      const liveTokens = async () => {
        const { rows } = await server.database.executeSql(
          `select count(*)::int as n from login_tokens where account_id = $1 and used_at is null`,
          [accountId],
        );
        return (rows[0] as { n: number }).n;
      };
      const liveBefore = await liveTokens();
      const id = await queueLoginLink('partner@demo.test', 'cs');
      const platform = withTransport(server.app.platform, transport);
      expect(await deliverPendingMail(platform, mailRendererOf(platform))).toEqual({ sent: 0, failed: 1 });
      const { rows } = await server.database.executeSql(
        `select attempts, last_error, sent_at, failed_at,
                extract(epoch from next_attempt_at - now()) as wait
           from mail_outbox where id = $1`,
        [id],
      );
      const row = rows[0] as {
        attempts: number;
        last_error: string;
        sent_at: unknown;
        failed_at: unknown;
        wait: number;
      };
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/550/);
      expect(row.sent_at).toBeNull();
      expect(row.failed_at).toBeNull();
      expect(Number(row.wait)).toBeGreaterThan(50);
      expect(Number(row.wait)).toBeLessThanOrEqual(60);
      // The link made for the refused mail was spent: no live sign-in token is left behind.
      expect(await liveTokens()).toBe(liveBefore);
    } finally {
      await transport.close?.();
      await relay.close();
      await server.database.db.execute(sql`delete from mail_outbox where sent_at is null`);
    }
  });
});
