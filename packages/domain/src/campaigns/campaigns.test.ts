import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUSES,
  type CampaignInput,
  campaignFrozenChanges,
  campaignInputSchema,
  campaignJoinable,
  campaignPhase,
  campaignStatusMoveAllowed,
  campaignTermsFrozen,
} from './campaigns';

const valid = {
  name: 'Black Friday',
  articleCountMin: 1,
  articleCountMax: 10,
  shops: ['CZ10MA'],
  from: '2026-11-20',
  to: '2026-11-30',
};

function rules(input: unknown): Record<string, string> {
  const result = campaignInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('campaignInputSchema', () => {
  it('accepts a minimal campaign and fills the defaults', () => {
    const parsed = campaignInputSchema.parse(valid);
    expect(parsed).toMatchObject({ description: '', labels: [], minDiscount: 0, maxReduction: null, divisions: [] });
  });

  it('refuses an empty name, no shop, and percentages outside 0–100', () => {
    expect(rules({ ...valid, name: '  ' })).toEqual({ name: 'required' });
    expect(rules({ ...valid, shops: [] })).toEqual({ shops: 'required' });
    expect(rules({ ...valid, minDiscount: 100.01 })).toEqual({ minDiscount: 'numberOutOfRange' });
    expect(rules({ ...valid, minDiscountRrp: -1 })).toEqual({ minDiscountRrp: 'numberOutOfRange' });
    expect(rules({ ...valid, minDiscount: 100 })).toEqual({});
  });

  it('needs the maximum count at least the minimum, and the end not before the start', () => {
    expect(rules({ ...valid, articleCountMin: 5, articleCountMax: 4 })).toEqual({
      articleCountMax: 'campaignCountRange',
    });
    expect(rules({ ...valid, articleCountMin: 5, articleCountMax: 5 })).toEqual({});
    expect(rules({ ...valid, to: '2026-11-19' })).toEqual({ to: 'campaignDates' });
    expect(rules({ ...valid, to: valid.from })).toEqual({});
  });
});

describe('campaign phase and joinability', () => {
  it('counts both days of the duration as running', () => {
    expect(campaignPhase('2026-11-20', '2026-11-30', '2026-11-19')).toBe('UPCOMING');
    expect(campaignPhase('2026-11-20', '2026-11-30', '2026-11-20')).toBe('RUNNING');
    expect(campaignPhase('2026-11-20', '2026-11-30', '2026-11-30')).toBe('RUNNING');
    expect(campaignPhase('2026-11-20', '2026-11-30', '2026-12-01')).toBe('ENDED');
  });

  it('is joinable only published, unlocked and before its first day', () => {
    const c = { status: 'PUBLISHED' as const, locked: false, from: '2026-11-20' };
    expect(campaignJoinable(c, '2026-11-19')).toBe(true);
    expect(campaignJoinable(c, '2026-11-20')).toBe(false);
    expect(campaignJoinable({ ...c, locked: true }, '2026-11-19')).toBe(false);
    expect(campaignJoinable({ ...c, status: 'DRAFT' }, '2026-11-19')).toBe(false);
  });
});

describe('status moves', () => {
  it('allows publishing or dropping a draft and cancelling a published campaign, nothing else', () => {
    const allowed = CAMPAIGN_STATUSES.flatMap((from) =>
      CAMPAIGN_STATUSES.filter((to) => campaignStatusMoveAllowed(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual(['DRAFT>PUBLISHED', 'DRAFT>CANCELLED', 'PUBLISHED>CANCELLED']);
  });
});

describe('frozen terms', () => {
  const base: CampaignInput = campaignInputSchema.parse({ ...valid, categories: [1, 2] });

  it('freezes a published campaign from its first day or once a partner imported, a cancelled one always', () => {
    const published = { status: 'PUBLISHED' as const, from: '2026-11-20' };
    expect(campaignTermsFrozen(published, '2026-11-19', false)).toBe(false);
    expect(campaignTermsFrozen(published, '2026-11-20', false)).toBe(true);
    expect(campaignTermsFrozen(published, '2026-11-19', true)).toBe(true);
    expect(campaignTermsFrozen({ ...published, status: 'DRAFT' }, '2026-12-01', false)).toBe(false);
    expect(campaignTermsFrozen({ ...published, status: 'CANCELLED' }, '2026-11-01', false)).toBe(true);
  });

  it('names the frozen fields an edit changes, lists compared as sets, name and labels never', () => {
    expect(campaignFrozenChanges(base, { ...base, categories: [2, 1] })).toEqual([]);
    expect(campaignFrozenChanges(base, { ...base, name: 'New', description: 'x', labels: ['SALE'] })).toEqual([]);
    expect(campaignFrozenChanges(base, { ...base, minDiscount: 5, to: '2026-12-01' })).toEqual(['minDiscount', 'to']);
  });
});
