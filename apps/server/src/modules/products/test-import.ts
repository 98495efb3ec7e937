import { expect } from 'vitest';
import type { TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { PRODUCT_IMPORT_JOB } from './xml-import';

/** A product XML of the given ITEM elements, as a seller's feed sends it. */
export const productXml = (...items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items.join('\n')}\n</ITEMS>\n`;

/** One ITEM with its id, a product type (the title) and whatever else the test gives. */
export const productItem = (id: string, extra: string) =>
  `<ITEM><ID>${id}</ID><PRODUCT_TYPE>Item ${id}</PRODUCT_TYPE>${extra}</ITEM>`;

/**
 * Uploads a product XML as the seller's browser does, works the queued job, and answers the import's id, its
 * row as the seller reads it and the progress events of the stream.
 */
export async function importProductXml(server: TestServer, as: { token: string; partnerId: number }, body: string) {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${as.token}`,
      'x-partner-id': String(as.partnerId),
      'accept-language': 'en',
      'content-type': 'application/xml',
    },
    payload: body,
  });
  expect(answer.statusCode, answer.payload).toBe(202);
  const { importId } = answer.json() as { importId: string };
  const stream = await captureStream(server.app.platform, ({ event }) =>
    event?.type === 'product_import_progress' ? (event.data as Record<string, unknown>) : undefined,
  );
  await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
  await stream.stop();
  const latest = await server.gql<{ productImportLatest: Record<string, unknown> }>(
    '{ productImportLatest { id status created updated failed held } }',
    {},
    { token: as.token, partnerId: as.partnerId },
  );
  return { importId, record: latest.data?.productImportLatest, events: stream.events };
}
