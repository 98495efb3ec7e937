import { createWriteStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { ErrorCode } from '@pp/domain';
import { guardedLookup, hostOf, resolveAllowed } from '../../platform/net/url-check';

/** How a fetch of a seller's image may go: the same bounds for every URL, numbers in remote-media.ts. */
export interface RemoteFetchLimits {
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** Bytes of the body at most; past this the download stops (IMAGE_TOO_LARGE). */
  maxBytes: number;
  maxRedirects: number;
  allowPrivate: boolean;
}

/** Why a URL gave no picture. `retry`: the seller's server may answer later (timeouts, 5xx, a reset). */
export interface RemoteFetchFailure {
  code: ErrorCode;
  retry: boolean;
  /** What the log keeps (an HTTP status, a socket error code); never shown as is. */
  detail: string;
}

export type RemoteFetchResult =
  | { ok: true; bytes: number; fileName: string }
  | { ok: false; failure: RemoteFetchFailure };

const USER_AGENT = 'PartnerPortal-Images/1.0';

const fail = (code: ErrorCode, retry: boolean, detail: string): RemoteFetchResult => ({
  ok: false,
  failure: { code, retry, detail },
});

/** A socket error as a reason: a refused address is final, a host or connection that failed may work later. */
function socketFailure(error: unknown): RemoteFetchResult {
  const code = String((error as { code?: string })?.code ?? 'ERROR');
  if (code === 'EADDRNOTALLOWED') return fail('REMOTE_IMAGE_NOT_ALLOWED', false, code);
  return fail('REMOTE_IMAGE_UNREACHABLE', true, code);
}

/** The picture's name for the stored file: the last part of its path, or nothing (the format names it then). */
function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last).slice(0, 200);
  } catch {
    return last.slice(0, 200);
  }
}

/**
 * Downloads a seller's picture into `spoolPath` (a file of this process only), never trusting what the
 * server says it is: only http(s), every address on the allow-list (checked at connect, redirects included,
 * at most `maxRedirects`), no pooled connection, one deadline over everything, and the body counted while it
 * streams and cut off past `maxBytes`. What the bytes are is decided afterwards by decoding them.
 */
export async function fetchRemoteImage(
  target: string,
  spoolPath: string,
  limits: RemoteFetchLimits,
): Promise<RemoteFetchResult> {
  const deadline = Date.now() + limits.timeoutMs;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fail('REMOTE_IMAGE_NOT_ALLOWED', false, 'invalid url');
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return fail('REMOTE_IMAGE_NOT_ALLOWED', false, `scheme ${url.protocol}`);
    }
    // Credentials in a URL would be sent to whatever host the seller named: not ours to pass on.
    if (url.username || url.password) return fail('REMOTE_IMAGE_NOT_ALLOWED', false, 'credentials in url');
    const host = hostOf(url);
    // A literal address never goes through the lookup: it is checked here instead.
    if (isIP(host)) {
      try {
        await resolveAllowed(host, limits.allowPrivate);
      } catch {
        return fail('REMOTE_IMAGE_NOT_ALLOWED', false, 'address not allowed');
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return fail('REMOTE_IMAGE_TIMEOUT', true, 'timeout');
    const answer = await getOnce(url, spoolPath, left, limits);
    if (answer.kind === 'done') return answer.result;
    if (hop >= limits.maxRedirects) return fail('REMOTE_IMAGE_UNREACHABLE', false, 'too many redirects');
    try {
      url = new URL(answer.location, url);
    } catch {
      return fail('REMOTE_IMAGE_UNREACHABLE', false, 'bad redirect');
    }
  }
}

type Hop = { kind: 'done'; result: RemoteFetchResult } | { kind: 'redirect'; location: string };

function getOnce(url: URL, spoolPath: string, timeoutMs: number, limits: RemoteFetchLimits): Promise<Hop> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve) => {
    let settled = false;
    const finish = (hop: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(hop);
    };
    const done = (result: RemoteFetchResult) => finish({ kind: 'done', result });
    const request = transport.get(url, {
      headers: { 'user-agent': USER_AGENT, accept: 'image/jpeg, image/png, image/gif;q=0.9, */*;q=0.1' },
      lookup: guardedLookup(limits.allowPrivate),
      // A fresh connection per request: a pooled socket would skip the connect-time check.
      agent: false,
    });
    const timer = setTimeout(() => {
      done(fail('REMOTE_IMAGE_TIMEOUT', true, 'timeout'));
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => done(socketFailure(error)));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        request.destroy();
        finish({ kind: 'redirect', location });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        request.destroy();
        if (status === 404 || status === 410) done(fail('REMOTE_IMAGE_NOT_FOUND', false, `HTTP ${status}`));
        else
          done(fail('REMOTE_IMAGE_UNREACHABLE', status >= 500 || status === 429 || status === 408, `HTTP ${status}`));
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        request.destroy();
        done(fail('IMAGE_TOO_LARGE', false, `declared ${declared} bytes`));
        return;
      }
      let bytes = 0;
      const out = createWriteStream(spoolPath, { mode: 0o600 });
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limits.maxBytes) {
          request.destroy();
          out.destroy();
          done(fail('IMAGE_TOO_LARGE', false, `over ${limits.maxBytes} bytes`));
        }
      });
      response.on('error', (error) => {
        out.destroy();
        done(socketFailure(error));
      });
      response.on('aborted', () => {
        out.destroy();
        done(fail('REMOTE_IMAGE_UNREACHABLE', true, 'aborted'));
      });
      out.on('error', () => done(fail('REMOTE_IMAGE_UNREACHABLE', true, 'spool')));
      out.on('finish', () => done({ ok: true, bytes, fileName: fileNameOf(url) }));
      response.pipe(out);
    });
  });
}
