import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { mailRendererOf } from '../../jobs';
import { testConfig, testDatabase } from '../../test/harness';
import { eventually } from '../../test/waits';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { deliverPendingMail, MAIL_MAX_ATTEMPTS, MAIL_SEND_JOB, purgeSentMail } from './jobs';
import { queueMail } from './service';
import { activation, switchableRelay } from './test-relay';

interface OutboxRow {
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
  wait: number | null;
}

async function outboxRow(database: Database, id: number): Promise<OutboxRow> {
  const { rows } = await database.executeSql(
    `select attempts, sent_at, failed_at, next_attempt_at, last_error,
            round(extract(epoch from next_attempt_at - now()))::int as wait
       from mail_outbox where id = $1`,
    [id],
  );
  return rows[0] as OutboxRow;
}

describe('retries of refused mail', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: App;
  const relay = switchableRelay();

  beforeAll(async () => {
    ({ database, drop } = await testDatabase());
    app = await buildApp({
      config: testConfig({ mail: { kind: 'log' } }),
      database,
      jobs: false,
      mailTransport: relay,
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });
  const deliver = () => deliverPendingMail(app.platform, mailRendererOf(app.platform));
  const makeDue = (id: number) =>
    database.executeSql(`update mail_outbox set next_attempt_at = now() - interval '1 second' where id = $1`, [id]);

  it('waits longer after each refusal and gives the mail up after the last attempt', async () => {
    relay.refusing = true;
    const id = await queueMail(database.db, activation('waiting@shop.test'));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await deliver()).toEqual({ sent: 0, failed: 1 });
      const row = await outboxRow(database, id);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('421 Service not available');
      expect(row.sent_at).toBeNull();
      if (row.wait !== null) {
        waits.push(Math.round(row.wait / 60));
        // Not due yet: the next run leaves it alone.
        expect(await deliver()).toEqual({ sent: 0, failed: 0 });
        await makeDue(id);
      }
    }
    expect(waits).toEqual([1, 2, 5, 15, 30, 60, 120]);
    const last = await outboxRow(database, id);
    expect(last.failed_at).not.toBeNull();
    expect(last.next_attempt_at).toBeNull();
    // Given up is final, even when the relay works again.
    relay.refusing = false;
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    expect(relay.sent).toHaveLength(0);
  });

  it('sends a refused mail once its wait is over and the relay takes it', async () => {
    relay.refusing = true;
    const id = await queueMail(database.db, activation('later@shop.test'));
    await deliver();
    relay.refusing = false;
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    await makeDue(id);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect(relay.sent.map((m) => m.to)).toEqual(['later@shop.test']);
    expect(relay.sent[0]!.html).toContain('Confirm your Partner Portal account');
    expect(relay.sent[0]!.template).toBe('account-activation');
    const row = await outboxRow(database, id);
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('removes sent and given-up mail after the retention period, and keeps what still waits', async () => {
    relay.refusing = true;
    const waiting = await queueMail(database.db, activation('still@shop.test'));
    await deliver();
    await database.executeSql(
      `update mail_outbox set sent_at = sent_at - interval '40 days', failed_at = failed_at - interval '40 days'`,
    );
    await purgeSentMail(database.db);
    // Cast: PostgreSQL answers a bigint as text, PGlite as a number.
    const { rows } = await database.executeSql('select id::int as id from mail_outbox');
    expect(rows).toEqual([{ id: waiting }]);
  });
});

describe('immediate delivery into the demo mailbox', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: App;

  beforeAll(async () => {
    ({ database, drop } = await testDatabase());
    // The default outside production without SMTP: the mailbox delivers, and this process works jobs.
    app = await buildApp({ config: testConfig({ mail: { kind: 'mailbox' }, jobsEnabled: true }), database });
    // Without the minute cron (the safety net), a mail that arrives can only have come by the notification
    // at its commit: that is what "immediate" means here, with no clock in the assertion.
    await database.executeSql('delete from pgboss.schedule where name = $1', [MAIL_SEND_JOB]);
    await eventually('no cron run of mail.send left waiting', async () => {
      const { rows } = await database.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [MAIL_SEND_JOB],
      );
      return (rows[0] as { n: number }).n === 0;
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const messages = async (to?: string) => {
    const response = await app.app.inject({
      method: 'GET',
      url: `/dev/mailbox/messages${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { recipient: string; subject: string; text: string; html: string; template: string }[];
  };
  it('delivers a mail on its commit, without the cron, and never one whose command rolled back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, activation('rolledback@shop.test'));
        throw new Error('the command failed');
      }),
    ).rejects.toThrow('the command failed');
    await database.db.transaction(async (tx) => {
      await queueMail(tx, activation('Fresh@Shop.test'));
      if (database.kind === 'postgres') {
        // Another command's mail, committed meanwhile, arrives: a delivery has run while this one is open.
        // (PGlite has one connection: nothing else runs before this transaction ends.)
        await queueMail(database.db, activation('meanwhile@shop.test'));
        await eventually('the mail committed meanwhile', async () => (await messages('meanwhile@shop.test')).length);
      }
      // Still inside the transaction: nothing may have left yet (asked through the transaction, as PGlite has one connection).
      const rows = await tx.execute(
        sql`select count(*)::int as n from dev_mailbox where lower(recipient) = 'fresh@shop.test'`,
      );
      expect((rows as unknown as { rows?: unknown[] }).rows ?? rows).toEqual([{ n: 0 }]);
    });
    const arrived = await eventually('the committed mail in the mailbox', async () => {
      const list = await messages('fresh@shop.test');
      return list.length > 0 && list;
    });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({
      recipient: 'Fresh@Shop.test',
      subject: 'Confirm your Partner Portal account',
      template: 'account-activation',
    });
    expect(arrived[0]!.text).toContain('/login');
    expect(arrived[0]!.html).toMatch(/<a href="http:\/\/localhost:\d+\/login"/);
    expect(await messages('rolledback@shop.test')).toEqual([]);
  });

  it('lists the newest first, by recipient, at most 50', async () => {
    for (let i = 0; i < 55; i += 1) {
      await database.db.execute(
        sql`insert into dev_mailbox (recipient, subject, text, html) values ('many@shop.test', ${`Message ${i}`}, 't', '<p>h</p>')`,
      );
    }
    const list = await messages('many@shop.test');
    expect(list).toHaveLength(50);
    expect(list[0]!.subject).toBe('Message 54');
    expect(list.every((m) => m.recipient === 'many@shop.test')).toBe(true);
    expect((await messages()).length).toBe(50);
  });

  it('answers only the machine itself, and the ranges DEV_MAILBOX_ALLOW adds', async () => {
    // A reset link for admin@ sits in the mailbox: a stranger on the network must not read it.
    await database.db.execute(
      sql`insert into dev_mailbox (recipient, subject, text, html) values ('admin@demo.test', 'Reset', 'http://x/login/reset-password/live-link', '<p>h</p>')`,
    );
    const ask = (target: App, remoteAddress: string) =>
      target.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=admin@demo.test', remoteAddress });
    for (const stranger of ['192.168.1.20', '10.0.0.7', '203.0.113.9', '2001:db8::1', '::ffff:192.168.1.20']) {
      const response = await ask(app, stranger);
      expect([stranger, response.statusCode]).toEqual([stranger, 404]);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('live-link');
    }
    for (const local of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await ask(app, local);
      expect([local, response.statusCode]).toEqual([local, 200]);
      expect(response.body).toContain('live-link');
    }

    const opened = await buildApp({
      config: testConfig({ mail: { kind: 'mailbox', allow: ['192.168.1.0/24', '2001:db8::5'] } }),
      database,
      jobs: false,
    });
    try {
      expect((await ask(opened, '192.168.1.20')).statusCode).toBe(200);
      expect((await ask(opened, '2001:db8::5')).statusCode).toBe(200);
      expect((await ask(opened, '127.0.0.1')).statusCode).toBe(200);
      expect((await ask(opened, '192.168.2.20')).statusCode).toBe(404);
      expect((await ask(opened, '2001:db8::6')).statusCode).toBe(404);
    } finally {
      await opened.close();
    }
  });

  it('reads DEV_MAILBOX_ALLOW as addresses and ranges, and refuses anything else at start', () => {
    const env = { REMOTE_LOGIN_SECRET: 'test-remote-login-secret-0123456789', DATA_DIR: 'memory://' };
    expect(loadConfig(env).mail).toEqual({ kind: 'mailbox', allow: [] });
    expect(loadConfig({ ...env, DEV_MAILBOX_ALLOW: ' 10.0.0.0/8, fd00::/8 ,192.168.1.7' }).mail).toEqual({
      kind: 'mailbox',
      allow: ['10.0.0.0/8', 'fd00::/8', '192.168.1.7'],
    });
    for (const bad of ['10.0.0.0/33', 'everyone', '*', '10.0.0/8', '::1/129'])
      expect(() => loadConfig({ ...env, DEV_MAILBOX_ALLOW: bad })).toThrow(/DEV_MAILBOX_ALLOW/);
  });

  it('does not exist when a relay delivers, nor in production', async () => {
    for (const config of [
      testConfig({ mail: { kind: 'smtp', host: '127.0.0.1', port: 2525, secure: false } }),
      testConfig({ mail: { kind: 'log' }, production: true }),
    ]) {
      const other = await buildApp({ config, database, jobs: false });
      try {
        const response = await other.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      } finally {
        await other.close();
      }
    }
  });
});
