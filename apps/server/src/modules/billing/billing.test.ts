import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../test/harness';
import { type BilledPartner, createBilledOrder, createBilledPartner } from './test-setup';

/**
 * The billing run against hand-computed documents (issue 23 point 2): commission from the price list valid on
 * each order's day, fees, rounding per line and per recap on both sides of a half, HUF whole, reverse charge,
 * return credit notes, offsets with partial settlement, self-billing, idempotence, numbering.
 */

let server: TestServer;
let admin: string;
let cz: BilledPartner;
let hu: BilledPartner;
let reverse: BilledPartner;
let czToken: string;
let orderA: number;

const RUN = 'mutation($p: String!, $id: ID) { cockpitStartBillingRun(period: $p, partnerId: $id) { id status } }';
const INVOICES = `query($g: GridInput) { invoices(grid: $g) { total items { id invoiceNumber documentType kind
  invoiceTypeTag period total totalWithoutVat totalVat remaining variableSymbol originInvoiceNumber } } }`;
const INVOICE = `query($id: ID, $n: String) { invoice(id: $id, invoiceNumber: $n) { id invoiceNumber kind documentType
  currency total totalWithoutVat totalVat remaining reverseCharge note deliveryAt dueDate hasOverview
  supplier { name vatNumber bank { iban } address { country } } customer { name vatNumber address { city country } }
  items { code title quantity unit unitPrice vatRate priceWithoutVat priceWithVat totalPrice }
  taxRecap { vatRate base vat total } offsets { documentNumber diffPrice } } }`;
const OFFSETS =
  '{ offsets { total items { id documentNumber period sumPrice creditPrice remainingPrice diffPrice } } }';
const OFFSET = `query($n: String) { offset(documentNumber: $n) { documentNumber sumPrice creditPrice remainingPrice diffPrice
  invoices { lineKind reference sumPrice offsetPrice remainPrice } orders { lineKind reference sumPrice offsetPrice remainPrice } } }`;

interface Doc {
  id: string;
  invoiceNumber: string;
  kind: string;
  documentType: string;
  total: string;
  totalWithoutVat: string;
  totalVat: string;
  remaining: string;
  originInvoiceNumber: string | null;
  invoiceTypeTag: string | null;
  period: string | null;
}

async function run(period: string, partnerId: number) {
  const started = await server.gql<{ cockpitStartBillingRun: { id: string; status: string } }>(
    RUN,
    { p: period, id: partnerId },
    { token: admin },
  );
  expect(started.errors).toBeUndefined();
  expect(started.data!.cockpitStartBillingRun.status).toBe('QUEUED');
  await server.app.platform.jobs.runQueued('billing.run');
  const [row] = rowsOf<{ status: string; error: string | null }>(
    await server.database.db.execute(
      sql`select status, error from billing_runs where id = ${Number(started.data!.cockpitStartBillingRun.id)}`,
    ),
  );
  expect(row).toEqual({ status: 'DONE', error: null });
}

