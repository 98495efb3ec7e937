import {
  availableStates,
  type Checklist,
  checkTransition,
  DomainError,
  missingSettings,
  missingTicks,
  safeText,
  stepOfStatus,
  WORKFLOW_STATUSES,
  WORKFLOW_TICKS,
  type WorkflowActor,
  type WorkflowStatus,
  type WorkflowStep,
} from '@pp/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { announceInTransaction } from '../../platform/auth-cache';
import { queueMail } from '../../platform/mail/service';
import { publishInTransaction } from '../../platform/stream/hub';
import { accounts } from '../account/tables';
import { emitPartnerEvent } from '../events/emit';
import { notificationRecipients } from '../notifications/notify';
import { accountPartners, livePartner, partners } from '../partner/tables';
import { loadChecklist } from './checklist';
import { partnerWorkflows, type WorkflowTick, workflowHistory } from './tables';

export const WORKFLOW_CHANGED_MAIL = 'workflow-changed';

export interface WorkflowHistoryEntry {
  fromStatus: string;
  toStatus: string;
  byOperator: boolean;
  note: string | null;
  created: Date;
}

export interface WorkflowView {
  status: string;
  updated: Date;
  ticks: WorkflowTick[];
  analysis: string | null;
  estimatedLaunch: string | null;
  path: string | null;
  availableStates: WorkflowStatus[];
  step: WorkflowStep;
  history: WorkflowHistoryEntry[];
}

export interface WorkflowMove {
  partnerId: number;
  to: string;
  actor: WorkflowActor;
  /** The account making the move (the operator's own account for cockpit moves). */
  accountId: number | null;
  /** The operator behind an impersonation session, for the audit trail. */
  adminAccountId?: number | null;
  requestId?: string | null;
  ticks?: readonly WorkflowTick[] | null;
  note?: string | null;
  /** The chosen terms path, kept beside the status (terms sets it when a partner agrees). */
  path?: 'STANDARD' | 'VIP' | null;
}

const NOTE_MAX = 2000;

const moveInputSchema = z.object({
  status: z.enum(WORKFLOW_STATUSES, 'invalid'),
  ticks: z
    .array(z.object({ text: z.enum(WORKFLOW_TICKS, 'invalid'), checked: z.boolean() }))
    .max(WORKFLOW_TICKS.length, 'max')
    .nullish(),
  // Written in the move dialog's text area, as the lifecycle commands' note is: line breaks are the operator's.
  note: safeText({ multiline: true }).trim().max(NOTE_MAX, 'max').nullish(),
});

/**
 * Moves a partner's workflow: the one function that does, inside the caller's transaction. The partner row
 * is locked first, so two moves racing from the same status cannot both pass the table. The live event and
 * the cache refresh go out as transactional NOTIFYs: PostgreSQL delivers them at commit and drops them on
 * rollback, so nobody hears of a move that did not happen, whoever owns the transaction.
 */
