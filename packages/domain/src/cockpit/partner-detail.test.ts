import { describe, expect, it } from 'vitest';
import { checklistProgress } from '../onboarding/checklist';
import { availableStates } from '../onboarding/workflow';
import { WORKFLOW_STATUSES } from '../partner/partner';
import {
  lifecycleCommandsOf,
  PARTNER_NOTE_MAX_LENGTH,
  PARTNER_PERSON_MAX_LENGTH,
  partnerAssignmentSchema,
  partnerNoteSchema,
} from './partner-detail';

describe('lifecycle commands', () => {
  it('offers deactivate, hide and reactivate only where the workflow table has the move', () => {
    const offered = Object.fromEntries(
      WORKFLOW_STATUSES.map((s) => [s, lifecycleCommandsOf(s, availableStates(s, 'operator'))]),
    );
    expect(offered).toEqual({
      REGISTERED: [],
      VENDOR_CHECK_STANDARD: [],
      VENDOR_CHECK_VIP: [],
      DRAFT_CONTRACT: [],
      PARTNER_ACCESS: [],
      TESTING: [],
      // Going live from content control is the workflow's move with its tick, not a reactivation.
      CONTENT_CONTROL: [],
      PRODUCTION: ['DEACTIVATE', 'HIDE'],
      HIDDEN_ON_WEB: ['DEACTIVATE', 'REACTIVATE'],
      DEACTIVATED: ['REACTIVATE'],
      ONBOARDING_CANCELLED: [],
    });
  });

  it('offers nothing to an actor without the moves', () => {
    expect(lifecycleCommandsOf('PRODUCTION', availableStates('PRODUCTION', 'partner'))).toEqual([]);
  });
});

describe('assignment and note', () => {
  it('takes names up to the limit, trimmed, and empties as cleared', () => {
    const ok = partnerAssignmentSchema.safeParse({ kam: ` ${'a'.repeat(PARTNER_PERSON_MAX_LENGTH)} `, farmer: '' });
    expect(ok.success && ok.data).toEqual({
      kam: 'a'.repeat(PARTNER_PERSON_MAX_LENGTH),
      farmer: null,
      accountant: null,
      onboarding: null,
    });
    expect(partnerAssignmentSchema.safeParse({ kam: 'a'.repeat(PARTNER_PERSON_MAX_LENGTH + 1) }).success).toBe(false);
    expect(partnerAssignmentSchema.safeParse({ kam: 'a\u0000b' }).success).toBe(false);
  });

  it('takes a note of lines up to the limit and refuses one character more', () => {
    expect(partnerNoteSchema.safeParse({ note: `a\nb${'c'.repeat(PARTNER_NOTE_MAX_LENGTH - 3)}` }).success).toBe(true);
    expect(partnerNoteSchema.safeParse({ note: 'c'.repeat(PARTNER_NOTE_MAX_LENGTH + 1) }).success).toBe(false);
    const empty = partnerNoteSchema.safeParse({ note: '   ' });
    expect(empty.success && empty.data.note).toBe(null);
  });
});

describe('checklist progress', () => {
  it('counts the items the checklist page lists, done and in all', () => {
    const none = {
      addresses: [
        { type: 'BILLING_ADDRESS', ok: false },
        { type: 'MAIN_WAREHOUSE', ok: true },
      ],
      contacts: [
        { type: 'MANAGER', ok: true },
        { type: 'LOGISTICS', ok: false },
        { type: 'FINANCE', ok: false },
        { type: 'RMA', ok: false },
      ],
      products: 0,
      productsLive: 0,
      transport: true,
      transportProblem: 'UNDELIVERABLE_PRODUCTS' as const,
      undeliverableProducts: 2,
      contract: true,
      terms: false,
      provider: true,
      productsForApprovalSent: false,
      productsForApprovalSentWhen: null,
    };
    // contract, one address, one contact and the provider; transport with a problem is not done.
    expect(checklistProgress(none)).toEqual({ done: 4, total: 12 });
  });
});
