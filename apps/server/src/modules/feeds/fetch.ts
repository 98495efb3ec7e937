import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import {
  DomainError,
  FEED_CONNECT_TIMEOUT_MS,
  FEED_MAX_BYTES,
  FEED_MAX_REDIRECTS,
  FEED_TOTAL_TIMEOUT_MS,
} from '@pp/domain';
import type { Platform } from '../../platform/context';
import type { Config } from '../../platform/config';
import { guardedLookup, hostOf, resolveAllowed } from '../../platform/net/url-check';

/** Where a feed is and how to sign in to it (the feed's settings). */
export interface FeedSource {
  url: string;
  basicAuth?: { name: string; password: string } | null;
}

export interface OpenedFeed {
  /** The body as it arrives, decoded (gzip, deflate), counted against the byte limit and the deadline. */
  body: AsyncIterable<Uint8Array>;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  contentType: string | null;
  /** Gives the connection up when the body will not be read to its end (reading it to the end closes it too). */
  close(): void;
}

/** The bounds of one download (domain feeds/limits.ts); a test narrows them. */
export interface FeedFetchLimits {
  maxBytes: number;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  maxRedirects: number;
}

export const FEED_FETCH_LIMITS: FeedFetchLimits = {
  maxBytes: FEED_MAX_BYTES,
  connectTimeoutMs: FEED_CONNECT_TIMEOUT_MS,
  totalTimeoutMs: FEED_TOTAL_TIMEOUT_MS,
  maxRedirects: FEED_MAX_REDIRECTS,
};

const USER_AGENT = 'PartnerPortal-Feeds/1.0';

const notAllowed = (reason: string) => new DomainError('FEED_URL_NOT_ALLOWED', { reason });

/** A socket's failure as the seller reads it: a refused address is the URL's fault, the rest the server's. */
function socketFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const code = String((error as { code?: string })?.code ?? 'ERROR');
  if (code === 'EADDRNOTALLOWED') return notAllowed('private');
  return new DomainError('FEED_UNREACHABLE', { reason: code });
}

/**
 * Whether a feed at this URL may be on a private or loopback address: where the deployment allows it (the
 * webhooks' setting), and in the demo for the portal's own origin, which serves the demo shops' feeds
 * (demo-feeds.ts). Decided per URL, so a redirect from there to another private address is still refused.
 */
