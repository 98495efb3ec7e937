/**
 * "Nothing done twice" with two server processes working jobs on one database: each check makes work for both
 * processes to compete for, waits until it is done, and counts the outcome where it lands (the demo mailbox,
 * a receiver on loopback, pg-boss's job table, the billing series, the feed runs).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { insertDelivery, WEBHOOK_QUEUED_CHANNEL } from '../apps/server/src/modules/webhooks/queue';
import { webhooks } from '../apps/server/src/modules/webhooks/tables';
import type { Database } from '../apps/server/src/platform/db/client';
import { queueMail } from '../apps/server/src/platform/mail/service';

export interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rows<T>(database: Database, text: string, params: unknown[] = []): Promise<T[]> {
  return (await database.executeSql(text, params)).rows as T[];
}

/**
 * Who did each piece of work: the bench's own ledger in its throw-away database, written by triggers with the
 * `application_name` of the connection that did it (each server process connects with its own name). Without
 * it, "nothing done twice" would also hold if one process did everything and the other nothing.
 */
export async function installWorkLedger(database: Database): Promise<void> {
  const statements = [
    'create table scale_out_work (kind text not null, name text, process text not null)',
    `create function scale_out_note() returns trigger language plpgsql as $$
     begin
       -- to_jsonb: the tables have different columns, and only pg-boss's jobs have a name.
       insert into scale_out_work values (tg_argv[0], to_jsonb(new)->>'name', current_setting('application_name'));
       return null;
     end $$`,
    `create trigger scale_out_mail after update on mail_outbox for each row
       when (old.sent_at is null and new.sent_at is not null) execute function scale_out_note('mail')`,
    `create trigger scale_out_webhook after update on webhook_deliveries for each row
       when (old.state <> 'SENT' and new.state = 'SENT') execute function scale_out_note('webhook')`,
    `create trigger scale_out_feed after update on feed_runs for each row
       when (old.status = 'QUEUED' and new.status = 'RUNNING') execute function scale_out_note('feed run')`,
    `create trigger scale_out_penalty after insert on billing_documents for each row
       when (new.kind = 'PENALTY') execute function scale_out_note('penalty')`,
    `create trigger scale_out_job after update on pgboss.job for each row
       when (old.state <> 'active' and new.state = 'active') execute function scale_out_note('job')`,
  ];
  for (const statement of statements) await database.executeSql(statement);
}

/** The ledger's counts per process for a kind of work (`job` narrowed by `names`), e.g. "A 103, B 97". */
export async function workShare(database: Database, kind: string, names?: string[]): Promise<string> {
  const counted = await rows<{ process: string; n: number }>(
    database,
    `select process, count(*)::int as n from scale_out_work
     where kind = $1 and ($2::text[] is null or name = any($2::text[])) group by 1 order by 1`,
    [kind, names ?? null],
  );
  return counted.map((c) => `${c.process} ${c.n}`).join(', ') || 'nobody';
}

/** Polls `done` every half second until it holds or `ms` passed; answers whether it held. */
async function until(ms: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(500);
  }
  return done();
}

/** N mails queued in ten transactions (each notifying both processes) → N in the demo mailbox, one per recipient. */
export async function mailsOnce(database: Database, n: number): Promise<Verdict> {
  const marker = `scale-out-${randomUUID().slice(0, 8)}`;
  const per = Math.ceil(n / 10);
  for (let from = 0; from < n; from += per) {
    await database.db.transaction(async (tx) => {
      for (let i = from; i < Math.min(n, from + per); i++) {
        await queueMail(tx, { to: `${marker}-${i}@bench.test`, template: 'account-activation', lang: 'en', data: {} });
      }
    });
  }
  const like = `${marker}-%`;
  const sent = await until(90_000, async () => {
    const [left] = await rows<{ n: number }>(
      database,
      'select count(*)::int as n from mail_outbox where recipient like $1 and sent_at is null and failed_at is null',
      [like],
    );
    return left!.n === 0;
  });
  const [box] = await rows<{ total: number; recipients: number }>(
    database,
    'select count(*)::int as total, count(distinct recipient)::int as recipients from dev_mailbox where recipient like $1',
    [like],
  );
  const ok = sent && box!.total === n && box!.recipients === n;
  return {
    name: 'mails',
    ok,
    detail: `${n} queued → ${box!.total} in the mailbox, ${box!.recipients} recipients${sent ? '' : ' (not all sent in 90 s)'}; sent by ${await workShare(database, 'mail')}`,
  };
}

