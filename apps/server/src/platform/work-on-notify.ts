import type { Platform } from './context';

/**
 * Works a queue shortly after a commit announces new rows on `channel` (PostgreSQL passes a NOTIFY sent inside
 * a transaction on only at commit, to every process). Runs never overlap in one process: a notification during
 * a run starts one more run after it. Across processes the queue's own atomic claim keeps them apart.
 * Returns a stop function that waits for the run in progress.
 */
export async function workOnNotify(
  platform: Platform,
  channel: string,
  work: () => Promise<unknown>,
  options: { debounceMs: number; what: string },
): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          platform.log.error({ err: error }, `immediate ${options.what} failed`);
        }
      } while (again && !stopped);
    })();
    await running;
    running = null;
  };
  const poke = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, options.debounceMs);
  };
  const unlisten = await platform.database.listen(channel, poke);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await unlisten();
    await running;
  };
}