export function feedMayBePrivate(config: Pick<Config, 'webhooks' | 'seedDemo' | 'production' | 'publicUrl'>, url: URL) {
  if (config.webhooks.allowPrivateUrls) return true;
  if (!config.seedDemo || config.production) return false;
  try {
    return url.origin === new URL(config.publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Opens a seller's feed for reading as a stream, trusting nothing its server says: http(s) only, every address
 * on the allow-list of outbound connections (checked when the socket connects, redirects included, so DNS
 * rebinding cannot reach the server's own network), at most `maxRedirects` redirects, a fresh connection per
 * request, a deadline for the answer's head and one over the whole download, and the decoded body counted as
 * it streams and cut off past `maxBytes`. Basic auth goes only to the feed's own origin, never to wherever a
 * redirect points. Every failure is a DomainError with a FEED_* code.
 */
export async function openFeed(
  platform: Pick<Platform, 'config'>,
  source: FeedSource,
  limits: FeedFetchLimits = FEED_FETCH_LIMITS,
): Promise<OpenedFeed> {
  const deadline = Date.now() + limits.totalTimeoutMs;
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    throw notAllowed('invalid');
  }
  const origin = url.origin;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notAllowed('scheme');
    // Credentials belong in the feed's settings (stored encrypted), not in a URL that logs and redirects repeat.
    if (url.username || url.password) throw notAllowed('credentials');
    const allowPrivate = feedMayBePrivate(platform.config, url);
    const host = hostOf(url);
    // A literal address never goes through the lookup: it is checked here instead.
    if (isIP(host)) {
      await resolveAllowed(host, allowPrivate).catch(() => {
        throw notAllowed('private');
      });
    }
    const auth = url.origin === origin ? source.basicAuth : null;
    const answer = await requestOnce(url, auth ?? null, deadline, limits, allowPrivate);
    if (answer.kind === 'body') return answer.feed;
    if (hop >= limits.maxRedirects) throw new DomainError('FEED_UNREACHABLE', { reason: 'redirects' });
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new DomainError('FEED_UNREACHABLE', { reason: 'redirect' });
    }
  }
}

type Answer = { kind: 'body'; feed: OpenedFeed } | { kind: 'redirect'; location: string };

function requestOnce(
  url: URL,
  auth: FeedSource['basicAuth'],
  deadline: number,
  limits: FeedFetchLimits,
  allowPrivate: boolean,
): Promise<Answer> {
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/xml, text/xml;q=0.9, */*;q=0.1',
    'accept-encoding': 'gzip, deflate',
  };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.name}:${auth.password}`).toString('base64')}`;
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const request = transport.get(url, {
      headers,
      lookup: guardedLookup(allowPrivate),
      // A fresh connection per request: a pooled socket would skip the connect-time check.
      agent: false,
    });
    // Until the head arrives: the connect limit, or what is left of the whole download when that is shorter.
    const headTimer = setTimeout(
      () => request.destroy(new DomainError('FEED_TIMEOUT')),
      Math.max(0, Math.min(limits.connectTimeoutMs, deadline - Date.now())),
    );
    request.on('error', (error) => {
      clearTimeout(headTimer);
      if (!answered) reject(socketFailure(error));
    });
    request.on('response', (response: IncomingMessage) => {
      clearTimeout(headTimer);
      answered = true;
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        request.destroy();
        resolve({ kind: 'redirect', location });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        request.destroy();
        reject(new DomainError('FEED_HTTP_ERROR', { status }));
        return;
      }
      const encoding = String(response.headers['content-encoding'] ?? 'identity')
        .trim()
        .toLowerCase();
      let body: Readable = response;
      if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
        const decoder = encoding === 'deflate' ? createInflate() : createGunzip();
        response.on('error', (error) => decoder.destroy(error));
        body = response.pipe(decoder);
      } else if (encoding !== 'identity' && encoding !== '') {
        request.destroy();
        reject(new DomainError('FEED_UNREACHABLE', { reason: 'encoding' }));
        return;
      }
      // Errors reach the reader through its iteration; one that comes while nobody reads (the deadline) must
      // not end the process as an unheard 'error' event.
      body.on('error', () => undefined);
      const close = () => {
        clearTimeout(totalTimer);
        request.destroy();
        if (body !== response) body.destroy();
      };
      const totalTimer = setTimeout(
        () => body.destroy(new DomainError('FEED_TIMEOUT')),
        Math.max(0, deadline - Date.now()),
      );
      const declared = Number(response.headers['content-length']);
      if (body === response && Number.isFinite(declared) && declared > limits.maxBytes) {
        close();
        reject(tooLarge(limits.maxBytes));
        return;
      }
      const type = response.headers['content-type'];
      resolve({
        kind: 'body',
        feed: {
          body: counted(body, limits.maxBytes, close),
          finalUrl: url.toString(),
          contentType: type ?? null,
          close,
        },
      });
    });
  });
}

const tooLarge = (maxBytes: number) => new DomainError('FEED_TOO_LARGE', { 0: Math.floor(maxBytes / 1024 / 1024) });

/**
 * The body chunk by chunk as the reader asks for it (a paused stream holds no more than its buffer): past
 * `maxBytes` the connection is closed and the reader gets FEED_TOO_LARGE, whatever it has read so far.
 */
async function* counted(body: Readable, maxBytes: number, close: () => void): AsyncGenerator<Uint8Array> {
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
      yield chunk;
    }
  } catch (error) {
    throw socketFailure(error);
  } finally {
    close();
  }
}
