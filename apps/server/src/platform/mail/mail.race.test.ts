import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { mailRendererOf } from '../../jobs';
import { testConfig, testDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { deliverPendingMail } from './jobs';
import { queueMail } from './service';
import { activation, switchableRelay } from './test-relay';

describe('retries of refused mail', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: App;
  const relay = switchableRelay();

  beforeAll(async () => {
    ({ database, drop } = await testDatabase());
    app = await buildApp({
      config: testConfig({ mail: { kind: 'log' } }),
      database,
      jobs: false,
      mailTransport: relay,
    });
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });
  const deliver = () => deliverPendingMail(app.platform, mailRendererOf(app.platform));

  it('sends each mail once when workers run side by side', async () => {
    relay.refusing = false;
    relay.sent.length = 0;
    const recipients = Array.from({ length: 6 }, (_, i) => `parallel${i}@shop.test`);
    for (const to of recipients) await queueMail(database.db, activation(to));
    const runs = await Promise.all([deliver(), deliver(), deliver()]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(relay.sent.map((m) => m.to).sort()).toEqual([...recipients].sort());
  });
});
