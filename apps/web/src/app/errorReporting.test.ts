import { describe, expect, it, vi } from 'vitest';
import { readErrorReportingDsn, startErrorReporting } from './errorReporting';
import { FILTERED, scrubEvent, scrubText } from './errorScrub';

describe('scrubText', () => {
  it('takes the tokens out of every secret link of the portal', () => {
    const cases: [string, string][] = [
      ['https://p.test/registration-confirm/abcDEF123', `https://p.test/registration-confirm/${FILTERED}`],
      [
        'https://p.test/registration-complete/pw-token/login-token',
        `https://p.test/registration-complete/${FILTERED}/${FILTERED}`,
      ],
      ['/login/token/s3cr3t?x=1', `/login/token/${FILTERED}?x=1`],
      ['/login/reset-password/r3s3t', `/login/reset-password/${FILTERED}`],
      ['/remote-login/h4sh/token/t0k3n/partner/12', `/remote-login/${FILTERED}/token/${FILTERED}/partner/12`],
      ['wss://p.test/v1/stream-api/str34m/ws', `wss://p.test/v1/stream-api/${FILTERED}/ws`],
      ['/orders?page=2&token=abc&password=x', `/orders?page=2&token=${FILTERED}&password=${FILTERED}`],
      ['Authorization: Bearer eyJhbGciOi.xyz', `Authorization: Bearer ${FILTERED}`],
    ];
    for (const [input, output] of cases) expect(scrubText(input)).toBe(output);
  });

  it('leaves ordinary addresses alone', () => {
    expect(scrubText('https://p.test/orders/123?page=2')).toBe('https://p.test/orders/123?page=2');
  });
});

describe('scrubEvent', () => {
  it('strips headers, bodies, cookies and secret fields from a report, and secrets from its texts', () => {
    const event = {
      message: 'failed at /login/token/abc',
      request: {
        url: 'https://p.test/registration-confirm/tok123',
        headers: { Authorization: 'Bearer abc', Cookie: 'a=b', 'User-Agent': 'Chromium' },
        data: '{"password":"hunter2hunter2"}',
        cookies: { sid: 'x' },
        query_string: 'token=abc',
      },
      extra: { password: 'hunter2hunter2', passwordRepeat: 'x', loginToken: 'y', note: 'ok' },
      breadcrumbs: [
        { category: 'navigation', data: { from: '/login/reset-password/r1', to: '/orders' } },
        { category: 'fetch', data: { url: '/graphql', method: 'POST', request_body: '{"p":"x"}' } },
      ],
      exception: { values: [{ value: 'GET /registration-complete/a/b failed' }] },
    };
    const scrubbed = scrubEvent(event);
    const text = JSON.stringify(scrubbed);
    for (const secret of ['hunter2', 'tok123', 'Bearer abc', 'a=b', 'r1', '"p":"x"', 'token=abc', '/a/b']) {
      expect(text).not.toContain(secret);
    }
    expect(scrubbed.request.headers).toEqual({ 'User-Agent': 'Chromium' });
    expect(scrubbed.request).not.toHaveProperty('data');
    expect(scrubbed.extra).toEqual({ password: FILTERED, passwordRepeat: FILTERED, loginToken: FILTERED, note: 'ok' });
    expect(scrubbed.breadcrumbs[0]!.data).toEqual({ from: `/login/reset-password/${FILTERED}`, to: '/orders' });
    expect(scrubbed.breadcrumbs[1]!.data).toEqual({ url: '/graphql', method: 'POST' });
    // The original is not changed (the SDK may keep it).
    expect(event.request.headers.Authorization).toBe('Bearer abc');
  });
});

describe('startErrorReporting', () => {
  it('loads nothing and sends nothing without a DSN', async () => {
    const load = vi.fn();
    expect(await startErrorReporting({ readDsn: async () => null, load })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('starts the SDK with the DSN and the scrubbing hooks', async () => {
    const init = vi.fn();
    const started = await startErrorReporting({
      readDsn: async () => 'https://key@errors.example.com/4',
      load: async () => ({ init }),
    });
    expect(started).toBe(true);
    const options = init.mock.calls[0]![0];
    expect(options).toMatchObject({ dsn: 'https://key@errors.example.com/4', sendDefaultPii: false });
    const sent = options.beforeSend({ request: { url: '/login/token/abc', headers: { authorization: 'x' } } });
    expect(sent).toEqual({ request: { url: `/login/token/${FILTERED}`, headers: {} } });
    expect(options.beforeBreadcrumb({ data: { to: '/registration-confirm/t' } })).toEqual({
      data: { to: `/registration-confirm/${FILTERED}` },
    });
  });

  it('never breaks the page when the SDK cannot load', async () => {
    const failing = async () => {
      throw new Error('offline');
    };
    expect(await startErrorReporting({ readDsn: async () => 'https://k@e.test/1', load: failing })).toBe(false);
  });
});

describe('readErrorReportingDsn', () => {
  it('reads the DSN the server gives with the flags, and only an http(s) one', async () => {
    const answer = (body: unknown) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;
    expect(
      await readErrorReportingDsn(answer({ croatiaEnabled: false, errorReportingDsn: 'https://k@e.test/1' })),
    ).toBe('https://k@e.test/1');
    expect(await readErrorReportingDsn(answer({ croatiaEnabled: false }))).toBeNull();
    expect(await readErrorReportingDsn(answer({ errorReportingDsn: 'javascript:alert(1)' }))).toBeNull();
  });
});
