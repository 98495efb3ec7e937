import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '../../test/harness';
import type { FeedItemError, FeedFormat, FeedRunContext, FeedRunTotals, FeedType } from './run-types';
import { feeds } from './tables';

/**
 * A seller's web server on loopback for the feeds' tests (the outside world): each path answers as its test
 * says, and every request is remembered with its path and Authorization header.
 */
export interface FeedServer {
  base: string;
  seen: { path: string; authorization: string | undefined }[];
  route(path: string, handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Serves a fixed body as XML. */
  file(path: string, body: string | Buffer): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const seen: FeedServer['seen'] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push({ path, authorization: req.headers.authorization });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    route: (path, handler) => routes.set(path, handler),
    file: (path, body) =>
      routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A partner's feed row, as the settings would create it. */
export async function createFeed(server: TestServer, partnerId: number, format: FeedFormat, type: FeedType) {
  const [row] = await server.database.db.insert(feeds).values({ partnerId, format, type }).returning({ id: feeds.id });
  return row!.id;
}

let runs = 0;

/** A run's context as the run job gives it, collecting what the processor reports. */
export function runContext(server: TestServer, partnerId: number, feedId: number, type: FeedType) {
  const runId = 1_000_000 + ++runs;
  const errors: FeedItemError[] = [];
  const progress: FeedRunTotals[] = [];
  const ctx: FeedRunContext = {
    platform: server.app.platform,
    partnerId,
    feedId,
    runId,
    format: 'MALL',
    type,
    actor: { accountId: null, adminAccountId: null, partnerId, requestId: `feed-run:${runId}` },
    async progress(totals) {
      progress.push(totals);
    },
    async errors(items) {
      errors.push(...items);
    },
  };
  return { ctx, errors, progress };
}
