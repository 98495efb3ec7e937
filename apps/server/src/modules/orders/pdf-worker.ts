import { parentPort, threadId } from 'node:worker_threads';
import type { PdfTask, PdfTaskResult } from './pdf-pool';
import { renderDeliveryNotePdf, renderLabelsPdf } from './pdf-render';

/**
 * The order PDF worker (started by pdf-pool.ts through pdf-worker.mjs): draws one document at a time, so the
 * server's own thread never spends the seconds that hundreds of label pages take.
 */
const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread');

port.on('message', async (task: PdfTask) => {
  let reply: PdfTaskResult;
  try {
    const body =
      task.kind === 'labels' ? await renderLabelsPdf(task.document) : await renderDeliveryNotePdf(task.document);
    reply = { id: task.id, ok: true, body, threadId };
  } catch (error) {
    reply = { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply, reply.ok ? [reply.body.buffer as ArrayBuffer] : []);
});
