/**
 * The client side of the throughput bench (see load.ts for the job and the outcome): a closed loop of
 * `concurrency` workers, each sending its next request when the previous answer has been read in full,
 * over keep-alive connections (one per worker) to a loopback address. Plain Node, no dependency.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

async function run(job) {
  const target = new URL(job.url);
  if (!LOOPBACK.has(target.hostname)) throw new Error('loopback addresses only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const base = { path: target.pathname + target.search, body: Buffer.from(job.body) };
  // Requests sent in turn: a write bench spreads its changes over many rows.
  const targets = job.targets?.length ? job.targets.map((t) => ({ path: t.path, body: Buffer.from(t.body) })) : [base];
  let next = 0;
  const windowStart = performance.now() + job.warmupMs;
  const windowEnd = windowStart + job.durationMs;
  const latencies = [];
  let failed = 0;
  let firstFailure = null;

  function once() {
    const { path, body } = targets[next++ % targets.length];
    const headers = { ...job.headers, 'content-type': 'application/json', 'content-length': String(body.length) };
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: job.method ?? 'POST',
          headers,
          agent,
        },
        (response) => {
          const chunks = [];
          response.on('data', (c) => chunks.push(c));
          response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString() }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  async function worker() {
    while (performance.now() < windowEnd) {
      const t0 = performance.now();
      let ok = false;
      let text = '';
      try {
        const answer = await once();
        text = answer.text;
        ok = answer.status === (job.okStatus ?? 200) && !text.includes('"errors":[');
      } catch (error) {
        text = String(error);
      }
      const t1 = performance.now();
      if (t1 < windowStart || t1 > windowEnd) continue;
      latencies.push(t1 - t0);
      if (!ok) {
        failed++;
        firstFailure ??= text.slice(0, 300);
      }
    }
  }

  await Promise.all(Array.from({ length: job.concurrency }, () => worker()));
  agent.destroy();
  return { completed: latencies.length, failed, latencies, windowMs: job.durationMs, firstFailure };
}

run(workerData).then(
  (outcome) => parentPort.postMessage({ outcome }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
