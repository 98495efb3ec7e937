import { describe, expect, it } from 'vitest';
import { WORKFLOW_STATUSES } from '../partner/partner';
import { type Checklist, missingSettings } from './checklist';
import { availableStates, checkTransition, stepOfStatus, WORKFLOW_TRANSITIONS } from './workflow';

const ticked = (...keys: string[]) => keys.map((text) => ({ text, checked: true }));

describe('workflow transitions', () => {
  // Every row of the table, with who may make it and which ticks it needs.
  const rows: [string, string, 'partner' | 'operator', string[]][] = [
    ['REGISTERED', 'VENDOR_CHECK_STANDARD', 'partner', []],
    ['REGISTERED', 'VENDOR_CHECK_VIP', 'partner', []],
    ['VENDOR_CHECK_STANDARD', 'DRAFT_CONTRACT', 'operator', ['companyVerified']],
    ['VENDOR_CHECK_VIP', 'DRAFT_CONTRACT', 'operator', ['companyVerified']],
    ['DRAFT_CONTRACT', 'PARTNER_ACCESS', 'operator', ['contractSigned']],
    ['PARTNER_ACCESS', 'TESTING', 'partner', []],
    ['PARTNER_ACCESS', 'TESTING', 'operator', []],
    ['TESTING', 'CONTENT_CONTROL', 'partner', []],
    ['CONTENT_CONTROL', 'PRODUCTION', 'operator', ['contentApproved']],
    ['CONTENT_CONTROL', 'TESTING', 'operator', []],
    ['PRODUCTION', 'HIDDEN_ON_WEB', 'operator', []],
    ['HIDDEN_ON_WEB', 'PRODUCTION', 'operator', []],
    ['PRODUCTION', 'DEACTIVATED', 'operator', []],
    ['HIDDEN_ON_WEB', 'DEACTIVATED', 'operator', []],
    ['DEACTIVATED', 'PRODUCTION', 'operator', []],
    ['ONBOARDING_CANCELLED', 'REGISTERED', 'operator', []],
  ];

  const ONBOARDING = [
    'REGISTERED',
    'VENDOR_CHECK_STANDARD',
    'VENDOR_CHECK_VIP',
    'DRAFT_CONTRACT',
    'PARTNER_ACCESS',
    'TESTING',
    'CONTENT_CONTROL',
  ];
  // Every allowed (from, to, side), written out: the expectations never come from the table under test.
  const allowed = new Set([
    ...rows.map(([from, to, actor]) => `${from} → ${to} by ${actor}`),
    ...ONBOARDING.flatMap((from) => [
      `${from} → ONBOARDING_CANCELLED by partner`,
      `${from} → ONBOARDING_CANCELLED by operator`,
    ]),
  ]);

  it.each(rows)('%s → %s is allowed to the %s with its ticks', (from, to, actor, ticks) => {
    expect(checkTransition(from, to, actor, ticked(...ticks))).toBeNull();
    if (ticks.length > 0) {
      expect(checkTransition(from, to, actor, [])).toBe('WORKFLOW_TICKS_INCOMPLETE');
      expect(
        checkTransition(
          from,
          to,
          actor,
          ticks.map((text) => ({ text, checked: false })),
        ),
      ).toBe('WORKFLOW_TICKS_INCOMPLETE');
    }
  });

  it.each(rows)('%s → %s is refused to the other side unless the table names it too', (from, to, actor) => {
    const other = actor === 'partner' ? 'operator' : 'partner';
    const both = allowed.has(`${from} → ${to} by ${other}`);
    expect(checkTransition(from, to, other, ticked('companyVerified', 'contractSigned', 'contentApproved'))).toBe(
      both ? null : 'WORKFLOW_TRANSITION_NOT_ALLOWED',
    );
  });

  it('lets both sides cancel any onboarding status but not a live shop', () => {
    for (const from of ONBOARDING) {
      expect(checkTransition(from, 'ONBOARDING_CANCELLED', 'partner', [])).toBeNull();
      expect(checkTransition(from, 'ONBOARDING_CANCELLED', 'operator', [])).toBeNull();
    }
    for (const from of ['PRODUCTION', 'HIDDEN_ON_WEB', 'DEACTIVATED', 'ONBOARDING_CANCELLED']) {
      expect(checkTransition(from, 'ONBOARDING_CANCELLED', 'operator', [])).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
    }
  });

  it('allows exactly the decided moves, refusing every other, staying in place and unknown statuses included', () => {
    const all = ticked('companyVerified', 'contractSigned', 'contentApproved');
    for (const from of WORKFLOW_STATUSES) {
      for (const to of [...WORKFLOW_STATUSES, 'NONSENSE']) {
        for (const actor of ['partner', 'operator'] as const) {
          const expected = allowed.has(`${from} → ${to} by ${actor}`) ? null : 'WORKFLOW_TRANSITION_NOT_ALLOWED';
          expect([from, to, actor, checkTransition(from, to, actor, all)]).toEqual([from, to, actor, expected]);
        }
      }
    }
    // The table names nothing beyond them.
    expect(WORKFLOW_TRANSITIONS.map((t) => `${t.from} → ${t.to} by ${t.by}`).sort()).toEqual([...allowed].sort());
    expect(checkTransition('REGISTERED', 'PRODUCTION', 'operator', [])).toBe('WORKFLOW_TRANSITION_NOT_ALLOWED');
    expect(checkTransition('CONTENT_CONTROL', 'PRODUCTION', 'partner', ticked('contentApproved'))).toBe(
      'WORKFLOW_TRANSITION_NOT_ALLOWED',
    );
  });

  it('lists the available states per side', () => {
    expect(availableStates('REGISTERED', 'partner')).toEqual([
      'VENDOR_CHECK_STANDARD',
      'VENDOR_CHECK_VIP',
      'ONBOARDING_CANCELLED',
    ]);
    expect(availableStates('REGISTERED', 'operator')).toEqual(['ONBOARDING_CANCELLED']);
    expect(availableStates('CONTENT_CONTROL', 'operator')).toEqual(['PRODUCTION', 'TESTING', 'ONBOARDING_CANCELLED']);
    expect(availableStates('PRODUCTION', 'partner')).toEqual([]);
    expect(availableStates('DEACTIVATED', 'operator')).toEqual(['PRODUCTION']);
  });

  it('opens the step that fits the status', () => {
    expect(stepOfStatus('REGISTERED')).toBe('company');
    expect(stepOfStatus('VENDOR_CHECK_VIP')).toBe('settings');
    expect(stepOfStatus('PARTNER_ACCESS')).toBe('settings');
    expect(stepOfStatus('TESTING')).toBe('data');
    expect(stepOfStatus('CONTENT_CONTROL')).toBe('launch');
    expect(stepOfStatus('PRODUCTION')).toBe('launch');
  });
});

describe('settings checklist', () => {
  const complete: Checklist = {
    addresses: [
      { type: 'BILLING_ADDRESS', ok: true },
      { type: 'MAIN_WAREHOUSE', ok: true },
    ],
    contacts: [{ type: 'MANAGER', ok: true }],
    products: 0,
    productsLive: 0,
    transport: true,
    transportProblem: null,
    undeliverableProducts: 0,
    contract: true,
    terms: true,
    provider: true,
    productsForApprovalSent: false,
    productsForApprovalSentWhen: null,
  };

  it('is complete when every settings item is done, products aside', () => {
    expect(missingSettings(complete)).toEqual([]);
  });

  it('names each missing item', () => {
    expect(
      missingSettings({
        ...complete,
        addresses: [
          { type: 'BILLING_ADDRESS', ok: false },
          { type: 'MAIN_WAREHOUSE', ok: true },
        ],
        contacts: [{ type: 'RMA', ok: false }],
        transport: false,
        provider: false,
      }),
    ).toEqual(['address.BILLING_ADDRESS', 'contact.RMA', 'transport', 'provider']);
    expect(missingSettings({ ...complete, contract: false, terms: false })).toEqual(['contract', 'terms']);
  });
});
