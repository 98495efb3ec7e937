import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Database, DbOrTx } from './db/client';

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<unknown>;

export interface JobDefinition<T = unknown> {
  name: string;
  /**
   * Works the job. A definition without one is a queue only: its jobs wait for the area that works them
   * (domain events queue before their deliverer exists, and nothing is lost meanwhile).
   */
  handler?: JobHandler<T>;
  /** A cron expression when the job runs periodically (pg-boss keeps one schedule across processes). */
  cron?: string;
  retryLimit?: number;
  /**
   * How long one attempt may work before pg-boss counts it as lost and retries it (pg-boss's default: 15
   * minutes). Work that may take longer (a feed of millions of items) says so, or its retry would start
   * beside it.
   */
  expireInSeconds?: number;
}

/**
 * Long work runs as persisted pg-boss jobs in the same database: they survive a restart and any process
 * with JOBS_ENABLED works them. Areas add definitions; the platform wires them.
 */
export interface Jobs {
  /**
   * Queues a job. With `tx`, the job is written inside that transaction: it exists only if the change
   * that caused it commits (one transaction per command, jobs included).
   */
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; tx?: DbOrTx },
  ): Promise<string | null>;
  /**
   * Queues many jobs of one name in one statement (a bulk command's events), with `tx` as `send` has it.
   * The queue's own settings (retries) apply to each, as they do to a sent job.
   */
  sendMany<T extends object>(name: string, data: readonly T[], options?: { tx?: DbOrTx }): Promise<void>;
  start(definitions: JobDefinition<never>[], workersEnabled: boolean): Promise<void>;
  stop(): Promise<void>;
  /** State of one job, for tests and operators. */
  state(name: string, id: string): Promise<string | null>;
  /**
   * Works the queued jobs of one name in this call (tests, and processes started without workers):
   * fetches, runs the registered handler, completes or fails each. Returns how many ran.
   */
  runQueued(name: string): Promise<number>;
}

const NO_JOB = '00000000-0000-0000-0000-000000000000';

export function createJobs(database: Database, connectionString: string | undefined, log: FastifyBaseLogger): Jobs {
  const boss = connectionString
    ? new PgBoss({ connectionString, schema: 'pgboss', max: 4 })
    : new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        backend: 'pglite',
        schema: 'pgboss',
      });
  boss.on('error', (error) => log.error({ err: error }, 'job system error'));
  let started = false;
  const handlers = new Map<string, JobDefinition<never>>();

  return {
    async send(name, data, options) {
      return boss.send(name, data, {
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options?.tx ? { db: transactionExecutor(options.tx) } : {}),
      });
    },
    async sendMany(name, data, options) {
      if (data.length === 0) return;
      await boss.insert(
        name,
        data.map((d) => ({ data: d })),
        options?.tx ? { db: transactionExecutor(options.tx) } : {},
      );
    },
    async start(definitions, workersEnabled) {
      await boss.start();
      started = true;
      for (const def of definitions) {
        handlers.set(def.name, def);
        const expiry = def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {};
        await boss.createQueue(def.name, { retryLimit: def.retryLimit ?? 3, ...expiry });
        // A queue created by an earlier version keeps its settings: the expiry is set on it too.
        if (def.expireInSeconds) await boss.updateQueue(def.name, expiry);
        // pg-boss reads a queue's settings through its own connection the first time the queue is used and
        // caches them. Inside a command's transaction on PGlite (one connection) that first read would wait
        // for the transaction forever: warm the cache now with a no-op (completing a job that cannot exist).
        await boss.complete(def.name, NO_JOB).catch(() => undefined);
        if (def.cron) await boss.schedule(def.name, def.cron);
        if (!workersEnabled || !def.handler) continue;
        const handler = def.handler;
        await boss.work<never>(def.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) {
            const started = Date.now();
            try {
              await handler(job.data, { id: job.id, name: job.name });
              log.info({ job: def.name, jobId: job.id, ms: Date.now() - started }, 'job done');
            } catch (error) {
              log.error({ job: def.name, jobId: job.id, err: error }, 'job failed');
              throw error;
            }
          }
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 5_000 });
      started = false;
    },
    async runQueued(name) {
      const def = handlers.get(name);
      if (!def?.handler) throw new Error(`no job ${name} is worked in this process`);
      const handler = def.handler;
      const batch = await boss.fetch<never>(name, { batchSize: 100 });
      for (const job of batch) {
        try {
          await handler(job.data, { id: job.id, name: job.name });
          await boss.complete(name, job.id);
        } catch (error) {
          await boss.fail(name, job.id, { message: String(error) });
          throw error;
        }
      }
      return batch.length;
    },
    async state(name, id) {
      const job = await boss.getJobById(name, id);
      return job?.state ?? null;
    },
  };
}

/**
 * pg-boss writes through whatever runs SQL for it; inside a Drizzle transaction that is the transaction's
 * own connection, which both drivers keep as `session.client` (a pg PoolClient or a PGlite transaction).
 */
function transactionExecutor(tx: DbOrTx) {
  const client = (
    tx as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }
  ).session.client;
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values ?? []) };
}
