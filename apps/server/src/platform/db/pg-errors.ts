/**
 * PostgreSQL's refusals as callers meet them. Drizzle wraps the driver's error (and PGlite's differs from
 * node-postgres' in shape), so the SQLSTATE is looked for on the error and down its causes.
 */

export interface PgError {
  /** The SQLSTATE: 23505 unique violation, 23503 foreign key, 40P01 deadlock, 57014 cancelled. */
  code: string;
  constraint: string | null;
  message: string;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_DEADLOCK = '40P01';
export const PG_QUERY_CANCELLED = '57014';

/** The PostgreSQL error inside `error`, or null when it is none. */
export function pgErrorOf(error: unknown): PgError | null {
  let current = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return {
        code: current.code,
        constraint: typeof current.constraint === 'string' ? current.constraint : null,
        message: String(current.message ?? ''),
      };
    }
    current = current.cause as typeof current;
  }
  return null;
}

/** A unique violation, of the named constraint when one is named (PGlite names it only in the message). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  if (pg?.code !== PG_UNIQUE_VIOLATION) return false;
  return constraint === undefined || pg.constraint === constraint || pg.message.includes(constraint);
}

export function isDeadlock(error: unknown): boolean {
  return pgErrorOf(error)?.code === PG_DEADLOCK;
}

/** A statement the statement timeout (or a cancel) stopped. */
export function isQueryCancelled(error: unknown): boolean {
  return pgErrorOf(error)?.code === PG_QUERY_CANCELLED;
}

/**
 * Runs a change again when PostgreSQL ended it as a deadlock: a writer of the same rows in another order (another
 * process, a form, an import). Only for a change that is whole or nothing, which running again leaves right.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
