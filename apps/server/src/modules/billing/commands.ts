import {
  billingRunInputSchema,
  divRound,
  fromUnits,
  isReverseCharge,
  periodEnd,
  correctionInputSchema,
  DomainError,
  feesOfShop,
  isShopId,
  MARKETS,
  moneyScale,
  netRecap,
  penaltyInputSchema,
  periodEnded,
  recapTotals,
  selfBillingDecisionSchema,
  shopDay,
  type ShopId,
  toUnits,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { publishInTransaction } from '../../platform/stream/hub';
import { emitPartnerEvent } from '../events/emit';
import { announcePartnerChange } from '../partner/contract';
import { createLineTable, type IssuedDocument, issueFromLines, partnerSeatSql } from './issue';
import { type DocumentSummary, loadDocument } from './read';
import { issueOptions, queueRun } from './run';

/** What operators do in billing (all `requireAdmin`; issue 24 narrows it to the finance role). */

export interface BillingRunView {
  id: number;
  period: string;
  partnerId: number | null;
  partnerName: string | null;
  status: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  documents: number;
  offsets: number;
  partners: number;
  error: string | null;
}

export async function loadRun(db: DbOrTx, id: number): Promise<BillingRunView> {
  const [row] = rowsOf<BillingRunView>(
    await db.execute(sql`select r.id, to_char(r.period, 'YYYY-MM') as period, r.partner_id as "partnerId",
        p.partner_name as "partnerName", r.status, r.created_at as "createdAt", r.started_at as "startedAt",
        r.finished_at as "finishedAt", coalesce((r.counts->>'documents')::int, 0) as documents,
        coalesce((r.counts->>'offsets')::int, 0) as offsets, coalesce((r.counts->>'partners')::int, 0) as partners,
        r.error
      from billing_runs r left join partners p on p.id = r.partner_id where r.id = ${id}`),
  );
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    startedAt: dateOrNull(row.startedAt),
    finishedAt: dateOrNull(row.finishedAt),
  };
}

const dateOrNull = (value: Date | string | null) => (value == null ? null : new Date(value));

/** Operators: bill a period that has ended, for every partner or for one. */
export async function cockpitStartBillingRun(ctx: RequestContext, input: unknown): Promise<BillingRunView> {
  const auth = ctx.requireOperator('billing', 'update');
  const parsed = billingRunInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { period, partnerId } = parsed.data;
  if (!periodEnded(period, shopDay(new Date(), 'CZ10MA'))) throw new DomainError('BILLING_PERIOD_OPEN');
  const id = await ctx.db.transaction(async (tx) => {
    if (partnerId != null) await livePartner(tx, partnerId);
    const runId = await queueRun(tx, ctx.platform, {
      period,
      partnerId: partnerId ?? null,
      requestedBy: auth.account.id,
    });
    await recordAudit(tx, ctx.actor(partnerId ?? null), {
      action: 'billing.run.start',
      entity: 'billing_run',
      entityId: runId,
      data: { period, partnerId: partnerId ?? null },
    });
    return runId;
  });
  return loadRun(ctx.db, id);
}

async function livePartner(tx: DbOrTx, partnerId: number) {
  const [row] = rowsOf<{ id: number; shop_id: string; billing_status: string; partner_name: string }>(
    await tx.execute(sql`select id, shop_id, billing_status, partner_name from partners
      where id = ${partnerId} and sandbox_of is null for update`),
  );
  if (!row) throw new DomainError('INVALID_PARTNER_ID');
  return row;
}

