import { parentPort } from 'node:worker_threads';
import type { XmlNode } from '@pp/domain';
import { parseBatch } from './import-prepare';
import type { FromWorker, ToWorker } from './import-pipeline';
import { FileRefusal, IMPORT_BATCH, IMPORT_BATCH_ELEMENTS, readItems } from './import-read';

/**
 * The import worker of the product XML import (started by import-pipeline.ts through import-worker.mjs, in
 * a thread with a memory limit): every byte of the uploaded file is parsed here, never on the server's own
 * thread. Pass 1 checks the whole file; pass 2 reads it again, parses the ITEMs and runs the schema and the
 * sanitiser, batch by batch, while the job's thread writes the batches before. It works ahead only as far
 * as the job allows (credit), and asks for bytes only when it needs them.
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

/** The file's bytes once through. The job's thread opens the file again after the 'checked' message. */
async function* input(): AsyncGenerator<Uint8Array> {
  ended = false;
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

function elementsOf(node: XmlNode): number {
  let n = 1;
  for (const child of node.children) n += elementsOf(child);
  return n;
}

try {
  // Pass 1: nothing is prepared, let alone written, before the whole file passed.
  const check = readItems(input(), false);
  let checked = await check.next();
  while (!checked.done) checked = await check.next();
  post({ type: 'checked', items: checked.value });

  let batch: XmlNode[] = [];
  let elements = 0;
  for await (const items of readItems(input(), true)) {
    for (const item of items) {
      batch.push(item);
      elements += elementsOf(item);
      if (batch.length >= IMPORT_BATCH || elements >= IMPORT_BATCH_ELEMENTS) {
        await send(batch);
        batch = [];
        elements = 0;
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
