import { describe, expect, it } from 'vitest';
import { auditChangesOf } from './audit-view-changes';

describe("the audit trail's data as before and after", () => {
  it('reads { from, to } as the entity moving, the rest as details', () => {
    expect(auditChangesOf({ manufacturer: 'ACME', from: 'X1', to: 'X2' })).toEqual({
      changes: [{ field: null, before: 'X1', after: 'X2' }],
      details: [{ field: 'manufacturer', value: 'ACME' }],
    });
    expect(auditChangesOf({ manufacturer: 'ACME', from: 'X1' }).changes).toEqual([
      { field: null, before: 'X1', after: null },
    ]);
  });

  it('reads { before, after } field by field, unchanged fields as details', () => {
    expect(
      auditChangesOf({
        before: { name: 'A', price: 10, shops: ['CZ10MA'] },
        after: { name: 'B', price: 12, shops: ['CZ10MA'] },
      }),
    ).toEqual({
      changes: [
        { field: 'name', before: 'A', after: 'B' },
        { field: 'price', before: '10', after: '12' },
      ],
      details: [{ field: 'shops', value: '["CZ10MA"]' }],
    });
  });

  it('takes the fields beside a lone `before` as the state after', () => {
    expect(auditChangesOf({ languages: ['cs', 'sk'], before: { languages: ['cs'] } }).changes).toEqual([
      { field: 'languages', before: '["cs"]', after: '["cs","sk"]' },
    ]);
  });

  it('shows plain data field by field and nothing for none', () => {
    expect(auditChangesOf({ count: 3, ok: true, note: null })).toEqual({
      changes: [],
      details: [
        { field: 'count', value: '3' },
        { field: 'ok', value: 'true' },
        { field: 'note', value: null },
      ],
    });
    expect(auditChangesOf(null)).toEqual({ changes: [], details: [] });
  });
});