/** The shop's VAT for a partner's documents: the standard rate, or 0 under reverse charge (the domain's rule). */
async function partnerVat(tx: DbOrTx, partnerId: number) {
  const [row] = rowsOf<{ shop_id: string; seat: string; vat_id: string; rate: string }>(
    await tx.execute(sql`select p.shop_id, ${partnerSeatSql('p.id')} as seat, coalesce(c.vat_id, '') as vat_id,
        coalesce((select v.rate from vat_rates v where v.shop_id = p.shop_id and v.is_default), 0)::text as rate
      from partners p left join partner_contracts c on c.partner_id = p.id where p.id = ${partnerId}`),
  );
  if (!row || !isShopId(row.shop_id)) throw new DomainError('INVALID_PARTNER_ID');
  const reverse = isReverseCharge(row.shop_id, row.seat ?? '', row.vat_id);
  return { shopId: row.shop_id as ShopId, reverse, rate: reverse ? '0' : row.rate };
}

function operatorIssue() {
  const today = shopDay(new Date(), 'CZ10MA');
  const options = issueOptions(`${today.slice(0, 7)}`, null);
  return { ...options, period: null, referenceId: null, deliveryDay: today };
}

async function summaryOf(ctx: RequestContext, doc: IssuedDocument, partnerId: number): Promise<DocumentSummary> {
  const {
    supplier: _s,
    customer: _c,
    taxRecap: _t,
    items: _i,
    offsets: _o,
    ...summary
  } = await loadDocument(ctx.db, partnerId, doc.id);
  return summary;
}

async function announceDocuments(tx: DbOrTx, partnerId: number, documents: number) {
  await publishInTransaction(
    tx,
    { partnerId },
    { type: 'billing_documents_issued', data: { period: null, documents } },
  );
}

/** Operators: a contractual penalty invoice (FS) — the shop's penalty fee unless an amount is given. */
export async function cockpitIssuePenalty(ctx: RequestContext, input: unknown): Promise<DocumentSummary> {
  ctx.requireOperator('billing', 'update');
  const parsed = penaltyInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { partnerId, amount, reason } = parsed.data;
  const issued = await ctx.db.transaction(async (tx) => {
    await livePartner(tx, partnerId);
    const vat = await partnerVat(tx, partnerId);
    const market = MARKETS[vat.shopId];
    const scale = moneyScale(market.currency);
    if (amount != null && toUnits(amount, 4) !== toUnits(amount, scale) * 10n ** BigInt(4 - scale)) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'amount', rule: 'invalid' }]);
    }
    const [fee] = rowsOf<{ amount: string }>(
      await tx.execute(
        sql`select amount::text from shop_fees where shop_id = ${vat.shopId} and type = 'PENALTY_FEE_INVOICE'`,
      ),
    );
    const price =
      amount ?? fee?.amount ?? String(feesOfShop(vat.shopId).find((f) => f.type === 'PENALTY_FEE_INVOICE')!.amount);
    if (toUnits(price, scale) <= 0n)
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'amount', rule: 'invalid' }]);
    const title = translate(market.language, 'billingDocs.items.PENALTY_FEE_INVOICE');
    await createLineTable(tx);
    await tx.execute(sql`insert into bill_lines (partner_id, kind, document_type, shop_id, currency, position, code, title,
        quantity, unit, unit_price, vat_rate, net, reverse_charge, note)
      values (${partnerId}, 'PENALTY', 'invoice', ${vat.shopId}, ${market.currency}, 1, 'PENALTY_FEE_INVOICE',
        ${`${title}: ${reason}`.slice(0, 200)}, 1, 'PIECE', ${price}::numeric, ${vat.rate}::numeric, ${price}::numeric,
        ${vat.reverse}, ${reason})`);
    const [doc] = await issueFromLines(tx, operatorIssue());
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'billing.penalty',
      entity: 'billing_document',
      entityId: doc!.id,
      data: { number: doc!.invoiceNumber, amount: price, reason },
    });
    await announceDocuments(tx, partnerId, 1);
    return doc!;
  });
  return summaryOf(ctx, issued, partnerId);
}

/**
 * Operators: a credit or debit note correcting an invoice or debit note of the marketplace (never a
 * credit note, never a self-billing invoice — the partner's own). A credit note gives back at most what the
 * invoice has not yet been credited; the lines use the shop's VAT rates (0 under the invoice's reverse charge).
 */
