import { Worker } from 'node:worker_threads';

export interface LoadJob {
  /** A loopback address only. */
  url: string;
  /** POST unless said (the REST API bench sends GET, with a `[]` body as the marketplace's clients do). */
  method?: 'GET' | 'POST' | 'PUT';
  /** The status that counts as answered; 200 unless said (a bench of refusals expects 429). */
  okStatus?: number;
  headers: Record<string, string>;
  body: string;
  /**
   * Requests to send in turn instead of `url` and `body` alone (each its own path and query, on the host of
   * `url`): a write bench spreads its changes over many rows, as integrations do.
   */
  targets?: { path: string; body: string }[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadOutcome {
  /** Answers completed inside the measured window. */
  completed: number;
  /** Of those, answers that were not HTTP 200 or carried GraphQL errors. */
  failed: number;
  /** Latency of each answer completed in the window, in milliseconds. */
  latencies: number[];
  windowMs: number;
  firstFailure: string | null;
}

/**
 * Runs one closed-loop load in its own thread (load-worker.mjs, plain JavaScript so that it needs no
 * loader), so the client never shares the server's event loop.
 */
export function load(job: LoadJob): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (m: { outcome?: LoadOutcome; error?: string }) =>
      m.outcome ? resolve(m.outcome) : reject(new Error(m.error)),
    );
    worker.once('error', reject);
  });
}
