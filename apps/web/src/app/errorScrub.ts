/** What an error report may carry out of the browser (see errorReporting.ts); loaded with the SDK only. */

export const FILTERED = '[Filtered]';

/** Paths whose next segment is a secret: `/login/token/{t}`, `/remote-login/{hash}/token/{t}`, … */
const SECRET_AFTER = /(\/(?:registration-confirm|reset-password|token|remote-login|stream-api))\/[^/?#\s"'<>]+/gi;
/** `/registration-complete/{passwordToken}/{loginToken}`: both segments. */
const SECRET_PAIR = /(\/registration-complete)\/[^/?#\s"'<>]+(?:\/[^/?#\s"'<>]+)?/gi;
const SECRET_QUERY =
  /([?&#][^=&#\s"'<>]*(?:token|password|passwd|secret|hash|key|auth|code)[^=&#\s"'<>]*=)[^&#\s"'<>]*/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** Fields whose value is a secret wherever they appear in a report. */
const SECRET_KEY = /pass(word|wd)?|secret|token|authorization|cookie|api[-_]?key|credential|sessionid/i;
/** Fields that carry what a user sent or received: never reported. */
const BODY_KEY = /^(data|body|request_body|response_body|cookies|query_string)$/i;

/** A text with the secrets of links and headers replaced by FILTERED. */
export function scrubText(text: string): string {
  return text
    .replace(SECRET_PAIR, `$1/${FILTERED}/${FILTERED}`)
    .replace(SECRET_AFTER, `$1/${FILTERED}`)
    .replace(SECRET_QUERY, `$1${FILTERED}`)
    .replace(BEARER, `$1 ${FILTERED}`);
}

function scrubValue(value: unknown, depth: number, inRequest: boolean): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, inRequest));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEY.test(key)) {
      out[key] = FILTERED;
      continue;
    }
    const isRequest = key === 'request';
    // Request bodies go, and so do bodies of fetch breadcrumbs; `data` elsewhere (a breadcrumb's url) stays.
    if (BODY_KEY.test(key) && (inRequest || key !== 'data')) continue;
    out[key] = scrubValue(item, depth + 1, isRequest);
  }
  return out;
}

/** An error report or breadcrumb as it may leave the browser. */
export function scrubEvent<T>(event: T): T {
  const scrubbed = scrubValue(event, 0, false) as T & { request?: { headers?: Record<string, unknown> } };
  if (scrubbed?.request?.headers) {
    const headers = scrubbed.request.headers;
    for (const name of Object.keys(headers)) {
      if (/^(authorization|cookie|x-partner-id)$/i.test(name)) delete headers[name];
    }
  }
  return scrubbed;
}
