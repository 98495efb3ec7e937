import { z } from 'zod';
import { API_LIMIT_TIME_ZONE } from './api';

/**
 * The wire rules of the partner REST API v1 (issue 20), which must stay compatible with the marketplace's
 * existing REST API so a connector written for it works by changing only its base URL. Pure helpers: the
 * server's v1 transport (apps/server/src/modules/api/rest/) uses them for every route.
 */

/** `result.status` of an answer: OK, ERROR for a refusal, LIMITED past the rate limit. */
export type V1Status = 'OK' | 'ERROR' | 'LIMITED';

export function v1StatusOf(httpStatus: number): V1Status {
  if (httpStatus === 429) return 'LIMITED';
  return httpStatus >= 400 ? 'ERROR' : 'OK';
}

// --- Dates: `YYYY-MM-DD HH:MM:SS` in the marketplace's time (Prague), as its API sends and reads them ---

/** The time zone of every date on the wire (the marketplace's); the database formats list dates in it too. */
export const V1_WIRE_TIME_ZONE = API_LIMIT_TIME_ZONE;

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const wireParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: V1_WIRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 3_600_000;
/** Prague's offset from UTC by UTC hour: it changes only on whole UTC hours (summer time at 01:00 UTC). */
const offsetByHour = new Map<number, number>();

function pragueOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = wireParts.formatToParts(new Date(hour * HOUR_MS));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    offset =
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - hour * HOUR_MS;
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A moment as the wire writes it: `2026-03-10 14:05:00`, Prague time. A list answer writes thousands of
 * dates: the offset is asked of Intl once per hour of time, not once per date.
 */
export function formatWireDate(moment: Date): string {
  const ms = moment.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const wall = new Date(ms + pragueOffsetMs(ms));
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  );
}

/**
 * A calendar day (a date without time, kept as midnight UTC like the portal's date columns) as the wire writes
 * it: `2026-03-10 00:00:00`, the day itself and no time-zone shift.
 */
export function formatWireDay(day: Date): string {
  return `${day.toISOString().slice(0, 10)} 00:00:00`;
}

/**
 * A wire date (`YYYY-MM-DD HH:MM:SS`, or a bare `YYYY-MM-DD` for midnight) read as Prague time; null when it
 * is not one, or names no real moment there (2026-02-30, 24:00:00, the hour skipped by summer time). In the
 * hour the autumn change repeats, the earlier moment is meant.
 */
export function parseWireDate(text: string): Date | null {
  const m = WIRE_DATE.exec(text);
  if (!m) return null;
  const wall = `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
  const naive = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  if (Number.isNaN(naive)) return null;
  // Prague is UTC+2 in summer and UTC+1 in winter: the moment is the candidate whose wall clock reads the text.
  for (const hours of [2, 1]) {
    const candidate = new Date(naive - hours * 3_600_000);
    if (formatWireDate(candidate) === wall) return candidate;
  }
  return null;
}

/** A zod field for a wire date: a string in the wire format, read as Prague time. */
export const wireDate = z.string().transform((value, ctx) => {
  const moment = parseWireDate(value.trim());
  if (!moment) {
    ctx.addIssue({ code: 'custom', message: 'date' });
    return z.NEVER;
  }
  return moment;
});

// --- Liberal bodies: `[]` for an empty map, whole floats as integers ---

/**
 * A map (JSON object) that may arrive as `[]`: PHP's `json_encode` writes an empty array for an empty map,
 * and the marketplace's clients send exactly that (an empty body is `[]` too).
 */
export function wireMap<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? {} : value), schema);
}

/**
 * An integer that may arrive as a whole float (`21.0`, or `"21"` from a form-encoding client): JSON gives
 * JavaScript the same number either way, so this only refuses what has a fractional part or is not a number.
 */
export const wireInt = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d{1,15}(\.0+)?$/.test(value.trim()) ? Number(value) : value),
  z.number().int().safe(),
);

// --- The query string ---

/**
 * The value of a query parameter as the marketplace reads it: its last occurrence (its clients append
 * `client_id` last, after whatever the caller's query already held). Null when absent. The raw query is read
 * by hand so that `a[]=` forms, repeated names and a `+` are treated one way everywhere.
 */
export function lastQueryValue(rawQuery: string, name: string): string | null {
  let found: string | null = null;
  for (const pair of rawQuery.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    let decodedKey: string;
    try {
      decodedKey = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      continue;
    }
    if (decodedKey !== name) continue;
    const raw = eq < 0 ? '' : pair.slice(eq + 1);
    try {
      found = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      found = '';
    }
  }
  return found;
}

// --- Paging: `page` (from 1) and `page_size` (the marketplace client's names; `limit` is read too) ---

export const V1_PAGE_SIZE_DEFAULT = 100;
/** Larger pages would hold a connection and the event loop for long; the marketplace's clients ask 100. */
export const V1_PAGE_SIZE_MAX = 500;
/** Pages past this are refused rather than counted through: keyset filters reach deeper rows. */
export const V1_PAGE_MAX = 100_000;

const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.0+)?$/, 'invalid')
    .transform(Number)
    .pipe(z.number().int().min(1, 'min').max(max, 'max'));

export const v1PagingQuery = z.object({
  page: positiveInt(V1_PAGE_MAX).optional(),
  page_size: positiveInt(V1_PAGE_SIZE_MAX).optional(),
  limit: positiveInt(V1_PAGE_SIZE_MAX).optional(),
});

export interface V1PageRequest {
  page: number;
  pageSize: number;
}

export function v1PageRequest(query: z.output<typeof v1PagingQuery>): V1PageRequest {
  return { page: query.page ?? 1, pageSize: query.page_size ?? query.limit ?? V1_PAGE_SIZE_DEFAULT };
}

export interface V1Paging {
  total: number;
  /** At least 1, even for an empty list. */
  pages: number;
  /** The items on this page. */
  size: number;
  page: number;
}

export function v1Paging(total: number, request: V1PageRequest, itemsOnPage: number): V1Paging {
  return {
    total,
    pages: Math.max(1, Math.ceil(total / request.pageSize)),
    size: itemsOnPage,
    page: request.page,
  };
}

/** One page of an in-memory list (lists the services give whole, like the category list). */
export function v1Page<T>(items: readonly T[], request: V1PageRequest): { items: T[]; paging: V1Paging } {
  const start = (request.page - 1) * request.pageSize;
  const page = items.slice(start, start + request.pageSize);
  return { items: page, paging: v1Paging(items.length, request, page.length) };
}
