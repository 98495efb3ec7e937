import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DomainError, type ErrorCode, type XmlNode } from '@pp/domain';
import { type ParsedBatch, parseBatch } from './import-prepare';
import { IMPORT_BATCH, readItems } from './import-read';

/** Messages to the preparation worker. */
export type ToWorker =
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'end' }
  /** The job may take this many more batches: the worker prepares no further ahead. */
  | { type: 'credit'; batches: number };

/** Messages from the preparation worker. */
export type FromWorker =
  /** The worker wants this many more chunks of the file. */
  | { type: 'more'; chunks: number }
  | { type: 'batch'; batch: ParsedBatch }
  | { type: 'done' }
  | { type: 'refusal'; code: ErrorCode; params: Record<string, string | number> }
  | { type: 'failure'; message: string };

/** Parsed batches of the file in file order; `next()` answers null after the last. */
export interface ParsedBatches {
  next(): Promise<ParsedBatch | null>;
  /** Stops the work (the worker, the source) whether or not every batch was taken. */
  close(): Promise<void>;
}

/**
 * Batches the worker may have ready before the job takes them. While the job's thread checks the file
 * (pass 1) the worker works ahead on the other core; a batch of 1,000 parsed items is a few MB, so this
 * bounds the memory whatever the file's size.
 */
const AHEAD = 8;

/**
 * How batches are prepared: in a worker thread (the job's thread is then free to write while the next
 * batches are parsed, checked by the schema and sanitised) or inline, on the job's thread. Both give the
 * same batches. The worker pays only with a core to spare beside the job's thread and the database: on a
 * 2-core machine it imported no faster (4,328/s against 4,332/s) and cost 20 % more CPU and 100 MB more
 * memory (docs/performance.md), so it is used from four cores up.
 */
export let importPreparation: 'worker' | 'inline' = availableParallelism() >= 4 ? 'worker' : 'inline';

export function setImportPreparation(mode: 'worker' | 'inline'): void {
  importPreparation = mode;
}

export function parsedBatches(source: AsyncIterable<Uint8Array>): ParsedBatches {
  return importPreparation === 'worker' ? workerBatches(source) : inlineBatches(source);
}

function inlineBatches(source: AsyncIterable<Uint8Array>): ParsedBatches {
  async function* run(): AsyncGenerator<ParsedBatch> {
    let batch: XmlNode[] = [];
    for await (const items of readItems(source, true)) {
      for (const item of items) {
        batch.push(item);
        if (batch.length >= IMPORT_BATCH) {
          yield parseBatch(batch);
          batch = [];
        }
      }
    }
    if (batch.length) yield parseBatch(batch);
  }
  const batches = run();
  return {
    async next() {
      const next = await batches.next();
      return next.done ? null : next.value;
    },
    async close() {
      await batches.return(undefined);
    },
  };
}

function workerBatches(source: AsyncIterable<Uint8Array>): ParsedBatches {
  const reader = source[Symbol.asyncIterator]();
  const worker = new Worker(new URL('./import-worker.mjs', import.meta.url));
  const ready: ParsedBatch[] = [];
  let finished = false;
  let failure: Error | null = null;
  let closed = false;
  let waiter: (() => void) | null = null;
  let reading: Promise<void> = Promise.resolve();
  let sourceDone = false;
  const wakeUp = () => {
    const w = waiter;
    waiter = null;
    w?.();
  };
  const fail = (error: Error) => {
    failure ??= error;
    wakeUp();
  };
  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => {
    if (!closed) worker.postMessage(message, transfer);
  };

  worker.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'more':
        for (let i = 0; i < message.chunks; i++) {
          // One read after the other: the chunks arrive in the file's order.
          reading = reading.then(async () => {
            if (sourceDone || closed) return;
            try {
              const next = await reader.next();
              if (next.done) {
                sourceDone = true;
                send({ type: 'end' });
                return;
              }
              // A copy of its own, handed over without another copy (a stream's chunk may share its memory).
              const data = new Uint8Array(next.value);
              send({ type: 'chunk', data }, [data.buffer as ArrayBuffer]);
            } catch (error) {
              fail(error instanceof Error ? error : new Error(String(error)));
            }
          });
        }
        return;
      case 'batch':
        ready.push(message.batch);
        break;
      case 'done':
        finished = true;
        break;
      case 'refusal':
        fail(new DomainError(message.code, message.params));
        break;
      case 'failure':
        fail(new Error(`import worker: ${message.message}`));
        break;
    }
    wakeUp();
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => {
    if (!finished && !closed) fail(new Error(`import worker stopped (exit code ${code})`));
  });
  send({ type: 'credit', batches: AHEAD });

  return {
    async next() {
      for (;;) {
        const batch = ready.shift();
        if (batch) {
          send({ type: 'credit', batches: 1 });
          return batch;
        }
        if (failure) throw failure;
        if (finished) return null;
        await new Promise<void>((resolve) => {
          waiter = resolve;
        });
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await worker.terminate();
      await reader.return?.();
    },
  };
}
