import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CLEANUP_JOB } from '../modules/auth/jobs';
import { MAIL_SEND_JOB } from './mail/jobs';
import { sessions } from '../modules/auth/tables';
import { startTestServer, type TestServer } from '../test/harness';
import { eventually } from '../test/waits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(async () => server?.close());

/** The worker polls its queue (every second): nothing announces a job's end to wait for but its state. */
function waitForState(name: string, id: string, wanted: string) {
  return eventually(
    `job ${name} ${id} to be ${wanted}`,
    async () => (await server.app.platform.jobs.state(name, id)) === wanted,
    { timeoutMs: 30_000 },
  );
}

describe('jobs', () => {
  it('queues a job inside a transaction: kept when the change commits, gone when it rolls back', async () => {
    const jobs = server.app.platform.jobs;
    let rolledBackId: string | null = null;
    await expect(
      server.database.db.transaction(async (tx) => {
        rolledBackId = await jobs.send(MAIL_SEND_JOB, {}, { tx });
        throw new Error('the command failed');
      }),
    ).rejects.toThrow('the command failed');
    expect(rolledBackId).toBeTruthy();
    expect(await jobs.state(MAIL_SEND_JOB, rolledBackId!)).toBeNull();

    const committedId = await server.database.db.transaction((tx) => jobs.send(MAIL_SEND_JOB, {}, { tx }));
    await waitForState(MAIL_SEND_JOB, committedId!, 'completed');
  });

  it('runs the session clean-up as a persisted job: expired sessions go, live ones stay', async () => {
    const live = await server.login('partner@demo.test');
    await server.login('multi@demo.test');
    await server.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where account_id = (select id from accounts where email = 'multi@demo.test')`,
    );
    const before = await server.database.db.select().from(sessions);
    const id = await server.app.platform.jobs.send(SESSION_CLEANUP_JOB, {});
    expect(id).toBeTruthy();
    await waitForState(SESSION_CLEANUP_JOB, id!, 'completed');
    const after = await server.database.db.select().from(sessions);
    expect(after.length).toBe(before.length - 1);
    expect(await server.gql('{ session { account { email } } }', {}, { token: live.token })).toMatchObject({
      status: 200,
    });
  });
});
