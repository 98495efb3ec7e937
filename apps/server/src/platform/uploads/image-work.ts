import { EventEmitter } from 'node:events';
import { DomainError } from '@pp/domain';
import { Counter, Gauge } from 'prom-client';
import sharp from 'sharp';
import { registry } from '../metrics';

/**
 * Every decode of an uploaded picture goes through here. sharp runs each call on a thread of libuv's pool,
 * the same few threads (4 unless UV_THREADPOOL_SIZE says otherwise) that hash passwords (argon2) and read
 * files: four large decodes at once used to hold every sign-in for half a minute. So at most half the pool
 * decodes at a time, one picture per partner, and a partner's further pictures wait their turn in a short
 * queue (beyond it: TOO_MANY_REQUESTS), served round-robin so one partner's burst cannot starve another's.
 */

const POOL_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4;
/** Decodes at once in this process: the rest of libuv's pool stays free for password checks and file reads. */
export const IMAGE_WORK_SLOTS = Math.max(1, Math.floor(POOL_THREADS / 2));
/** Decodes at once for one partner: a burst of one seller's uploads takes one slot, not all of them. */
export const IMAGE_WORK_PER_PARTNER = 1;
/** Pictures of one partner waiting for a slot; a person uploads a handful at a time, not dozens. */
export const IMAGE_WORK_QUEUE_PER_PARTNER = 8;
/** Pictures waiting in this process in all: each holds a spooled file and an open request. */
export const IMAGE_WORK_QUEUE_MAX = 64;

// One libvips thread per picture: the slots above then bound the CPU too (a picture no longer takes every
// core), and no operation cache keeps deleted spool files open or decoded pixels alive between uploads.
sharp.concurrency(1);
sharp.cache(false);

const activeGauge = new Gauge({
  name: 'pp_image_work_active',
  help: 'Uploaded pictures being decoded in this process',
  registers: [registry],
});
const queuedGauge = new Gauge({
  name: 'pp_image_work_queued',
  help: 'Uploaded pictures waiting for a decode slot in this process',
  registers: [registry],
});
const refusedCounter = new Counter({
  name: 'pp_image_work_refused_total',
  help: 'Uploaded pictures refused because their partner or the process had too many waiting',
  registers: [registry],
});

interface Waiting {
  start(): void;
}

const waiting = new Map<number, Waiting[]>();
const running = new Map<number, number>();
let active = 0;
let queued = 0;
let peakActive = 0;
let refused = 0;
const changes = new EventEmitter();
changes.setMaxListeners(0);

function changed() {
  activeGauge.set(active);
  queuedGauge.set(queued);
  changes.emit('change');
}

/** Starts waiting work while slots are free: partners in the order they last got a slot (round-robin). */
function dispatch() {
  for (const [partnerId, line] of waiting) {
    if (active >= IMAGE_WORK_SLOTS) break;
    if ((running.get(partnerId) ?? 0) >= IMAGE_WORK_PER_PARTNER) continue;
    const next = line.shift()!;
    // Served: to the back of the line of partners.
    waiting.delete(partnerId);
    if (line.length) waiting.set(partnerId, line);
    queued--;
    next.start();
  }
}

/**
 * Runs `work` (the sharp calls of one uploaded picture) in a decode slot of this process, for the partner
 * the picture belongs to. Refuses with TOO_MANY_REQUESTS when the partner or the process has too many
 * pictures waiting already.
 */
export function runImageWork<T>(partnerId: number, work: () => Promise<T>): Promise<T> {
  const line = waiting.get(partnerId) ?? [];
  if (line.length >= IMAGE_WORK_QUEUE_PER_PARTNER || queued >= IMAGE_WORK_QUEUE_MAX) {
    refused++;
    refusedCounter.inc();
    changed();
    return Promise.reject(new DomainError('TOO_MANY_REQUESTS'));
  }
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      active++;
      peakActive = Math.max(peakActive, active);
      running.set(partnerId, (running.get(partnerId) ?? 0) + 1);
      changed();
      work()
        .then(resolve, reject)
        .finally(() => {
          active--;
          const left = (running.get(partnerId) ?? 1) - 1;
          if (left) running.set(partnerId, left);
          else running.delete(partnerId);
          dispatch();
          changed();
        });
    };
    line.push({ start });
    if (!waiting.has(partnerId)) waiting.set(partnerId, line);
    queued++;
    dispatch();
    changed();
  });
}

/** What the limiter holds now, the most decodes it ever ran at once and how many it refused (tests read it). */
export function imageWorkState(): { active: number; queued: number; peakActive: number; refused: number } {
  return { active, queued, peakActive, refused };
}

/** Resolves at the next start, end or queueing of image work. */
export function nextImageWorkChange(): Promise<void> {
  return new Promise((resolve) => changes.once('change', () => resolve()));
}