export async function cockpitIssueCorrection(ctx: RequestContext, input: unknown): Promise<DocumentSummary> {
  ctx.requireOperator('billing', 'update');
  const parsed = correctionInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { documentId, documentType, lines, reason } = parsed.data;
  const result = await ctx.db.transaction(async (tx) => {
    const [origin] = rowsOf<{
      partner_id: number;
      shop_id: string;
      currency: string;
      document_type: string;
      kind: string;
      total: string;
      reverse_charge: boolean;
      invoice_number: string;
    }>(
      await tx.execute(sql`select partner_id, shop_id, currency, document_type, kind, total::text, reverse_charge,
          invoice_number from billing_documents where id = ${documentId} for update`),
    );
    if (!origin) throw new DomainError('ENTITY_NOT_FOUND');
    if (origin.document_type === 'credit-note' || origin.kind === 'SELF_BILLING') {
      throw new DomainError('BILLING_DOCUMENT_NOT_CORRECTABLE');
    }
    const scale = moneyScale(origin.currency);
    const rates = new Set(
      rowsOf<{ rate: string }>(
        await tx.execute(sql`select trim_scale(rate)::text as rate from vat_rates where shop_id = ${origin.shop_id}`),
      ).map((r) => r.rate),
    );
    const fields = lines.flatMap((line, i) => {
      const rate = String(Number(line.vatRate));
      const allowed = origin.reverse_charge ? rate === '0' : rates.has(rate);
      return allowed ? [] : [{ field: `lines.${i}.vatRate`, rule: 'vatRate' }];
    });
    if (fields.length) throw new DomainError('VALIDATION_ERROR', {}, fields);
    const priced = lines.map((line) => ({
      ...line,
      net: netOf(line.quantity, line.unitPrice, scale),
    }));
    if (documentType === 'credit-note') {
      const total = recapTotals(
        netRecap(
          priced.map((l) => ({ vatRate: l.vatRate, net: l.net })),
          scale,
        ),
        scale,
      ).total;
      const [credited] = rowsOf<{ sum: string }>(
        await tx.execute(sql`select coalesce(sum(total), 0)::text as sum from billing_documents
          where origin_document_id = ${documentId} and document_type = 'credit-note'`),
      );
      if (toUnits(total, scale) + toUnits(credited!.sum, scale) > toUnits(origin.total, scale)) {
        throw new DomainError('BILLING_CORRECTION_EXCEEDS');
      }
    }
    await createLineTable(tx);
    await tx.execute(sql`insert into bill_lines (partner_id, kind, document_type, origin_document_id, shop_id, currency,
        position, code, title, quantity, unit, unit_price, vat_rate, net, reverse_charge, note)
      select ${origin.partner_id}, 'CORRECTION', ${documentType}, ${documentId}, ${origin.shop_id}, ${origin.currency},
        l.position, 'CORRECTION', l.title, l.quantity, 'PIECE', l.unit_price, l.vat_rate, l.net, ${origin.reverse_charge},
        ${reason}
      from unnest(${sql.param(priced.map((_, i) => i + 1))}::int[], ${sql.param(priced.map((l) => l.title))}::text[],
        ${sql.param(priced.map((l) => l.quantity))}::numeric[], ${sql.param(priced.map((l) => l.unitPrice))}::numeric[],
        ${sql.param(priced.map((l) => l.vatRate))}::numeric[], ${sql.param(priced.map((l) => l.net))}::numeric[])
        as l(position, title, quantity, unit_price, vat_rate, net)`);
    const [doc] = await issueFromLines(tx, operatorIssue());
    await recordAudit(tx, ctx.actor(origin.partner_id), {
      action: 'billing.correction',
      entity: 'billing_document',
      entityId: doc!.id,
      data: { number: doc!.invoiceNumber, documentType, origin: origin.invoice_number, total: doc!.total, reason },
    });
    await announceDocuments(tx, origin.partner_id, 1);
    return { doc: doc!, partnerId: origin.partner_id };
  });
  return summaryOf(ctx, result.doc, result.partnerId);
}

