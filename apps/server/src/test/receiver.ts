import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A seller's server on loopback (the outside world our webhooks and image fetches reach): requests the
 * test chooses to hold stay unanswered until it releases them, so a test sees how many the portal keeps
 * open at once; everything else is answered at once.
 */
export interface LocalReceiver {
  base: string;
  /** Paths requested (without the query), in order. */
  seen: string[];
  /** Held requests not answered yet. */
  open: { path: string; res: http.ServerResponse }[];
  /** The most held requests open at once. */
  maxOpen: number;
  /** The most held requests open at once, by group (see `groupOf`). */
  maxOpenByGroup: Map<string, number>;
  /** Held requests the sender gave up on (its deadline) before the test released them. */
  closedEarly: number;
  /** Answers every held request, and holds none from now on. */
  release(): void;
  /** Resolves when `test` holds (checked after every request and every close). */
  until(test: () => boolean): Promise<void>;
  close(): Promise<void>;
}

export interface LocalReceiverOptions {
  /** Requests to hold until release(). */
  hold?: (path: string) => boolean;
  /** The answer to a request not held, and to a held one when released. */
  answer: (path: string, res: http.ServerResponse) => void;
  /** Held requests are counted by this group in maxOpenByGroup (the path itself unless given). */
  groupOf?: (path: string) => string;
}

export async function startLocalReceiver(options: LocalReceiverOptions): Promise<LocalReceiver> {
  const groupOf = options.groupOf ?? ((path: string) => path);
  let releasing = false;
  let waiters: (() => void)[] = [];
  const poke = () => {
    for (const wake of [...waiters]) wake();
  };
  const receiver: LocalReceiver = {
    base: '',
    seen: [],
    open: [],
    maxOpen: 0,
    maxOpenByGroup: new Map(),
    closedEarly: 0,
    release() {
      releasing = true;
      for (const { path, res } of receiver.open.splice(0)) options.answer(path, res);
    },
    until(test) {
      return new Promise((resolve) => {
        const check = () => {
          if (!test()) return;
          waiters = waiters.filter((w) => w !== check);
          resolve();
        };
        waiters.push(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      receiver.seen.push(path);
      if (!releasing && options.hold?.(path)) {
        const entry = { path, res };
        receiver.open.push(entry);
        receiver.maxOpen = Math.max(receiver.maxOpen, receiver.open.length);
        const group = groupOf(path);
        const inGroup = receiver.open.filter((o) => groupOf(o.path) === group).length;
        receiver.maxOpenByGroup.set(group, Math.max(receiver.maxOpenByGroup.get(group) ?? 0, inGroup));
        res.on('close', () => {
          const index = receiver.open.indexOf(entry);
          if (index >= 0) {
            receiver.open.splice(index, 1);
            receiver.closedEarly += 1;
          }
          poke();
        });
      } else {
        options.answer(path, res);
      }
      poke();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
