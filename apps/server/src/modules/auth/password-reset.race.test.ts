import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const REQUEST = 'mutation($e: String!) { passwordResetRequest(email: $e) }';

describe('password reset', () => {
  it('limits reset mails per e-mail address, known or not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.gql(REQUEST, { e: 'flood@demo.test' }, { ip: '10.9.9.9' })),
    );
    expect(answers.filter((a) => a.data?.passwordResetRequest === true)).toHaveLength(3);
    expect(answers.filter((a) => codeOf(a) === 'TOO_MANY_ATTEMPTS')).toHaveLength(7);
  });
});