/** quantity × unit price rounded to the currency, exact (10^-7 units → the currency's places). */
function netOf(quantity: string, unitPrice: string, scale: number): string {
  return fromUnits(divRound(toUnits(quantity, 3) * toUnits(unitPrice, 4), 10n ** BigInt(7 - scale)), scale);
}

export interface SelfBillingRequestView {
  partnerId: number;
  partnerName: string;
  shopId: string;
  country: string;
  vatId: string;
  status: string;
  requestedAt: Date | null;
}

/**
 * Operators: accept a partner's self-billing request — self-billing invoices are issued from the next
 * period — or decline it with a reason. The partner is told (notification, stream, its session's status).
 */
export async function cockpitDecideSelfBilling(ctx: RequestContext, input: unknown): Promise<SelfBillingRequestView> {
  const auth = ctx.requireOperator('billing', 'update');
  const parsed = selfBillingDecisionSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { partnerId, accept, reason } = parsed.data;
  // From the next month: the month now running was already partly billed without it.
  const fromPeriod = periodEnd(shopDay(new Date(), 'CZ10MA').slice(0, 7));
  await ctx.db.transaction(async (tx) => {
    const partner = await livePartner(tx, partnerId);
    if (partner.billing_status !== 'requested') throw new DomainError('SELF_BILLING_NOT_REQUESTED');
    const state = accept ? 'active' : 'inactive';
    await tx.execute(sql`update partners set billing_status = ${state}, updated = now() where id = ${partnerId}`);
    await tx.execute(sql`insert into self_billing_decisions (partner_id, decision, from_period, reason, decided_by)
      values (${partnerId}, ${accept ? 'ACCEPTED' : 'DECLINED'}, ${accept ? fromPeriod : null}::date, ${reason ?? null},
        ${auth.account.id})`);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: accept ? 'billing.selfBilling.accept' : 'billing.selfBilling.decline',
      entity: 'partner',
      entityId: partnerId,
      data: {
        from: 'requested',
        to: state,
        fromPeriod: accept ? fromPeriod.slice(0, 7) : null,
        reason: reason ?? null,
      },
    });
    await emitPartnerEvent(tx, {
      partnerId,
      type: 'SELF_BILLING_DECIDED',
      data: { state, ...(accept ? { fromPeriod: fromPeriod.slice(0, 7) } : {}), ...(reason ? { reason } : {}) },
      at: new Date().toISOString(),
    });
    await publishInTransaction(tx, { partnerId }, { type: 'self_billing_decided', data: { status: state } });
  });
  await announcePartnerChange(ctx, partnerId);
  const [view] = await selfBillingRequestRows(ctx.db, sql`p.id = ${partnerId}`, 1, 0);
  return view!;
}

export async function selfBillingRequestRows(
  db: DbOrTx,
  where: ReturnType<typeof sql>,
  limit: number,
  offset: number,
): Promise<SelfBillingRequestView[]> {
  const rows = rowsOf<SelfBillingRequestView>(
    await db.execute(sql`select p.id as "partnerId", p.partner_name as "partnerName", p.shop_id as "shopId",
        coalesce(nullif(c.state, ''), p.country) as country, coalesce(c.vat_id, '') as "vatId",
        p.billing_status as status,
        (select max(d.decided_at) from self_billing_decisions d where d.partner_id = p.id and d.decision = 'REQUESTED')
          as "requestedAt"
      from partners p left join partner_contracts c on c.partner_id = p.id
      where ${where}
      order by "requestedAt" desc nulls last, p.id desc
      limit ${limit} offset ${offset}`),
  );
  return rows.map((r) => ({ ...r, requestedAt: dateOrNull(r.requestedAt) }));
}