/**
 * N deliveries to one hook of each of `partnerIds` (spread so that both processes' fair shares come into play) on
 * a counting receiver that answers after 20 ms, as a real one takes a moment → each delivery id received once,
 * every row SENT.
 */
export async function webhooksOnce(database: Database, partnerIds: number[], n: number): Promise<Verdict> {
  const received = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: string }).id;
        received.set(id, (received.get(id) ?? 0) + 1);
      } catch {
        received.set('unreadable', (received.get('unreadable') ?? 0) + 1);
      }
      setTimeout(() => res.writeHead(200).end('ok'), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hooks = await database.db
      .insert(webhooks)
      .values(partnerIds.map((partnerId) => ({ partnerId, url, event: 'ORDER_CREATED', secretSalt: randomUUID() })))
      .returning({ id: webhooks.id, partnerId: webhooks.partnerId });
    const hookIds = hooks.map((h) => h.id);
    const per = Math.ceil(n / 10);
    for (let from = 0; from < n; from += per) {
      await database.db.transaction(async (tx) => {
        for (let i = from; i < Math.min(n, from + per); i++) {
          const hook = hooks[i % hooks.length]!;
          await insertDelivery(tx, hook.id, {
            type: 'ORDER_CREATED',
            partnerId: hook.partnerId,
            at: new Date().toISOString(),
            data: { orderId: `scale-out-${i}` },
          } as never);
        }
        for (const hook of hooks) {
          await tx.execute(sql`select pg_notify(${WEBHOOK_QUEUED_CHANNEL}, ${String(hook.partnerId)})`);
        }
      });
    }
    const done = await until(120_000, async () => {
      const [left] = await rows<{ n: number }>(
        database,
        `select count(*)::int as n from webhook_deliveries where webhook_id = any($1::int[]) and state = 'PENDING'`,
        [hookIds],
      );
      return left!.n === 0;
    });
    const [state] = await rows<{ sent: number }>(
      database,
      `select count(*) filter (where state = 'SENT')::int as sent from webhook_deliveries where webhook_id = any($1::int[])`,
      [hookIds],
    );
    const total = [...received.values()].reduce((a, b) => a + b, 0);
    const twice = [...received.values()].filter((count) => count > 1).length;
    return {
      name: 'webhooks',
      ok: done && total === n && received.size === n && twice === 0 && state!.sent === n,
      detail: `${n} deliveries → ${total} requests received, ${received.size} distinct, ${twice} received twice, ${state!.sent} rows SENT${done ? '' : ' (not all done in 120 s)'}; sent by ${await workShare(database, 'webhook')}`,
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/**
 * Every schedule (pg-boss cron) fired at most once per minute while both processes ran, over the whole minutes
 * from `from` to now; and the every-minute ones did fire in each of those minutes.
 */
export async function schedulesOnce(database: Database, from: Date, everyMinute: string[]): Promise<Verdict> {
  const cron = await rows<{ name: string }>(database, 'select name from pgboss.schedule order by name');
  const names = cron.map((c) => c.name);
  const jobs = await rows<{ name: string; minute: string; n: number }>(
    database,
    `select name, to_char(date_trunc('minute', created_on), 'HH24:MI') as minute, count(*)::int as n
     from pgboss.job
     where name = any($1::text[]) and created_on >= date_trunc('minute', $2::timestamptz) + interval '1 minute'
       and created_on < date_trunc('minute', now())
     group by 1, 2 order by 2, 1`,
    [names, from.toISOString()],
  );
  const twice = jobs.filter((j) => j.n > 1);
  const minutes = [...new Set(jobs.map((j) => j.minute))];
  const missing = everyMinute.filter((name) =>
    minutes.some((m) => !jobs.some((j) => j.name === name && j.minute === m)),
  );
  return {
    name: 'schedules',
    ok: minutes.length > 0 && twice.length === 0 && missing.length === 0,
    detail:
      `${names.length} schedules over ${minutes.length} whole minute(s) (${minutes.join(', ')}): ${jobs.length} firings, ` +
      `${twice.length ? `twice in a minute: ${twice.map((t) => `${t.name}@${t.minute}×${t.n}`).join(', ')}` : 'none twice'}` +
      (missing.length ? `; every-minute schedules that did not fire: ${missing.join(', ')}` : '') +
      `; their jobs worked by ${await workShare(database, 'job', names)}`,
  };
}

/**
 * N penalty invoices issued at once through the balancer (both processes) by an operator: the numbers answered
 * are distinct, and the shop's PENALTY series holds exactly the numbers 1 … its counter.
 */
export async function billingNumbersOnce(
  database: Database,
  origin: string,
  operatorToken: string,
  partnerId: number,
  n: number,
): Promise<Verdict> {
  const issue = async (i: number) => {
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${operatorToken}`,
        'accept-language': 'en',
      },
      body: JSON.stringify({
        query: 'mutation($p: ID!, $r: String!) { cockpitIssuePenalty(partnerId: $p, reason: $r) { id invoiceNumber } }',
        variables: { p: partnerId, r: `scale-out ${i}` },
      }),
    });
    const body = (await response.json()) as {
      data?: { cockpitIssuePenalty: { invoiceNumber: string } };
      errors?: unknown;
    };
    if (!body.data?.cockpitIssuePenalty) throw new Error(`cockpitIssuePenalty: ${JSON.stringify(body.errors)}`);
    return body.data.cockpitIssuePenalty.invoiceNumber;
  };
  const answered = await Promise.all(Array.from({ length: n }, (_, i) => issue(i)));
  const [shop] = await rows<{ shop_id: string }>(database, 'select shop_id from partners where id = $1', [partnerId]);
  const series = `${shop!.shop_id}:PENALTY`;
  const [counter] = await rows<{ last: number }>(
    database,
    'select last from billing_series where series = $1 and year = extract(year from now())::int',
    [series],
  );
  // The series' documents: the PENALTY invoices of the shop issued this year (ten digits, the last six the sequence).
  const issued = await rows<{ seq: number }>(
    database,
    `select right(invoice_number, 6)::int as seq from billing_documents
     where shop_id = $1 and kind = 'PENALTY' and document_type = 'invoice' and invoice_number like $2
     order by 1`,
    [shop!.shop_id, `${String(new Date().getUTCFullYear()).slice(2)}%`],
  );
  const last = counter?.last ?? 0;
  const gapFree = issued.length === last && issued.every((r, i) => r.seq === i + 1);
  const distinct = new Set(answered).size;
  return {
    name: 'billing numbers',
    ok: distinct === n && gapFree,
    detail: `${n} penalties in parallel → ${distinct} distinct numbers; series ${series} holds ${issued.length} documents for counter ${last}${gapFree ? ', gap-free' : ', NOT 1…counter'}; issued by ${await workShare(database, 'penalty')}`,
  };
}

/**
 * Makes every demo feed due now (hourly schedule) and waits for the schedule's next minute: each feed gets one
 * run, each run one job, and no run was claimed by a second attempt (FEED_RUN_INTERRUPTED).
 */
export async function feedRunsOnce(database: Database): Promise<Verdict> {
  const since = new Date(Date.now() - 1000);
  const due = await rows<{ id: number }>(
    database,
    `update feeds set schedule_minutes = 60, next_run_at = now()
     where enabled and url is not null returning id`,
  );
  const finished = await until(150_000, async () => {
    const [state] = await rows<{ feeds: number; open: number }>(
      database,
      `select count(distinct feed_id)::int as feeds,
         count(*) filter (where status in ('QUEUED', 'RUNNING'))::int as open
       from feed_runs where trigger = 'SCHEDULE' and created >= $1`,
      [since.toISOString()],
    );
    return state!.feeds === due.length && state!.open === 0;
  });
  const runs = await rows<{ id: number; feed_id: number; status: string; error_code: string | null; jobs: number }>(
    database,
    `select r.id, r.feed_id, r.status, r.error_code,
       (select count(*)::int from pgboss.job j where j.name = 'feeds.run' and (j.data->>'runId')::bigint = r.id) as jobs
     from feed_runs r where r.trigger = 'SCHEDULE' and r.created >= $1`,
    [since.toISOString()],
  );
  const perFeed = new Map<number, number>();
  for (const r of runs) perFeed.set(r.feed_id, (perFeed.get(r.feed_id) ?? 0) + 1);
  const twice = [...perFeed.values()].filter((c) => c > 1).length;
  const interrupted = runs.filter((r) => r.error_code === 'FEED_RUN_INTERRUPTED').length;
  const extraJobs = runs.filter((r) => r.jobs !== 1).length;
  const statuses = [...new Set(runs.map((r) => r.status))].join('/');
  return {
    name: 'feed runs',
    ok: finished && runs.length === due.length && twice === 0 && interrupted === 0 && extraJobs === 0,
    detail:
      `${due.length} feeds due → ${runs.length} runs (${statuses}), ${twice} feeds run twice, ${extraJobs} runs with ≠1 job, ` +
      `${interrupted} claimed twice (FEED_RUN_INTERRUPTED)${finished ? '' : ' (not all finished in 150 s)'}; claimed by ${await workShare(database, 'feed run')}`,
  };
}
