import type { AddressInfo } from 'node:net';
import { threadId } from 'node:worker_threads';
import { DomainError } from '@pp/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { PDF_WAITING_PER_PARTNER, pdfRenders, renderPdf } from './pdf-pool';
import type { LabelsDocument } from './pdf-render';
import { orders } from './tables';

let server: TestServer;
let base: string;
let cz: number;
let token: string;
let nextId = 4_100_000_000_000;

beforeAll(async () => {
  // Over a real socket: a request that arrives by I/O is read only when the server's thread is free.
  server = await startTestServer({ listen: true });
  base = `http://127.0.0.1:${(server.app.app.server.address() as AddressInfo).port}`;
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

function labels(count: number): LabelsDocument {
  return {
    title: 'Labels',
    labelsPerPage: 1,
    firstPosition: 1,
    labels: Array.from({ length: count }, (_, i) => ({
      carrier: 'PPL · Delivery to address',
      senderTitle: 'Sender',
      sender: ['Demo Shop s.r.o.', 'CZ'],
      recipientTitle: 'Recipient',
      recipient: ['Řehoř Žluťoučký', 'Dlouhá 5', '301 00 Plzeň', 'CZ'],
      pickupPointTitle: null,
      pickupPoint: [],
      order: `Order ${i}`,
      purchase: null,
      parcel: 'Parcel 1/1',
      weight: null,
      cod: null,
      number: `${9_000_000_000_000 + i}001`,
    })),
  };
}

describe('label PDFs', () => {
  it('are drawn outside the server thread: /healthz answers while a print of 260 orders is drawn', async () => {
    // More pages than one part (250): the parts are joined into one file of every page.
    const ids = Array.from({ length: 260 }, () => nextId++);
    await server.database.db.insert(orders).values(
      ids.map((id) => ({
        partnerId: cz,
        id,
        status: 'open',
        confirmed: true,
        paymentType: 'B',
        currency: 'CZK',
        customerName: 'Jana Nováková',
        deliveryType: 'ADDRESS',
        deliveryStreet: 'Dlouhá 5',
        deliveryCity: 'Plzeň',
        deliveryZip: '301 00',
        deliveryCountry: 'CZ',
        createdAt: new Date(Date.now() - 86_400_000),
      })),
    );
    const started = new Promise<void>((resolve) => pdfRenders.once('start', () => resolve()));
    const ended = new Promise<number | null>((resolve) => pdfRenders.once('end', (e) => resolve(e.threadId)));
    let printAnswered = false;
    const print = fetch(`${base}/api/orders/labels`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-partner-id': String(cz),
      },
      body: JSON.stringify({ orderIds: ids, format: 'pdf' }),
    }).then(async (response) => {
      printAnswered = true;
      return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
    });
    await started;
    const health = await fetch(`${base}/healthz`);
    // The order of answers is the proof: the health check came back while the labels were still drawn.
    const answeredDuring = !printAnswered;
    expect(health.status).toBe(200);
    expect(answeredDuring).toBe(true);
    expect(await ended).not.toBe(threadId);
    const answer = await print;
    expect(answer.status).toBe(200);
    expect((await PDFDocument.load(answer.body)).getPageCount()).toBe(260);
  });

  it("let another partner's print start before the same partner's next one", async () => {
    const order: number[] = [];
    const seen = (e: { partnerId: number }) => order.push(e.partnerId);
    pdfRenders.on('start', seen);
    try {
      const first = renderPdf(1, { kind: 'labels', document: labels(60) });
      const second = renderPdf(1, { kind: 'labels', document: labels(60) });
      const other = renderPdf(2, { kind: 'labels', document: labels(1) });
      await Promise.all([first, second, other]);
    } finally {
      pdfRenders.off('start', seen);
    }
    expect(order).toEqual([1, 2, 1]);
  });

  it('refuses a print past what one partner may have waiting, instead of queueing without end', async () => {
    const accepted = Array.from({ length: 1 + PDF_WAITING_PER_PARTNER }, () =>
      renderPdf(3, { kind: 'labels', document: labels(5) }),
    );
    const refused = await renderPdf(3, { kind: 'labels', document: labels(5) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('TOO_MANY_REQUESTS');
    // Those accepted are all drawn, and another partner is not refused meanwhile.
    const bodies = await Promise.all([...accepted, renderPdf(4, { kind: 'labels', document: labels(1) })]);
    expect(bodies.every((b) => b.byteLength > 0)).toBe(true);
  });
});