export async function changeWorkflowStatus(tx: DbOrTx, _platform: Platform, move: WorkflowMove): Promise<void> {
  const [partner] = await tx
    .select({ status: partners.workflowStatus, shopId: partners.shopId })
    .from(partners)
    .where(eq(partners.id, move.partnerId))
    .for('update');
  if (!partner) throw new DomainError('NOT_FOUND');
  const from = partner.status;
  const [current] = await tx
    .select({ ticks: partnerWorkflows.ticks })
    .from(partnerWorkflows)
    .where(eq(partnerWorkflows.partnerId, move.partnerId));
  // Ticks an operator checked earlier still count; the move's own ticks override them.
  const ticks = mergeTicks(current?.ticks ?? [], move.ticks ?? []);
  const refusal = checkTransition(from, move.to, move.actor, ticks);
  if (refusal === 'WORKFLOW_TICKS_INCOMPLETE') {
    throw new DomainError(refusal, { missing: missingTicks(from, move.to, move.actor, ticks).join(', ') });
  }
  if (refusal) throw new DomainError(refusal, { from, to: move.to });
  if (move.actor === 'partner') await checkPartnerPrerequisites(tx, move.partnerId, move.to);

  const to = move.to as WorkflowStatus;
  await tx.update(partners).set({ workflowStatus: to, updated: sql`now()` }).where(eq(partners.id, move.partnerId));
  await tx
    .insert(partnerWorkflows)
    .values({ partnerId: move.partnerId, ticks, ...(move.path ? { path: move.path } : {}) })
    .onConflictDoUpdate({
      target: partnerWorkflows.partnerId,
      set: { ticks, updated: sql`now()`, ...(move.path ? { path: move.path } : {}) },
    });
  await tx.insert(workflowHistory).values({
    partnerId: move.partnerId,
    fromStatus: from,
    toStatus: to,
    ticks,
    accountId: move.accountId,
    byOperator: move.actor === 'operator',
    note: move.note || null,
  });
  await recordAudit(
    tx,
    {
      accountId: move.accountId,
      adminAccountId: move.adminAccountId ?? null,
      partnerId: move.partnerId,
      requestId: move.requestId ?? null,
    },
    { action: 'workflow.change', entity: 'partner', entityId: move.partnerId, data: { from, to, by: move.actor } },
  );
  // The operator's note goes with the move to the partner (the move dialog promises it): in the history, in
  // the notification and in the mail. Only WORKFLOW_STATUS_CHANGED carries it; no webhook subscribes to it.
  const note = move.note || null;
  await emitPartnerEvent(tx, {
    partnerId: move.partnerId,
    type: 'WORKFLOW_STATUS_CHANGED',
    data: note ? { from, to, note } : { from, to },
    at: new Date().toISOString(),
  });
  const [master] = await tx
    .select({ email: accounts.email, lang: accounts.lang })
    .from(accountPartners)
    .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(and(eq(accountPartners.partnerId, move.partnerId), eq(accountPartners.isMaster, true)));
  // The master always hears of a move in its own language; when the notification settings already mail
  // its address about this move, that mail (with the same "what next") is the one it gets.
  const notified = master ? await notificationRecipients(tx, move.partnerId, 'WORKFLOW_STATUS_CHANGED') : [];
  if (master && !notified.includes(master.email.toLowerCase())) {
    await queueMail(tx, {
      to: master.email,
      template: WORKFLOW_CHANGED_MAIL,
      lang: master.lang,
      data: { partnerId: move.partnerId, from, to, note },
    });
  }
  // Announced at commit: the partner's pages follow, and every session's partner summary is read anew.
  await publishInTransaction(tx, { partnerId: move.partnerId }, { type: 'workflow_changed', data: { status: to } });
  await announceInTransaction(tx, { all: true });
}

function mergeTicks(saved: readonly WorkflowTick[], given: readonly WorkflowTick[]): WorkflowTick[] {
  const byText = new Map<string, boolean>();
  for (const t of saved) if ((WORKFLOW_TICKS as readonly string[]).includes(t.text)) byText.set(t.text, t.checked);
  for (const t of given) byText.set(t.text, t.checked);
  return WORKFLOW_TICKS.filter((key) => byText.has(key)).map((text) => ({ text, checked: byText.get(text)! }));
}

/**
 * A partner moves itself on only after doing the work the next status assumes: choosing a path means having
 * agreed to the current terms (terms records the agreement in the same transaction before it moves), testing
 * needs the settings, content control needs products sent for approval.
 */
async function checkPartnerPrerequisites(tx: DbOrTx, partnerId: number, to: string): Promise<void> {
  const needs: Record<string, (c: Checklist) => string[]> = {
    VENDOR_CHECK_STANDARD: (c) => (c.terms ? [] : ['terms']),
    VENDOR_CHECK_VIP: (c) => (c.terms ? [] : ['terms']),
    TESTING: missingSettings,
    CONTENT_CONTROL: (c) => (c.productsForApprovalSent ? [] : ['productsForApproval']),
  };
  const check = needs[to];
  if (!check) return;
  const missing = check(await loadChecklist(tx, partnerId));
  if (missing.length) throw new DomainError('WORKFLOW_TICKS_INCOMPLETE', { missing: missing.join(', ') });
}