async function documentsOf(partnerId: number, token?: string): Promise<Doc[]> {
  const t = token ?? (await signInAsPartner(server, admin, partnerId));
  const res = await server.gql<{ invoices: { items: Doc[] } }>(
    INVOICES,
    { g: { perPage: 100 } },
    { token: t, partnerId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.invoices.items;
}

async function detail(partnerId: number, id: string) {
  const t = await signInAsPartner(server, admin, partnerId);
  const res = await server.gql<{ invoice: Record<string, unknown> & { items: Record<string, string>[] } }>(
    INVOICE,
    { id },
    { token: t, partnerId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.invoice;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  const db = server.database.db;
  cz = await createBilledPartner(db, { shopId: 'CZ10MA', seat: 'CZ', vatId: 'CZ12345678', name: 'Účetní Šťáva' });
  hu = await createBilledPartner(db, { shopId: 'HU20MA', seat: 'HU', vatId: 'HU12345678', name: 'Forint Kft' });
  reverse = await createBilledPartner(db, { shopId: 'SK10MA', seat: 'CZ', vatId: 'CZ87654321', name: 'Přeshraniční' });
  // March 2024 in Prague. A: two lines (8 % category; 5 % brand with a half: 100.10 × 5 % = 5.005 → 5.01),
  // MALL Delivery with 2 parcels, prepaid. B: unknown product (list default 10 %) and the brand at 100.09
  // (5.0045 → 5.00), cash on delivery. C: delivered in April. D: cancelled. E: returned in March.
  orderA = await createBilledOrder(db, cz, {
    status: 'delivered',
    currency: 'CZK',
    createdAt: '2024-03-04T10:00:00Z',
    deliveredAt: '2024-03-06T10:00:00Z',
    mallDelivery: true,
    parcels: 2,
    lines: [
      { product: 'CAT', unitPrice: '1000.00', quantity: 2 },
      { product: 'BRAND', unitPrice: '100.10' },
    ],
  });
  await createBilledOrder(db, cz, {
    status: 'delivered',
    currency: 'CZK',
    createdAt: '2024-03-30T10:00:00Z',
    // 23:30 on 31 March in Prague (summer time): still March.
    deliveredAt: '2024-03-31T21:30:00Z',
    lines: [
      { unitPrice: '1234.50', prepaid: false },
      { product: 'BRAND', unitPrice: '100.09', prepaid: false },
    ],
  });
  await createBilledOrder(db, cz, {
    status: 'delivered',
    currency: 'CZK',
    createdAt: '2024-03-29T10:00:00Z',
    deliveredAt: '2024-04-02T10:00:00Z',
    lines: [{ unitPrice: '500.00', prepaid: false }],
  });
  await createBilledOrder(db, cz, {
    status: 'cancelled',
    currency: 'CZK',
    createdAt: '2024-03-10T10:00:00Z',
    lines: [{ unitPrice: '999.00' }],
  });
  await createBilledOrder(db, cz, {
    status: 'returned',
    currency: 'CZK',
    createdAt: '2024-02-20T10:00:00Z',
    shippedAt: '2024-02-21T10:00:00Z',
    updatedAt: '2024-03-12T10:00:00Z',
    lines: [{ unitPrice: '300.00' }],
  });
  // Forints: 12,345 × 8 % = 987.6 → 988 (whole), VAT 27 % of 988 = 266.76 → 267.
  await createBilledOrder(db, hu, {
    status: 'delivered',
    currency: 'HUF',
    createdAt: '2024-03-05T10:00:00Z',
    deliveredAt: '2024-03-07T10:00:00Z',
    lines: [{ product: 'CAT', unitPrice: '12345', vat: 27 }],
  });
  await createBilledOrder(db, reverse, {
    status: 'delivered',
    currency: 'EUR',
    createdAt: '2024-03-05T10:00:00Z',
    deliveredAt: '2024-03-07T10:00:00Z',
    lines: [{ unitPrice: '200.00', vat: 23 }],
  });
  czToken = await signInAsPartner(server, admin, cz.id);
  await run('2024-03', cz.id);
  await run('2024-03', hu.id);
  await run('2024-03', reverse.id);
}, 120_000);
afterAll(() => server.close());

describe('the period run', () => {
  it('issues the commission invoice from the price list valid on each order day, recap rounded per rate', async () => {
    const docs = await documentsOf(cz.id, czToken);
    const commission = docs.find((d) => d.kind === 'COMMISSION')!;
    expect(commission).toMatchObject({ documentType: 'invoice', period: '2024-03', invoiceTypeTag: null });
    const invoice = await detail(cz.id, commission.id);
    // Lines per rate: 10 % of 1,234.50 = 123.45; 8 % of 2,000 = 160.00; 5 % of 100.10 + 100.09 = 5.01 + 5.00.
    expect(invoice.items.map((i) => [i.title, i.priceWithoutVat, i.vatRate])).toEqual([
      ['Provize 10 %', '123.45', '21.00'],
      ['Provize 8 %', '160.00', '21.00'],
      ['Provize 5 %', '10.01', '21.00'],
    ]);
    // VAT from the recap: 21 % of 293.46 = 61.6266 → 61.63 (the lines' own VAT would sum to 61.62).
    expect(invoice.taxRecap).toEqual([{ vatRate: '21', base: '293.46', vat: '61.63', total: '355.09' }]);
    expect(invoice).toMatchObject({
      totalWithoutVat: '293.46',
      totalVat: '61.63',
      total: '355.09',
      currency: 'CZK',
      reverseCharge: false,
      hasOverview: true,
      deliveryAt: '2024-03-31',
    });
    expect(invoice.supplier).toMatchObject({
      name: 'Marketplace CZ s.r.o.',
      bank: { iban: 'CZ6520100000002400012345' },
    });
    expect(invoice.customer).toMatchObject({ name: 'Účetní Šťáva s.r.o.', vatNumber: 'CZ12345678' });
    const overview = rowsOf<{ order_id: string; commission: string; rate_source: string }>(
      await server.database.db.execute(sql`select order_id::text, commission::text, rate_source
        from billing_overview_lines where document_id = ${Number(commission.id)} order by order_id, item_id`),
    );
    expect(overview.map((l) => [l.commission, l.rate_source])).toEqual([
      ['160.00', 'NODE'],
      ['5.01', 'BRAND'],
      ['123.45', 'DEFAULT'],
      ['5.00', 'BRAND'],
    ]);
  });

  it('issues the fee invoice (FS): monthly fee, orders, MALL Delivery parcels and the month’s return', async () => {
    const fees = (await documentsOf(cz.id, czToken)).find((d) => d.kind === 'FEES')!;
    expect(fees.invoiceTypeTag).toBe('FS');
    const invoice = await detail(cz.id, fees.id);
    expect(invoice.items.map((i) => [i.code, i.quantity, i.unitPrice, i.priceWithoutVat])).toEqual([
      ['MONTHLY_FEE', '1.000', '499.0000', '499.00'],
      ['ORDER_FEE', '2.000', '5.0000', '10.00'],
      ['MALLDELIVERY_PICKUP_FEE', '2.000', '25.0000', '50.00'],
      ['RETURN_SHIPPING_FEE', '1.000', '89.0000', '89.00'],
    ]);
    expect(invoice.taxRecap).toEqual([{ vatRate: '21', base: '648.00', vat: '136.08', total: '784.08' }]);
  });

  it('bills forints whole and a partner seated abroad without VAT (reverse charge)', async () => {
    const [huCommission] = (await documentsOf(hu.id)).filter((d) => d.kind === 'COMMISSION');
    const huInvoice = await detail(hu.id, huCommission!.id);
    expect(huInvoice.taxRecap).toEqual([{ vatRate: '27', base: '988', vat: '267', total: '1255' }]);
    expect(huInvoice.currency).toBe('HUF');
    const [foreign] = (await documentsOf(reverse.id)).filter((d) => d.kind === 'COMMISSION');
    const foreignInvoice = await detail(reverse.id, foreign!.id);
    expect(foreignInvoice).toMatchObject({ reverseCharge: true, totalVat: '0.00', total: '20.00' });
    expect(String(foreignInvoice.note)).toContain('2006/112');
  });

  it('never bills a period twice: a second run issues nothing and keeps the numbers', async () => {
    const before = await documentsOf(cz.id, czToken);
    await run('2024-03', cz.id);
    const after = await documentsOf(cz.id, czToken);
    expect(after.map((d) => d.invoiceNumber).sort()).toEqual(before.map((d) => d.invoiceNumber).sort());
  });

  it('numbers each series without gaps: year, shop, series, sequence — also the variable symbol', async () => {
    const docs = rowsOf<{ invoice_number: string; variable_symbol: string; kind: string; shop_id: string }>(
      await server.database.db.execute(sql`select invoice_number, variable_symbol, kind, shop_id from billing_documents
        where shop_id = 'CZ10MA' and kind = 'COMMISSION' order by invoice_number`),
    );
    const year = String(new Date().getFullYear() % 100).padStart(2, '0');
    for (const d of docs) {
      expect(d.invoice_number).toMatch(new RegExp(`^${year}11\\d{6}$`));
      expect(d.variable_symbol).toBe(d.invoice_number);
    }
    const sequences = docs.map((d) => Number(d.invoice_number.slice(4)));
    expect(sequences).toEqual(sequences.map((_, i) => sequences[0]! + i));
  });
});

describe('offsets', () => {
  it('settles the invoices against the collected payments and pays out the difference', async () => {
    const res = await server.gql<{ offsets: { items: { documentNumber: string; period: string }[] } }>(
      OFFSETS,
      {},
      { token: czToken, partnerId: cz.id },
    );
    const march = res.data!.offsets.items.find((o) => o.period === '2024-03')!;
    const offset = await server.gql<{ offset: Record<string, unknown> }>(
      OFFSET,
      { n: march.documentNumber },
      { token: czToken, partnerId: cz.id },
    );
    // Owed: 355.09 + 784.08 = 1,139.17; collected for order A (prepaid): 2,000 + 100.10 = 2,100.10.
    expect(offset.data!.offset).toMatchObject({
      sumPrice: '1139.17',
      creditPrice: '2100.10',
      remainingPrice: '0.00',
      diffPrice: '960.93',
    });
    expect(offset.data!.offset.orders).toEqual([
      {
        lineKind: 'order',
        reference: String(orderA),
        sumPrice: '2100.10',
        offsetPrice: '1139.17',
        remainPrice: '960.93',
      },
    ]);
    const docs = await documentsOf(cz.id, czToken);
    expect(docs.filter((d) => d.period === '2024-03').map((d) => d.remaining)).toEqual(['0.00', '0.00']);
  });

  it('credits the commission of an order returned later and settles it partly against the next fees', async () => {
    await server.database.db.execute(sql`update orders set status = 'returned', updated_at = '2024-04-10T10:00:00Z'
      where partner_id = ${cz.id} and id = ${orderA}`);
    await run('2024-04', cz.id);
    const docs = await documentsOf(cz.id, czToken);
    const credit = docs.find((d) => d.kind === 'RETURN_CREDIT')!;
    const march = docs.find((d) => d.kind === 'COMMISSION' && d.period === '2024-03')!;
    expect(credit).toMatchObject({ documentType: 'credit-note', originInvoiceNumber: march.invoiceNumber });
    const note = await detail(cz.id, credit.id);
    // A's commission back: 160.00 + 5.01 = 165.01; VAT 21 % = 34.6521 → 34.65.
    expect(note.taxRecap).toEqual([{ vatRate: '21', base: '165.01', vat: '34.65', total: '199.66' }]);
    // April: commission of order C (10 % of 500 = 50.00 + VAT = 60.50) and fees (monthly 499 + order C 5 + A's
    // return 89 = 593 + VAT 124.53 = 717.53). The credit's 199.66 settles the older-numbered commission invoice
    // whole and 139.16 of the fees, which keep 578.37 open.
    const commission = docs.find((d) => d.kind === 'COMMISSION' && d.period === '2024-04')!;
    expect(commission).toMatchObject({ total: '60.50', remaining: '0.00' });
    const fees = docs.find((d) => d.kind === 'FEES' && d.period === '2024-04')!;
    expect(fees).toMatchObject({ total: '717.53', remaining: '578.37' });
    const april = await server.gql<{ offsets: { items: Record<string, string>[] } }>(
      OFFSETS,
      {},
      { token: czToken, partnerId: cz.id },
    );
    expect(april.data!.offsets.items.find((o) => o.period === '2024-04')).toMatchObject({
      sumPrice: '778.03',
      creditPrice: '199.66',
      remainingPrice: '578.37',
      diffPrice: '-578.37',
    });
    const overview = rowsOf<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from billing_overview_lines
        where partner_id = ${cz.id} and order_id = ${orderA} and credit`),
    );
    expect(overview[0]!.n).toBe(2);
  });
});

describe('self-billing', () => {
  it('operators accept a request; from the accepted period the partner gets SB invoices priced as paid', async () => {
    const db = server.database.db;
    await db.execute(sql`update partners set billing_status = 'requested' where id = ${hu.id}`);
    await db.execute(sql`insert into self_billing_decisions (partner_id, decision) values (${hu.id}, 'REQUESTED')`);
    await db.execute(sql`insert into partner_contacts (partner_id, first_name, last_name, email, roles)
      values (${hu.id}, 'Éva', 'Kovács', 'finance@forint.test', array['FINANCE'])`);
    const requests = await server.gql<{ cockpitSelfBillingRequests: { items: { partnerId: string }[] } }>(
      '{ cockpitSelfBillingRequests { items { partnerId partnerName status requestedAt } } }',
      {},
      { token: admin },
    );
    expect(requests.data!.cockpitSelfBillingRequests.items.map((r) => Number(r.partnerId))).toContain(hu.id);
    const declineWithoutReason = await server.gql(
      'mutation($p: ID!) { cockpitDecideSelfBilling(partnerId: $p, accept: false) { status } }',
      { p: hu.id },
      { token: admin },
    );
    expect(codeOf(declineWithoutReason)).toBe('VALIDATION_ERROR');
    const accepted = await server.gql<{ cockpitDecideSelfBilling: { status: string } }>(
      'mutation($p: ID!) { cockpitDecideSelfBilling(partnerId: $p, accept: true) { status } }',
      { p: hu.id },
      { token: admin },
    );
    expect(accepted.data!.cockpitDecideSelfBilling.status).toBe('active');
    const again = await server.gql(
      'mutation($p: ID!) { cockpitDecideSelfBilling(partnerId: $p, accept: true) { status } }',
      { p: hu.id },
      { token: admin },
    );
    expect(codeOf(again)).toBe('SELF_BILLING_NOT_REQUESTED');
    const token = await signInAsPartner(server, admin, hu.id);
    const state = await server.gql<{ selfBilling: { status: string; fromPeriod: string } }>(
      '{ selfBilling { status fromPeriod } }',
      {},
      { token, partnerId: hu.id },
    );
    const today = new Date();
    const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    expect(state.data!.selfBilling).toEqual({ status: 'active', fromPeriod: next });
    // The finance contact hears of it (the event's default groups: manager and finance).
    const notified = rowsOf<{ params: Record<string, string>; recipients: string[] }>(
      await db.execute(sql`select params, recipients from partner_notifications where partner_id = ${hu.id}
        and event_type = 'SELF_BILLING_DECIDED'`),
    );
    expect(notified).toEqual([{ params: { state: 'active', fromPeriod: next }, recipients: ['finance@forint.test'] }]);
    // The fixture's acceptance dates back to before April 2024, so April is billed by self-billing.
    await db.execute(sql`update self_billing_decisions set from_period = '2024-04-01'
      where partner_id = ${hu.id} and decision = 'ACCEPTED'`);
    await createBilledOrder(db, hu, {
      status: 'delivered',
      currency: 'HUF',
      createdAt: '2024-04-05T10:00:00Z',
      deliveredAt: '2024-04-07T10:00:00Z',
      lines: [
        { product: 'CAT', unitPrice: '12700', vat: 27 },
        { unitPrice: '1000', vat: 5, quantity: 3 },
      ],
    });
    await run('2024-04', hu.id);
    const sb = (await documentsOf(hu.id)).find((d) => d.kind === 'SELF_BILLING')!;
    expect(sb.invoiceTypeTag).toBe('SB');
    expect(sb.invoiceNumber).toMatch(new RegExp(`^SB${hu.id}-\\d{4}-0001$`));
    const invoice = await detail(hu.id, sb.id);
    // Gross per rate: 12,700 / 1.27 = 10,000 + 2,700; 3,000 / 1.05 = 2,857.14 → 2,857 + 143.
    expect(invoice.taxRecap).toEqual([
      { vatRate: '27', base: '10000', vat: '2700', total: '12700' },
      { vatRate: '5', base: '2857', vat: '143', total: '3000' },
    ]);
    expect(invoice.supplier).toMatchObject({ name: 'Forint Kft s.r.o.' });
    expect(invoice.customer).toMatchObject({ name: 'Marketplace HU Kft.' });
  });
});

describe('who may', () => {
  it('another partner’s document is not found; an account without billing is refused; partners run nothing', async () => {
    const czDoc = (await documentsOf(cz.id, czToken))[0]!;
    const huToken = await signInAsPartner(server, admin, hu.id);
    expect(codeOf(await server.gql(INVOICE, { id: czDoc.id }, { token: huToken, partnerId: hu.id }))).toBe(
      'ENTITY_NOT_FOUND',
    );
    expect(codeOf(await server.gql(INVOICE, { n: czDoc.invoiceNumber }, { token: huToken, partnerId: hu.id }))).toBe(
      'ENTITY_NOT_FOUND',
    );
    const demoCz = await partnerIdByShop(server.database, '100001');
    const partner = (await server.login('partner@demo.test')).token;
    expect(codeOf(await server.gql(RUN, { p: '2024-03' }, { token: partner, partnerId: demoCz }))).toBe(
      'ACCESS_DENIED',
    );
    const limited = await server.login('limited@demo.test');
    const { rows } = await server.database.executeSql("select id from accounts where email = 'limited@demo.test'");
    const limitedId = (rows[0] as { id: number }).id;
    await server.database.executeSql(
      "update access_policies set is_active = false where account_id = $1 and subject = 'billing'",
      [limitedId],
    );
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect(codeOf(await server.gql(INVOICES, {}, { token: limited.token, partnerId: demoCz }))).toBe('ACCESS_DENIED');
  });

  it('refuses a period that has not ended', async () => {
    const month = new Date().toISOString().slice(0, 7);
    expect(codeOf(await server.gql(RUN, { p: month }, { token: admin }))).toBe('BILLING_PERIOD_OPEN');
    expect(codeOf(await server.gql(RUN, { p: '2024-13' }, { token: admin }))).toBe('VALIDATION_ERROR');
  });
});

describe('operators’ documents', () => {
  it('a penalty invoice (FS) at the shop’s fee; a credit note never gives back more than the invoice', async () => {
    const penalty = await server.gql<{ cockpitIssuePenalty: Doc }>(
      'mutation($p: ID!) { cockpitIssuePenalty(partnerId: $p, reason: "Late dispatch") { id kind invoiceTypeTag total } }',
      { p: cz.id },
      { token: admin },
    );
    expect(penalty.data!.cockpitIssuePenalty).toMatchObject({ kind: 'PENALTY', invoiceTypeTag: 'FS', total: '605.00' });
    const CORRECT = `mutation($d: ID!, $t: String!, $l: [CorrectionLineInput!]!) {
      cockpitIssueCorrection(documentId: $d, documentType: $t, lines: $l, reason: "Goodwill") { documentType total } }`;
    const too = await server.gql(
      CORRECT,
      {
        d: penalty.data!.cockpitIssuePenalty.id,
        t: 'credit-note',
        l: [{ title: 'Back', quantity: '1', unitPrice: '600', vatRate: '21' }],
      },
      { token: admin },
    );
    expect(codeOf(too)).toBe('BILLING_CORRECTION_EXCEEDS');
    const badRate = await server.gql(
      CORRECT,
      {
        d: penalty.data!.cockpitIssuePenalty.id,
        t: 'debit-note',
        l: [{ title: 'More', quantity: '1', unitPrice: '10', vatRate: '7' }],
      },
      { token: admin },
    );
    expect(codeOf(badRate)).toBe('VALIDATION_ERROR');
    const half = await server.gql<{ cockpitIssueCorrection: { documentType: string; total: string } }>(
      CORRECT,
      {
        d: penalty.data!.cockpitIssuePenalty.id,
        t: 'credit-note',
        l: [{ title: 'Half back', quantity: '1', unitPrice: '250', vatRate: '21' }],
      },
      { token: admin },
    );
    expect(half.data!.cockpitIssueCorrection).toEqual({ documentType: 'credit-note', total: '302.50' });
  });
});
