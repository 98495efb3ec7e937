import {
  DomainError,
  LIFECYCLE_TARGET,
  lifecycleCommandApplies,
  PARTNER_LIFECYCLE_COMMANDS,
  PARTNER_PEOPLE,
  partnerAssignmentSchema,
  partnerNoteSchema,
  safeText,
} from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { changeWorkflowStatus } from '../onboarding/workflow';
import { partners } from '../partner/tables';
import { type CockpitPartnerDetail, cockpitPartner } from './partner-detail';

/** A live partner's row, locked for the command's transaction; a sandbox or an unknown id is not found. */
async function lockPartner(tx: DbOrTx, partnerId: number) {
  const [row] = await tx
    .select({
      workflowStatus: partners.workflowStatus,
      kam: partners.kam,
      farmer: partners.farmer,
      accountant: partners.accountant,
      onboarding: partners.onboarding,
      note: partners.note,
    })
    .from(partners)
    .where(and(eq(partners.id, partnerId), isNull(partners.sandboxOf)))
    .for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const lifecycleSchema = z.object({
  command: z.enum(PARTNER_LIFECYCLE_COMMANDS, 'invalid'),
  note: safeText({ multiline: true }).trim().max(2000, 'max').nullish(),
});

/**
 * Deactivates a partner, hides it on the web or makes it live again: a move of its workflow through
 * `changeWorkflowStatus`, the one way a status moves. That move writes the history and the audit entry,
 * tells the partner, and announces the change at commit, so the partner's own sessions lose a deactivated
 * partner on their next request and their live sockets are read again.
 */
export async function cockpitPartnerLifecycle(
  ctx: RequestContext,
  partnerId: number,
  input: unknown,
): Promise<CockpitPartnerDetail> {
  const auth = ctx.requireOperator('partners', 'update');
  const { command, note } = parse(lifecycleSchema, input);
  const to = LIFECYCLE_TARGET[command];
  await ctx.db.transaction(async (tx) => {
    const { workflowStatus: from } = await lockPartner(tx, partnerId);
    // Going live from onboarding is the workflow's move with its ticks, never "reactivate".
    if (!lifecycleCommandApplies(command, from)) throw new DomainError('WORKFLOW_TRANSITION_NOT_ALLOWED', { from, to });
    await changeWorkflowStatus(tx, ctx.platform, {
      partnerId,
      to,
      actor: 'operator',
      accountId: auth.account.id,
      requestId: ctx.requestId,
      note: note || null,
    });
  });
  await ctx.platform.authCache.changed({ all: true });
  return cockpitPartner(ctx, partnerId);
}

/** Which of the marketplace's people look after the partner (names, see the domain's schema). */
export async function cockpitAssignPartner(
  ctx: RequestContext,
  partnerId: number,
  input: unknown,
): Promise<CockpitPartnerDetail> {
  ctx.requireOperator('partners', 'update');
  const data = parse(partnerAssignmentSchema, input);
  await ctx.db.transaction(async (tx) => {
    const before = await lockPartner(tx, partnerId);
    const changed = PARTNER_PEOPLE.filter((key) => before[key] !== data[key]);
    if (changed.length === 0) return;
    await tx
      .update(partners)
      .set({ ...data, updated: sql`now()` })
      .where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'cockpit.partner.assign',
      entity: 'partner',
      entityId: partnerId,
      data: {
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, data[key]])),
      },
    });
  });
  return cockpitPartner(ctx, partnerId);
}

/** The operators' note on the partner; the partner never sees it. */
export async function cockpitSetPartnerNote(
  ctx: RequestContext,
  partnerId: number,
  input: unknown,
): Promise<CockpitPartnerDetail> {
  ctx.requireOperator('partners', 'update');
  const { note } = parse(partnerNoteSchema, input);
  await ctx.db.transaction(async (tx) => {
    const before = await lockPartner(tx, partnerId);
    if (before.note === note) return;
    await tx.update(partners).set({ note, updated: sql`now()` }).where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'cockpit.partner.note',
      entity: 'partner',
      entityId: partnerId,
      data: { before: before.note, after: note },
    });
  });
  return cockpitPartner(ctx, partnerId);
}