async function workflowView(db: DbOrTx, partnerId: number, actor: WorkflowActor): Promise<WorkflowView> {
  const [row] = await db
    .select({
      status: partners.workflowStatus,
      partnerUpdated: partners.updated,
      ticks: partnerWorkflows.ticks,
      analysis: partnerWorkflows.analysis,
      estimatedLaunch: partnerWorkflows.estimatedLaunch,
      path: partnerWorkflows.path,
      updated: partnerWorkflows.updated,
    })
    .from(partners)
    .leftJoin(partnerWorkflows, eq(partnerWorkflows.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('NOT_FOUND');
  const history = await db
    .select({
      fromStatus: workflowHistory.fromStatus,
      toStatus: workflowHistory.toStatus,
      byOperator: workflowHistory.byOperator,
      note: workflowHistory.note,
      created: workflowHistory.created,
    })
    .from(workflowHistory)
    .where(eq(workflowHistory.partnerId, partnerId))
    .orderBy(desc(workflowHistory.id))
    .limit(100);
  return {
    status: row.status,
    updated: row.updated ?? row.partnerUpdated,
    ticks: row.ticks ?? [],
    analysis: row.analysis,
    estimatedLaunch: row.estimatedLaunch,
    path: row.path,
    availableStates: availableStates(row.status, actor),
    step: stepOfStatus(row.status),
    // The note goes with the move to the partner (why it was sent back, what comes next): the dialog says so.
    history,
  };
}

function parseMove(input: unknown) {
  const parsed = moveInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** The selected partner's workflow. */
export async function partnerWorkflow(ctx: RequestContext): Promise<WorkflowView> {
  const { partnerId } = await ctx.require('partner', 'read');
  return workflowView(ctx.db, partnerId, 'partner');
}

/** The selected partner requests a move (testing, content control, cancelling its own onboarding). */
export async function requestWorkflowChange(
  ctx: RequestContext,
  input: { status: string; ticks?: WorkflowTick[] | null },
): Promise<WorkflowView> {
  const { partnerId } = await ctx.require('partner', 'update');
  const data = parseMove(input);
  const auth = ctx.requireAuth();
  await ctx.db.transaction((tx) =>
    changeWorkflowStatus(tx, ctx.platform, {
      partnerId,
      to: data.status,
      actor: 'partner',
      accountId: auth.account.id,
      adminAccountId: auth.admin?.id ?? null,
      requestId: ctx.requestId,
      // Ticks are the operators' checks: a partner's own cannot satisfy them.
      ticks: null,
    }),
  );
  await ctx.platform.authCache.changed({ all: true });
  return workflowView(ctx.db, partnerId, 'partner');
}

async function existingPartner(ctx: RequestContext, partnerId: string | number): Promise<number> {
  const id = Number(partnerId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new DomainError('ENTITY_NOT_FOUND');
  // A sandbox (issue 20) has no workflow of its own: no operator moves it.
  const [row] = await ctx.db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, id), livePartner));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return id;
}

/** Any partner's workflow for an operator, with the operator's moves. */
export async function cockpitWorkflow(ctx: RequestContext, partnerId: string | number): Promise<WorkflowView> {
  ctx.requireOperator('onboarding', 'read');
  return workflowView(ctx.db, await existingPartner(ctx, partnerId), 'operator');
}

export async function cockpitChangeWorkflow(
  ctx: RequestContext,
  partnerId: string | number,
  input: { status: string; ticks?: WorkflowTick[] | null; note?: string | null },
): Promise<WorkflowView> {
  const auth = ctx.requireOperator('onboarding', 'update');
  const id = await existingPartner(ctx, partnerId);
  const data = parseMove(input);
  await ctx.db.transaction((tx) =>
    changeWorkflowStatus(tx, ctx.platform, {
      partnerId: id,
      to: data.status,
      actor: 'operator',
      accountId: auth.account.id,
      requestId: ctx.requestId,
      ticks: data.ticks ?? null,
      note: data.note ?? null,
    }),
  );
  await ctx.platform.authCache.changed({ all: true });
  return workflowView(ctx.db, id, 'operator');
}
