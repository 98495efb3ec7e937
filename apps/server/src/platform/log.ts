/**
 * What the server writes to its log, and what it never writes: parameter values of failed SQL, secret
 * tokens in request addresses, authorization headers and cookies. The Fastify logger uses these
 * serializers for every `err`, `req` and `res` it is given, in requests and jobs alike.
 */

export const REDACTED = '[redacted]';

/* ---------------------------------------------------------------- request addresses */

/**
 * Addresses that carry a secret in their path: the secret segments are replaced, the rest stays so the log
 * still says which page or route was asked for.
 */
const SECRET_PATHS: readonly [RegExp, string][] = [
  // /login/reset-password/{token}
  [/(\/login\/+reset-password\/+)[^/?#]+/gi, `$1${REDACTED}`],
  // /remote-login/{hash}/token/{token}/partner/{id}: the hash and the token; the partner id is no secret.
  [/(\/remote-login\/+)[^/?#]+/gi, `$1${REDACTED}`],
  [/(\/remote-login\/+[^?#]*?\/token\/+)[^/?#]+/gi, `$1${REDACTED}`],
  // /login/token/{token}
  [/(\/login\/+token\/+)[^/?#]+/gi, `$1${REDACTED}`],
  // /v1/stream-api/{token}/ws
  [/(\/stream-api\/+)[^/?#]+/gi, `$1${REDACTED}`],
  // /registration-confirm/{token}: the mailed link that confirms a registration.
  [/(\/registration-confirm\/+)[^/?#]+/gi, `$1${REDACTED}`],
  // /registration-complete/{passwordToken}/{loginToken}: both segments open the new account.
  [/(\/registration-complete\/+)[^/?#]+/gi, `$1${REDACTED}`],
  [/(\/registration-complete\/+[^/?#]*\/+)[^/?#]+/gi, `$1${REDACTED}`],
];

/**
 * Query parameters whose value is a secret whatever it looks like. `client_id` is the partner REST API's key
 * (the marketplace's API sends it in the query on every call).
 */
const SECRET_PARAM = /token|hash|secret|passw|signature|session|auth|api[-_]?key|jwt|cookie|client[-_]?id/i;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function replaceSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * The text with its secret path segments replaced; percent-encoded variants (`%2Flogin%2Ftoken%2F…`) are
 * caught too, in which case the decoded form is what gets logged.
 */
function redactText(text: string): string {
  const plain = decoded(text);
  if (plain !== null && plain !== text) {
    const redacted = replaceSecrets(plain);
    if (redacted !== plain) return redacted;
  }
  return replaceSecrets(text);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return redactText(pair);
      const key = pair.slice(0, eq);
      if (SECRET_PARAM.test(decoded(key) ?? key)) return `${key}=${REDACTED}`;
      return `${redactText(key)}=${redactText(pair.slice(eq + 1))}`;
    })
    .join('&');
}

/** A request address fit for the log: secret path segments and secret query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return redactText(url);
  return `${redactText(url.slice(0, q))}?${redactQuery(url.slice(q + 1))}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/** The access log's view of a request: no headers at all (authorization, cookies), the address redacted. */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

export function serializeResponse(reply: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: reply.statusCode };
}

/* ---------------------------------------------------------------- errors */

/**
 * Properties of errors that carry values: drizzle's and PGlite's `params`, PGlite's `queryOptions`, the
 * driver's `detail` ("Key (email)=(…) already exists", "Failing row contains (…)") and `parameters`.
 */
const VALUE_PROPERTIES = new Set([
  'params',
  'parameters',
  'detail',
  'queryOptions',
  'values',
  'variables',
  'raw',
  // csv-parse's CsvError: the field and the record it was reading.
  'field',
  'record',
]);

interface ErrorLike {
  message: string;
  name?: string;
  stack?: string;
  cause?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * An error message without the values it quotes: drizzle's "Failed query: <sql>\nparams: <values>" keeps
 * its SQL text, PostgreSQL's input errors (`invalid input syntax for type integer: "…"`, `value "…" is
 * out of range for type integer`) keep their wording without the value, and secret URL segments go.
 */
export function redactErrorMessage(message: string): string {
  let out = message;
  const params = out.search(/\r?\n\s*params:/);
  if (params !== -1) out = out.slice(0, params);
  // Router errors quote the address ("'/login/token/…' is not a valid url component").
  return (
    replaceSecrets(out)
      .replace(/(: )".*"\s*$/s, `$1${REDACTED}`)
      .replace(/\bvalue ".*" is out of range/s, `value ${REDACTED} is out of range`)
      // csv-parse: "Invalid Opening Quote: … at line 3, value is "…"".
      .replace(/\bvalue is ".*"/s, `value is ${REDACTED}`)
  );
}

/**
 * The driver's context may quote a bound parameter (`unnamed portal parameter $1 = '…'`): everything from
 * the value on is cut, whatever quoting or line breaks the value holds.
 */
function redactWhere(where: string): string {
  return (
    where
      // A JSON input error quotes the document around the fault ("JSON data, line 1: …").
      .replace(/(JSON data, line \d+: )[^\n]*/g, `$1${REDACTED}`)
      .replace(/(parameter \$\d+ = )[\s\S]*/, `$1${REDACTED}`)
  );
}

/** An error as the log shows it (the shape Fastify's logger types expect of an `err` serializer). */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeErrorLike(err: ErrorLike, seen: Set<unknown>, depth: number): SerializedError {
  seen.add(err);
  const type =
    typeof err.constructor === 'function' && err.constructor.name !== 'Object'
      ? err.constructor.name
      : (err.name ?? 'Error');
  const message = redactErrorMessage(err.message);
  // The stack's first lines repeat the message: rebuilt from the redacted message and the frames only.
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const nested = (value: unknown) =>
    isErrorLike(value) && !seen.has(value) && depth < 5 ? serializeErrorLike(value, seen, depth + 1) : undefined;
  for (const key in err) {
    if (key in out || VALUE_PROPERTIES.has(key) || key === 'cause' || key === 'errors') continue;
    const value = err[key];
    if (typeof value === 'function' || value === undefined) continue;
    if (isErrorLike(value)) {
      const inner = nested(value);
      if (inner) out[key] = inner;
    } else if (key === 'where' && typeof value === 'string') out.where = redactWhere(value);
    else out[key] = value;
  }
  // The cause is often not enumerable (Error options); it is where the driver's error code lives.
  const cause = nested(err.cause);
  if (cause) out.cause = cause;
  if (Array.isArray(err.errors)) out.aggregateErrors = err.errors.map(nested).filter(Boolean);
  return out;
}

/**
 * The `err` of every log line: type, message, stack, SQL text, error code, constraint and the cause chain,
 * but never a parameter value (see VALUE_PROPERTIES and redactErrorMessage).
 */
export function serializeError(err: unknown): SerializedError {
  if (isErrorLike(err)) return serializeErrorLike(err, new Set(), 0);
  return { type: typeof err, message: typeof err === 'string' ? redactErrorMessage(err) : String(err), stack: '' };
}

/* ---------------------------------------------------------------- the logger */

export const logSerializers = {
  err: serializeError,
  error: serializeError,
  req: serializeRequest,
  res: serializeResponse,
};

/** Whatever else is logged: headers that open a session never reach the log. */
export const logRedact = {
  paths: [
    'headers.authorization',
    'headers.cookie',
    'headers["set-cookie"]',
    '*.headers.authorization',
    '*.headers.cookie',
    '*.headers["set-cookie"]',
    'authorization',
    'cookie',
  ],
  censor: REDACTED,
};
