import { randomBytes } from 'node:crypto';
import {
  addMoney,
  type BillingParty,
  MARKETPLACE_PARTIES,
  MARKETS,
  moneyScale,
  netRecap,
  percentOf,
  recapTotals,
  type ShopId,
  subtractMoney,
} from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import {
  billingDocumentItems,
  billingDocuments,
  billingOffsetLines,
  billingOffsets,
  billingOverviewLines,
} from './tables';

/**
 * Billing documents for the file and export tests, written as the period job writes them (until that job can
 * be run by a test): parties with national letters, items priced without VAT, the recap and totals computed by
 * the domain's `netRecap`, an overview of order lines and an offset settling the invoice.
 */

/** A partner's company whose every line carries letters the PDF standard fonts cannot print. */
export const TEST_CUSTOMER: BillingParty = {
  name: 'Řehoř Žluťoučký Đurđević s.r.o.',
  registrationNumber: '27074358',
  taxIdentification: '',
  vatNumber: 'CZ27074358',
  note: 'Łódź – Győr – Čakovec – Ľubovňa',
  address: { street: 'Křižíkova 148/34', city: 'Praha 8 – Karlín', zip: '186 00', country: 'CZ' },
};

export interface TestDocument {
  id: number;
  invoiceNumber: string;
  total: string;
  offsetNumber: string;
}

const unique = () => randomBytes(4).toString('hex').toUpperCase();

/**
 * A commission invoice of `partnerId` issued at `createdAt` with two fee lines at different rates, `overviewLines`
 * order lines, and an offset that settles `settled` of it.
 */
export async function insertTestInvoice(
  db: DbOrTx,
  input: {
    partnerId: number;
    shopId: ShopId;
    createdAt?: Date;
    overviewLines?: number;
    settled?: string;
    documentType?: 'invoice' | 'credit-note' | 'debit-note';
  },
): Promise<TestDocument> {
  const currency = MARKETS[input.shopId].currency;
  const scale = moneyScale(currency);
  const createdAt = input.createdAt ?? new Date();
  const day = createdAt.toISOString().slice(0, 10);
  const lines = [
    {
      code: 'COMMISSION',
      title: 'Provize z prodeje – září (žluté kolo)',
      quantity: '1',
      unitPrice: '1234.565',
      vatRate: '21',
    },
    { code: 'MONTHLY_FEE', title: 'Měsíční poplatek', quantity: '1', unitPrice: '199', vatRate: '21' },
    { code: 'ORDER_FEE', title: 'Poplatek za objednávku', quantity: '3', unitPrice: '10.5', vatRate: '12' },
  ].map((l) => {
    const net = addMoney([percentOf(l.unitPrice, Number(l.quantity) * 100, scale)], scale);
    const vat = percentOf(net, l.vatRate, scale);
    return { ...l, net, gross: addMoney([net, vat], scale) };
  });
  const recap = netRecap(
    lines.map((l) => ({ vatRate: l.vatRate, net: l.net })),
    scale,
  );
  const totals = recapTotals(recap, scale);
  const settled = input.settled ?? '0';
  const remaining = subtractMoney(totals.total, settled, scale);
  const number = `T${day.slice(0, 4)}${unique()}`;
  const [doc] = await db
    .insert(billingDocuments)
    .values({
      partnerId: input.partnerId,
      shopId: input.shopId,
      documentType: input.documentType ?? 'invoice',
      kind: 'COMMISSION',
      invoiceTypeTag: 'FS',
      invoiceNumber: number,
      documentNumber: number,
      createdAt,
      deliveryAt: day,
      dueDate: day,
      currency,
      totalWithoutVat: totals.base,
      totalVat: totals.vat,
      total: totals.total,
      remaining,
      variableSymbol: number.replace(/\D/g, '').slice(0, 10),
      note: 'Daň odvede zákazník',
      reverseCharge: true,
      supplier: MARKETPLACE_PARTIES[input.shopId],
      customer: TEST_CUSTOMER,
      taxRecap: recap,
    })
    .returning({ id: billingDocuments.id });
  const id = doc!.id;
  await db.insert(billingDocumentItems).values(
    lines.map((l, i) => ({
      partnerId: input.partnerId,
      documentId: id,
      position: i + 1,
      code: l.code,
      title: l.title,
      quantity: l.quantity,
      unit: 'PIECE',
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      priceWithoutVat: l.net,
      priceWithVat: l.gross,
      totalPrice: l.gross,
    })),
  );
  const count = input.overviewLines ?? 3;
  // Order ids of their own per document (an order item is billed once), far above the demo's.
  const base = 9_000_000_000_000 + Math.floor(Math.random() * 1_000_000_000) * 1000;
  if (count > 0) {
    const rows = Array.from({ length: count }, (_, i) => ({
      partnerId: input.partnerId,
      documentId: id,
      orderId: base + i,
      itemId: 1,
      articleId: `ART-${i}`,
      title: i % 2 ? 'Kolo Šťastný Ňouma' : 'Přilba ŁÓDŹ',
      quantity: 1 + (i % 3),
      priceWithVat: '1000.00',
      commissionRate: '12.50',
      rateSource: 'DEFAULT',
      commission: '125.00',
      orderedAt: createdAt,
      deliveredAt: createdAt,
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(billingOverviewLines).values(rows.slice(i, i + 1000));
  }
  const offsetNumber = `Z${day.slice(0, 4)}${unique()}`;
  const [offset] = await db
    .insert(billingOffsets)
    .values({
      partnerId: input.partnerId,
      shopId: input.shopId,
      documentNumber: offsetNumber,
      // One offset per partner and month: a month centuries away keeps test offsets apart from real ones.
      period: `${3000 + Math.floor(Math.random() * 6000)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-01`,
      createdAt,
      dueDate: day,
      currency,
      sumPrice: totals.total,
      creditPrice: settled,
      remainingPrice: remaining,
      diffPrice: `-${remaining}`,
      variableSymbol: offsetNumber.replace(/\D/g, '').slice(0, 10),
      supplier: MARKETPLACE_PARTIES[input.shopId],
      customer: TEST_CUSTOMER,
    })
    .returning({ id: billingOffsets.id });
  await db.insert(billingOffsetLines).values([
    {
      partnerId: input.partnerId,
      offsetId: offset!.id,
      position: 1,
      lineKind: 'invoice',
      documentId: id,
      reference: number,
      created: createdAt,
      dueDate: day,
      sumPrice: totals.total,
      offsetPrice: settled,
      remainPrice: remaining,
      currency,
    },
    {
      partnerId: input.partnerId,
      offsetId: offset!.id,
      position: 2,
      lineKind: 'order',
      orderId: base,
      reference: String(base),
      created: createdAt,
      sumPrice: settled,
      offsetPrice: settled,
      remainPrice: '0',
      currency,
    },
  ]);
  return { id, invoiceNumber: number, total: totals.total, offsetNumber };
}
