import { parentPort } from 'node:worker_threads';
import type { XmlNode } from '@pp/domain';
import { parseBatch } from './import-prepare';
import { FileRefusal, IMPORT_BATCH, readItems } from './import-read';
import type { FromWorker, ToWorker } from './import-pipeline';

/**
 * The preparation worker of the product XML import (started by import-pipeline.ts through
 * import-worker.mjs): reads the file's bytes as the job hands them over, parses the ITEMs and runs the
 * schema and the sanitiser, batch by batch, while the job's thread writes the batches before. It works
 * ahead only as far as the job allows (credit), and asks for bytes only when it needs them: memory stays
 * bounded whatever the file.
 */
const port = parentPort;
if (!port) throw new Error('import-worker runs as a worker thread');

const chunks: (Uint8Array | null)[] = [];
let credit = 0;
/** Chunks asked for and not yet received: the job's thread may be busy writing when asked, so a few are
 * kept in flight and the parser never waits for a round trip. */
let asked = 0;
let ended = false;
const WINDOW = 8;
let wake: (() => void) | null = null;
const post = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'chunk') {
    asked--;
    chunks.push(message.data);
  } else if (message.type === 'end') {
    asked = 0;
    ended = true;
    chunks.push(null);
  } else {
    credit += message.batches;
  }
  const w = wake;
  wake = null;
  w?.();
});

const nextMessage = () =>
  new Promise<void>((resolve) => {
    wake = resolve;
  });

async function* input(): AsyncGenerator<Uint8Array> {
  for (;;) {
    if (!ended && chunks.length + asked < WINDOW) {
      post({ type: 'more', chunks: WINDOW - chunks.length - asked });
      asked = WINDOW - chunks.length;
    }
    while (chunks.length === 0) await nextMessage();
    const chunk = chunks.shift();
    if (!chunk) return;
    yield chunk;
  }
}

async function send(nodes: XmlNode[]): Promise<void> {
  while (credit <= 0) await nextMessage();
  credit--;
  post({ type: 'batch', batch: parseBatch(nodes) });
}

try {
  let batch: XmlNode[] = [];
  for await (const items of readItems(input(), true)) {
    for (const item of items) {
      batch.push(item);
      if (batch.length >= IMPORT_BATCH) {
        await send(batch);
        batch = [];
      }
    }
  }
  if (batch.length) await send(batch);
  post({ type: 'done' });
} catch (error) {
  post(
    error instanceof FileRefusal
      ? { type: 'refusal', code: error.code, params: error.params }
      : { type: 'failure', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
