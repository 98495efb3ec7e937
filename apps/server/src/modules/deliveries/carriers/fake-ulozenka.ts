import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Ulozenka's consignment API (the outside world), for tests: it answers the
 * calls ulozenka.ts makes the way the real API does, and can be told to refuse (422 with a carrier code),
 * to fail (503) or to hang (never answer, so the client's deadline is what ends the call).
 */
export type FakeMode = 'ok' | 'refuse' | 'fail' | 'hang';

export interface FakeUlozenka {
  url: string;
  mode: FakeMode;
  /** What arrived, in order: method, path, headers of interest and the parsed body. */
  requests: { method: string; path: string; shop: string | undefined; body: unknown }[];
  close(): Promise<void>;
}

export async function startFakeUlozenka(): Promise<FakeUlozenka> {
  let next = 1000;
  const hanging = new Set<ServerResponse>();
  const fake: FakeUlozenka = {
    url: '',
    mode: 'ok',
    requests: [],
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = request.url ?? '';
    fake.requests.push({
      method: request.method ?? '',
      path,
      shop: request.headers['x-shop'] as string | undefined,
      body: text ? JSON.parse(text) : null,
    });
    if (fake.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (fake.mode === 'fail') return send(response, 503, { errors: [{ code: 'MAINTENANCE' }] });
    if (fake.mode === 'refuse') {
      return send(response, 422, { errors: [{ code: 'INVALID_DESTINATION', description: 'private data here' }] });
    }
    if (request.method === 'POST' && path === '/v3/consignments') {
      const id = next++;
      return send(response, 201, { data: { id, tracking_number: `UL${id}CZ` } });
    }
    if (request.method === 'POST' && path === '/v3/consignments/export') {
      const body = JSON.parse(text) as { consignments: string[] };
      return send(response, 200, { data: { id: `EXP-${next++}`, consignments: body.consignments } });
    }
    const label = /^\/v3\/consignments\/([^/]+)\/label-data$/.exec(path);
    if (label) return send(response, 200, { data: { barcode: `UL${label[1]}CZ`, routing: 'PRG-12' } });
    const tracking = /^\/v3\/consignments\/([^/]+)\/tracking$/.exec(path);
    if (tracking) return send(response, 200, { data: [{ status: 'REGISTERED', date: '2026-01-01T10:00:00Z' }] });
    send(response, 404, { errors: [{ code: 'NOT_FOUND' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
