/**
 * The audit trail's `data` as a person reads it. Callers wrote three shapes over the years (see the doc comment
 * of platform/audit/service.ts): `{ from, to }` for one value that moved, `{ before, after }` for changed fields,
 * and plain fields that describe what was done. Each becomes before/after pairs plus the remaining details.
 */

/** One value that changed; `field` null: the entry's entity itself (a status that moved from → to). */
export interface AuditChange {
  field: string | null;
  before: string | null;
  after: string | null;
}

/** A field that describes the change without a before (a name, a count, the shops). */
export interface AuditDetail {
  field: string;
  value: string | null;
}

export interface AuditChanges {
  changes: AuditChange[];
  details: AuditDetail[];
}

/** Text as it was stored; anything else as compact JSON. */
export function auditValueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailsOf(data: Record<string, unknown>, skip: readonly string[]): AuditDetail[] {
  return Object.entries(data)
    .filter(([field]) => !skip.includes(field))
    .map(([field, value]) => ({ field, value: auditValueText(value) }));
}

export function auditChangesOf(data: unknown): AuditChanges {
  if (data === null || data === undefined) return { changes: [], details: [] };
  if (!isRecord(data)) return { changes: [{ field: null, before: null, after: auditValueText(data) }], details: [] };
  if ('before' in data || 'after' in data) {
    const before = data.before;
    // `{ languages, before: { languages } }`: the fields beside `before` are the state after the change.
    const after =
      'after' in data ? data.after : Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'before'));
    if (isRecord(before) || isRecord(after)) {
      const b = isRecord(before) ? before : {};
      const a = isRecord(after) ? after : {};
      const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
      const changes = fields
        .filter((field) => auditValueText(b[field]) !== auditValueText(a[field]))
        .map((field) => ({ field, before: auditValueText(b[field]), after: auditValueText(a[field]) }));
      const unchanged = fields.filter((field) => !changes.some((c) => c.field === field));
      const details = 'after' in data ? detailsOf(data, ['before', 'after']) : [];
      return {
        changes,
        details: [...details, ...unchanged.map((field) => ({ field, value: auditValueText(a[field]) }))],
      };
    }
    return {
      changes: [{ field: null, before: auditValueText(before), after: auditValueText(data.after) }],
      details: detailsOf(data, ['before', 'after']),
    };
  }
  if ('from' in data || 'to' in data) {
    return {
      changes: [{ field: null, before: auditValueText(data.from), after: auditValueText(data.to) }],
      details: detailsOf(data, ['from', 'to']),
    };
  }
  return { changes: [], details: detailsOf(data, []) };
}
