import type { StreamAudience } from '@pp/domain';
import type { Platform } from '../platform/context';

/**
 * How long a test waits for something that must happen. Generous on purpose: the wait ends as soon as the
 * thing happens, so only a broken behaviour ever waits this long, and a busy machine never fails it.
 */
export const WAIT_DEADLINE_MS = 15_000;

/**
 * Asks `check` again and again until it answers something truthy, and returns that answer. For state
 * that changes with no event a test can listen to (a row, another process's cache). Fails after the
 * deadline naming `what` was awaited, with the last answer or error.
 */
export async function eventually<T>(
  what: string,
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const timeoutMs = options.timeoutMs ?? WAIT_DEADLINE_MS;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const answer = await check();
      if (answer) return answer as Exclude<T, false | 0 | '' | null | undefined>;
      last = answer;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const seen = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`waited ${timeoutMs} ms for ${what}; last saw ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

/** The promise of an event, failing after the deadline with a message naming it. */
export function within<T>(what: string, event: Promise<T>, timeoutMs = WAIT_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${what}`)), timeoutMs);
  });
  return Promise.race([event, deadline]).finally(() => clearTimeout(timer));
}

type StreamMessage = { audience?: StreamAudience; event?: { type: string; data?: unknown } };

let markers = 0;

/**
 * Listens on the stream's channel (what every server process delivers to sockets), as a process does,
 * keeping what `pick` takes from each message.
 */
export async function captureStream<T>(platform: Platform, pick: (message: StreamMessage) => T | undefined) {
  const events: T[] = [];
  const seenMarkers = new Set<string>();
  const waiters = new Set<() => boolean>();
  const unlisten = await platform.database.listen('pp_stream', (payload) => {
    const message = JSON.parse(payload) as StreamMessage;
    const marker = (message.event?.data as { marker?: unknown } | undefined)?.marker;
    if (message.event?.type === 'broadcast' && typeof marker === 'string') seenMarkers.add(marker);
    else {
      const picked = pick(message);
      if (picked !== undefined) events.push(picked);
    }
    for (const wake of [...waiters]) if (wake()) waiters.delete(wake);
  });
  const waitUntil = (what: string, done: () => boolean) =>
    within(
      what,
      new Promise<void>((resolve) => {
        const wake = () => {
          if (!done()) return false;
          resolve();
          return true;
        };
        if (!wake()) waiters.add(wake);
      }),
    );
  const capture = {
    events,
    /** Resolves with the first kept event that matches, as soon as it has arrived. */
    async next(what: string, match: (event: T) => boolean): Promise<T> {
      await waitUntil(what, () => events.some(match));
      return events.find(match)!;
    },
    /**
     * Proves that everything published before now has arrived: a marker published after it must come, and
     * NOTIFY delivers in the order of commits. Then a test looks at what came instead of waiting a while.
     */
    async settled(): Promise<void> {
      const marker = `capture-marker-${++markers}`;
      await platform.stream.publish({ accountId: 0 }, { type: 'broadcast', data: { marker } });
      await waitUntil(`the stream marker ${marker}`, () => seenMarkers.has(marker));
    },
    /** Settles, then stops listening. */
    async stop(): Promise<void> {
      await capture.settled();
      await unlisten();
    },
  };
  return capture;
}
