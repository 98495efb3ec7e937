import { Worker } from 'node:worker_threads';
import { DomainError, type ErrorCode } from '@pp/domain';
import type { ParsedBatch } from './import-prepare';

/** Messages to the import worker. */
export type ToWorker =
  | { type: 'chunk'; data: Uint8Array }
  /** The file's bytes are through (once for each pass). */
  | { type: 'end' }
  /** The job may take this many more batches: the worker prepares no further ahead. */
  | { type: 'credit'; batches: number };

/** Messages from the import worker. */
export type FromWorker =
  /** The worker wants this many more chunks of the file. */
  | { type: 'more'; chunks: number }
  /** Pass 1 passed: the file is whole and within every bound; pass 2 reads it from the start again. */
  | { type: 'checked'; items: number }
  | { type: 'batch'; batch: ParsedBatch }
  | { type: 'done' }
  | { type: 'refusal'; code: ErrorCode; params: Record<string, string | number> }
  | { type: 'failure'; message: string };

/** One import's worker: the file checked whole, then its parsed batches in file order. */
export interface ImportWorker {
  /** Pass 1: the number of items once the whole file is checked; rejects with the file's refusal. */
  checked(): Promise<number>;
  /** Pass 2: the next batch, null after the last. */
  next(): Promise<ParsedBatch | null>;
  /** Stops the work (the worker, the file) whether or not every batch was taken. */
  close(): Promise<void>;
}

/**
 * Batches the worker may have ready before the job takes them. A batch of 1,000 parsed items is a few MB,
 * so this bounds the job thread's memory whatever the file's size.
 */
const AHEAD = 8;

/**
 * The heap an import worker may use. A valid file of any size needs a few dozen MB (the parser holds at
 * most PRODUCT_XML_MAX_DEPTH open elements and a batch of items); what needs more (a text, comment or name
 * of hundreds of MB) ends the worker, never the server, and the import fails with XML_TOO_COMPLEX.
 */
const WORKER_HEAP_MB = 256;
let workerHeapMb = WORKER_HEAP_MB;

/** For tests: a smaller heap, so that a file within the upload limit can exhaust it. */
export function setImportWorkerHeap(mb: number | null): void {
  workerHeapMb = mb ?? WORKER_HEAP_MB;
}

/**
 * Starts the import's worker thread over the stored file, which `open` opens once for each pass. Every
 * byte of the upload is parsed in that thread, under a heap limit of its own: a file that would exhaust
 * memory ends the worker and fails the import (XML_TOO_COMPLEX); the server's thread only hands chunks
 * over and takes parsed batches, both bounded.
 */
export function startImportWorker(open: () => Promise<AsyncIterable<Uint8Array>>): ImportWorker {
  const worker = new Worker(new URL('./import-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
  });
  let reader: AsyncIterator<Uint8Array> | null = null;
  const ready: ParsedBatch[] = [];
  let items: number | null = null;
  let finished = false;
  let failure: Error | null = null;
  let closed = false;
  let waiter: (() => void) | null = null;
  // Reads one after the other, so that chunks arrive in the file's order and a pass's reads end before
  // the next pass opens the file again.
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
  const later = (work: () => Promise<void>) => {
    reading = reading.then(async () => {
      if (closed) return;
      try {
        await work();
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };
  const openPass = () =>
    later(async () => {
      await reader?.return?.();
      reader = (await open())[Symbol.asyncIterator]();
      sourceDone = false;
    });

  worker.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'more':
        for (let i = 0; i < message.chunks; i++) {
          later(async () => {
            if (sourceDone || !reader) return;
            const next = await reader.next();
            if (next.done) {
              sourceDone = true;
              send({ type: 'end' });
              return;
            }
            // A copy of its own, handed over without another copy (a stream's chunk may share its memory).
            const data = new Uint8Array(next.value);
            send({ type: 'chunk', data }, [data.buffer as ArrayBuffer]);
          });
        }
        return;
      case 'checked':
        items = message.items;
        openPass();
        break;
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
  worker.on('error', (error: Error & { code?: string }) =>
    fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new DomainError('XML_TOO_COMPLEX', { reason: 'memory' }) : error),
  );
  worker.on('exit', (code) => {
    if (!finished && !closed) fail(new Error(`import worker stopped (exit code ${code})`));
  });
  openPass();
  send({ type: 'credit', batches: AHEAD });

  const until = async <T>(answer: () => T | undefined): Promise<T> => {
    for (;;) {
      const value = answer();
      if (value !== undefined) return value;
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        waiter = resolve;
      });
    }
  };

  return {
    checked: () => until(() => items ?? undefined),
    async next() {
      return until(() => {
        const batch = ready.shift();
        if (batch) {
          send({ type: 'credit', batches: 1 });
          return batch;
        }
        return finished ? null : undefined;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await worker.terminate();
      await reading.catch(() => undefined);
      await reader?.return?.();
    },
  };
}
