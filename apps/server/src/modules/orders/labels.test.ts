import { parcelNumber } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  type PDFDocument as PDFDocumentType,
  PDFDocument,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { partnerAddresses, partnerDeliveries } from '../partner/tables';
import { products } from '../products/tables';
import { type CarrierBranch, searchBranches } from '../deliveries/carriers/branches';
import { code128Widths } from './code128';
import { orderItems, orders } from './tables';
import { shownText } from './test-pdf';

/**
 * What a carrier needs on a label (issue 18, point 10): who sends it and from where, the carrier and its service,
 * the pickup point of a pickup-point order, the parcel count and weight, and a Code 128 barcode of the number
 * the carrier routes by.
 */

let server: TestServer;
let cz: number;
let token: string;
let nextId = 2_200_000_000_000;
/** A seeded Zásilkovna pickup point in Prague (carrier_branches). */
let BRANCH: CarrierBranch;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  const prague = await searchBranches(server.database.db, { country: 'CZ', carrier: 'ZASILKOVNA', search: 'praha' });
  BRANCH = prague.nodes[0]!;
  // The partner delivers to addresses with PPL (deliveries area); orders carry no carrier of their own.
  await server.database.db
    .insert(partnerDeliveries)
    .values({ partnerId: cz, code: 'PPL', transport: 'PPL', title: 'PPL', price: 99 });
});
afterAll(async () => server?.close());

async function order(values: Partial<typeof orders.$inferInsert>): Promise<number> {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId: cz,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    customerPhone: '+420 601 222 333',
    ...values,
  });
  return id;
}

async function print(orderIds: number[], format: 'pdf' | 'zpl' = 'pdf', lang = 'en') {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/api/orders/labels',
    headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz), 'accept-language': lang },
    payload: { orderIds, format },
  });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return answer;
}

/** The widths of the filled rectangles of each page, in drawing order, as multiples of the narrowest. */
function barModules(doc: PDFDocumentType): number[][] {
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const widths: number[] = [];
    for (const ref of streams) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      // pdf-lib draws a filled rectangle as a path of four lines closed and filled ("h f").
      for (const [, path] of text.matchAll(/((?:-?[\d.]+ -?[\d.]+ [ml]\n){4})h\nf\n/g)) {
        const xs = [...path!.matchAll(/(-?[\d.]+) -?[\d.]+ [ml]/g)].map((m) => Number(m[1]));
        widths.push(Math.max(...xs) - Math.min(...xs));
      }
    }
    const narrowest = Math.min(...widths);
    return widths.map((w) => Math.round(w / narrowest));
  });
}

describe('parcel labels a carrier accepts', () => {
  it('print the sender at its warehouse, the carrier and the pickup point of a pickup-point order', async () => {
    const id = await order({ deliveryType: 'PICKUP_POINT', branchId: BRANCH.id, trackingNumber: 'Z4012345678' });
    const doc = await PDFDocument.load((await print([id])).rawPayload);
    const shown = shownText(doc);
    // The carrier of the branch and the service, first on the label.
    expect(shown[0]).toBe('Zásilkovna · Pickup point');
    // The sender: the company at its main warehouse (demo: Brno), not its seat in Prague.
    expect(shown).toEqual(expect.arrayContaining(['Sender', 'Průmyslová 1420', '627 00 Brno', 'CZ']));
    expect(shown).not.toContain('Vinohradská 112');
    // The pickup point by name and id, with its address.
    expect(shown).toEqual(
      expect.arrayContaining([
        'Deliver to pickup point',
        `${BRANCH.name} (${BRANCH.code})`,
        BRANCH.street,
        `${BRANCH.zip} ${BRANCH.city}`,
      ]),
    );
    expect(shown).toEqual(expect.arrayContaining(['Jana Nováková', `Order ${id}`, 'Parcel 1/1']));
    // One parcel with the carrier's tracking number: the barcode is that number, in real Code 128 bars.
    expect(shown).toContain('Z4012345678');
    expect(barModules(doc)[0]).toEqual(code128Widths('Z4012345678').filter((_, i) => i % 2 === 0));
  });

  it("print a home delivery with the partner's carrier, the address, each parcel's number and the weight", async () => {
    const id = await order({
      status: 'shipping',
      deliveryType: 'ADDRESS',
      deliveryStreet: 'Dlouhá 5',
      deliveryCity: 'Plzeň',
      deliveryZip: '301 00',
      deliveryCountry: 'CZ',
      parcelCount: 2,
      paymentType: 'A',
      cod: 1290,
    });
    await server.database.db.insert(products).values([
      { partnerId: cz, id: 'LBL-1', title: 'Koloběžka', weight: 4.25 },
      { partnerId: cz, id: 'LBL-2', title: 'Helma', weight: 0.4 },
    ]);
    await server.database.db.insert(orderItems).values([
      {
        partnerId: cz,
        orderId: id,
        id: 1,
        partnerArticleId: 'LBL-1',
        title: 'Koloběžka',
        quantity: 1,
        unitPrice: 990,
        vat: 21,
      },
      {
        partnerId: cz,
        orderId: id,
        id: 2,
        partnerArticleId: 'LBL-2',
        title: 'Helma',
        quantity: 2,
        unitPrice: 150,
        vat: 21,
      },
    ]);
    const doc = await PDFDocument.load((await print([id], 'pdf', 'cs')).rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const shown = shownText(doc);
    expect(shown[0]).toBe('PPL · Doručení na adresu');
    expect(shown).toEqual(expect.arrayContaining(['Průmyslová 1420', '627 00 Brno', 'Dlouhá 5', '301 00 Plzeň']));
    expect(shown).not.toContain('Doručit na výdejní místo');
    expect(shown).toEqual(expect.arrayContaining(['Balík 1/2', 'Balík 2/2']));
    expect(shown.filter((line) => line.startsWith('Celková hmotnost všech balíků: 5,05'))).toHaveLength(2);
    // Two parcels, two numbers: each parcel is scanned on its own.
    const bars = barModules(doc);
    for (const parcel of [1, 2]) {
      const number = parcelNumber(id, parcel);
      expect(shown).toContain(number);
      expect(bars[parcel - 1]).toEqual(code128Widths(number).filter((_, i) => i % 2 === 0));
    }
  });

  it('send from the default address when the partner has no warehouse, and print the same in ZPL', async () => {
    const db = server.database.db;
    const warehouses = await db.select().from(partnerAddresses).where(eq(partnerAddresses.partnerId, cz));
    for (const address of warehouses.filter((a) => a.types.some((t) => t.includes('WAREHOUSE')))) {
      await db
        .delete(partnerAddresses)
        .where(and(eq(partnerAddresses.partnerId, cz), eq(partnerAddresses.id, address.id)));
    }
    const id = await order({ deliveryType: 'PICKUP_POINT', branchId: BRANCH.id });
    const shown = shownText(await PDFDocument.load((await print([id])).rawPayload));
    expect(shown).toEqual(expect.arrayContaining(['Vinohradská 112', '130 00 Praha']));
    expect(shown).not.toContain('Průmyslová 1420');

    const zpl = (await print([id], 'zpl')).body;
    for (const text of [
      'Zásilkovna · Pickup point',
      'Vinohradská 112',
      BRANCH.street,
      `${BRANCH.zip} ${BRANCH.city}`,
    ]) {
      expect(zpl).toContain(`^FD${text}^FS`);
    }
    expect(zpl).toContain(`^BCN,200,Y,N,N^FD${parcelNumber(id, 1)}^FS`);
  });
});
