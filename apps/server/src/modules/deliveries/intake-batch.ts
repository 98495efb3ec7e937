import { setImmediate as nextTurn } from 'node:timers/promises';
import { Counter, Histogram } from 'prom-client';
import type { Platform } from '../../platform/context';
import { registry } from '../../platform/metrics';
import { type IntakeAnswer, type IntakeEntry, type IntakeOutcome, writeIntakeBatch } from './intake-write';

/**
 * Orders written per transaction on PostgreSQL. The marketplace posts one order per request; a batch of this
 * many costs about as many statements as one order did (docs/performance.md, issue 19).
 */
export const INTAKE_BATCH_MAX = 200;

/**
 * Orders per transaction on the embedded database, which runs one transaction at a time for the whole process:
 * a grid's query waits behind at most one batch. Its engine, not the round trips, bounds the rate there (about
 * 2 ms per order on a quiet machine), so a small batch costs no throughput and keeps that wait near 40 ms.
 */
export const PGLITE_INTAKE_BATCH_MAX = 20;

const batchSize = new Histogram({
  name: 'pp_intake_batch_orders',
  help: 'Orders written per transaction by the order intake',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200],
  registers: [registry],
});
const intakeOrders = new Counter({
  name: 'pp_intake_orders_total',
  help: 'Orders the order intake answered, by channel and outcome (created, existed, refused, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

/** Counts an order the intake refused before it reached the queue (its shape or fields). */
export function countRefusedIntake(channel: IntakeEntry['channel']) {
  intakeOrders.inc({ channel, outcome: 'refused' });
}

interface Waiting extends IntakeEntry {
  resolve(answer: IntakeAnswer): void;
  reject(error: unknown): void;
}

interface Queue {
  waiting: Waiting[];
  writing: boolean;
}

/** One queue per server process (per platform: a test file may run several servers on one module graph). */
const queues = new WeakMap<Platform, Queue>();

/**
 * Group commit: hands one checked order to the process's intake queue and answers when its batch is written.
 * Orders that arrive while a batch is being written wait and go together in the next one (at most
 * INTAKE_BATCH_MAX), so under load each transaction carries many orders and when quiet an order waits for
 * nobody. Each order gets its own answer: created, existed, or its own refusal.
 */
export function enqueueIntake(platform: Platform, entry: IntakeEntry): Promise<IntakeAnswer> {
  let queue = queues.get(platform);
  if (!queue) {
    queue = { waiting: [], writing: false };
    queues.set(platform, queue);
  }
  const answer = new Promise<IntakeAnswer>((resolve, reject) => queue.waiting.push({ ...entry, resolve, reject }));
  if (!queue.writing) void drain(platform, queue);
  return answer;
}

async function drain(platform: Platform, queue: Queue) {
  queue.writing = true;
  try {
    // The requests read in this turn of the event loop join the batch before it is written.
    await nextTurn();
    const max = platform.database.kind === 'pglite' ? PGLITE_INTAKE_BATCH_MAX : INTAKE_BATCH_MAX;
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, max);
      await settle(platform, batch);
      // The embedded database answers within one turn: let other requests be read between batches.
      if (platform.database.kind === 'pglite') await nextTurn();
    }
  } finally {
    queue.writing = false;
  }
}

/**
 * Writes one batch and answers its orders. When the transaction fails for a reason no order's check foresaw
 * (a lost connection, a deadlock, a fault of one order's rows), nothing of the batch was written: its orders
 * are written again one by one, so one order that cannot be written fails alone and the others go in.
 */
async function settle(platform: Platform, batch: Waiting[]): Promise<void> {
  let outcomes: IntakeOutcome[];
  try {
    outcomes = await writeIntakeBatch(platform, batch);
    batchSize.observe(batch.length);
  } catch (error) {
    if (batch.length > 1) {
      platform.log.warn({ err: error, orders: batch.length }, 'order intake: batch failed, writing its orders alone');
      for (const waiting of batch) await settle(platform, [waiting]);
      return;
    }
    const [alone] = batch as [Waiting];
    platform.log.error({ err: error, orderId: alone.order.orderId }, 'order intake: order could not be written');
    intakeOrders.inc({ channel: alone.channel, outcome: 'failed' });
    alone.reject(error);
    return;
  }
  outcomes.forEach((outcome, i) => {
    const waiting = batch[i]!;
    const result = outcome.ok ? (outcome.answer.created ? 'created' : 'existed') : 'refused';
    intakeOrders.inc({ channel: waiting.channel, outcome: result });
    if (outcome.ok) waiting.resolve(outcome.answer);
    else waiting.reject(outcome.error);
  });
}
