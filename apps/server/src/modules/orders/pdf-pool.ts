import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { DomainError } from '@pp/domain';
import type { DeliveryNoteDocument, LabelsDocument } from './pdf-render';

export type PdfJob =
  | { kind: 'labels'; document: LabelsDocument }
  | { kind: 'deliveryNote'; document: DeliveryNoteDocument };
export type PdfTask = PdfJob & { id: number };
export type PdfTaskResult =
  | { id: number; ok: true; body: Uint8Array; threadId: number }
  | { id: number; ok: false; message: string };

/**
 * Threads that draw order PDFs. pdf-lib spends about 18 ms of CPU per label page: 500 orders' labels drawn
 * on the server's thread held every other request (and /healthz) for seconds. Two threads, and a partner
 * draws in one at a time, so one partner's big print never keeps another partner's small one waiting.
 */
export const PDF_WORKERS = 2;
/** Prints of one partner waiting behind its running one; more are refused (TOO_MANY_REQUESTS), not queued. */
export const PDF_WAITING_PER_PARTNER = 3;
/** The heap one drawing thread may use: the largest print (5,000 labels, drawn in parts) fits in it. */
const WORKER_HEAP_MB = 512;
/** An idle thread is ended after this long; the next print starts a new one. */
const IDLE_MS = 60_000;

/** What the pool does, for operators' logs and for tests that prove where the drawing happens. */
export const pdfRenders = new EventEmitter<{
  start: [{ partnerId: number; kind: PdfJob['kind'] }];
  end: [{ partnerId: number; kind: PdfJob['kind']; threadId: number | null }];
}>();

interface Waiting {
  partnerId: number;
  job: PdfJob;
  resolve(body: Uint8Array): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  task: (Waiting & { id: number }) | null;
  idle: NodeJS.Timeout | null;
}

/** Partners' waiting prints; a partner moves to the back after each print it starts, so partners take turns. */
const waiting = new Map<number, Waiting[]>();
const drawing = new Set<number>();
const slots: Slot[] = [];
let nextId = 1;

/** Draws the PDF in a worker thread; the caller's thread stays free meanwhile. */
export function renderPdf(partnerId: number, job: PdfJob): Promise<Uint8Array> {
  const queue = waiting.get(partnerId) ?? [];
  if (queue.length >= PDF_WAITING_PER_PARTNER) return Promise.reject(new DomainError('TOO_MANY_REQUESTS'));
  return new Promise<Uint8Array>((resolve, reject) => {
    queue.push({ partnerId, job, resolve, reject });
    waiting.set(partnerId, queue);
    dispatch();
  });
}

function nextPartner(): number | null {
  for (const partnerId of waiting.keys()) if (!drawing.has(partnerId)) return partnerId;
  return null;
}

function dispatch(): void {
  for (;;) {
    const partnerId = nextPartner();
    if (partnerId === null) return;
    let slot = slots.find((s) => !s.task);
    if (!slot && slots.length < PDF_WORKERS) slot = spawn();
    if (!slot) return;
    const queue = waiting.get(partnerId)!;
    const item = queue.shift()!;
    waiting.delete(partnerId);
    if (queue.length) waiting.set(partnerId, queue);
    run(slot, item);
  }
}

function run(slot: Slot, item: Waiting): void {
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
  const task = { ...item, id: nextId++ };
  slot.task = task;
  drawing.add(item.partnerId);
  pdfRenders.emit('start', { partnerId: item.partnerId, kind: item.job.kind });
  slot.worker.postMessage({ ...item.job, id: task.id } satisfies PdfTask);
}

function release(slot: Slot, threadId: number | null): Slot['task'] {
  const task = slot.task;
  slot.task = null;
  if (task) {
    drawing.delete(task.partnerId);
    pdfRenders.emit('end', { partnerId: task.partnerId, kind: task.job.kind, threadId });
  }
  return task;
}

function spawn(): Slot {
  const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // A server with nothing else to do may still stop: an idle drawing thread does not hold it.
  worker.unref();
  const slot: Slot = { worker, task: null, idle: null };
  slots.push(slot);
  worker.on('message', (result: PdfTaskResult) => {
    if (slot.task?.id !== result.id) return;
    const task = release(slot, result.ok ? result.threadId : null)!;
    if (result.ok) task.resolve(result.body);
    else task.reject(new Error(`PDF rendering failed: ${result.message}`));
    slot.idle = setTimeout(() => {
      if (slot.task) return;
      drop(slot);
      void worker.terminate();
    }, IDLE_MS);
    slot.idle.unref();
    dispatch();
  });
  const lost = (error: unknown) => {
    drop(slot);
    const task = release(slot, null);
    // Out of memory or a crash: the print is refused as "try again later", the next one gets a new thread.
    task?.reject(Object.assign(new DomainError('SERVICE_UNAVAILABLE'), { cause: error }));
    dispatch();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`PDF worker stopped (exit code ${code})`)));
  return slot;
}

function drop(slot: Slot): void {
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
  if (slot.idle) clearTimeout(slot.idle);
  slot.idle = null;
}
