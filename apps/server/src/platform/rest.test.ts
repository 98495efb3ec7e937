import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.app.inject({ method: 'GET', url, headers });

describe('platform HTTP endpoints', () => {
  it('answers /healthz once ready', async () => {
    const response = await get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('serves feature flags at /fefl', async () => {
    expect((await get('/fefl')).json()).toEqual({
      croatiaEnabled: false,
      registrationEnabled: true,
      newVersionNotice: true,
    });
  });

  it('serves every language at /translations/localization/{projectId}/{lang}', async () => {
    const cs = (await get('/translations/localization/partner-portal/cs')).json();
    expect(cs.errors.BAD_CREDENTIALS).toBe('Nesprávné přístupové údaje');
    for (const lang of ['en', 'hr', 'hu', 'pl', 'sk', 'sl']) {
      expect((await get(`/translations/localization/partner-portal/${lang}`)).statusCode).toBe(200);
    }
    const unknown = await get('/translations/localization/partner-portal/de', { 'accept-language': 'cs' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/translations/localization/other/cs')).statusCode).toBe(404);
  });

  it('does not serve metrics to anybody without a configured token', async () => {
    expect((await get('/metrics')).statusCode).toBe(404);
    expect((await get('/metrics', { authorization: 'Bearer guess-guess-guess-guess' })).statusCode).toBe(404);
  });

  it('sends security headers and a request id', async () => {
    const response = await get('/healthz', { 'x-request-id': 'trace-123' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Websockets only to this host, not to any.
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' ws://localhost:80 wss://localhost:80",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBe('trace-123');
  });

  it('keeps a crafted Host header out of the CSP', async () => {
    const response = await get('/healthz', { host: "evil.test; script-src 'unsafe-inline'" });
    expect(response.headers['content-security-policy']).not.toContain('evil');
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('answers unknown API paths and bad bodies with catalogue codes, never a 500', async () => {
    const missing = await server.app.app.inject({ method: 'POST', url: '/nothing-here' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'NOT_FOUND']);
    const bad = await server.app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect([bad.statusCode, bad.json().errors?.[0]?.extensions?.code ?? bad.json().code]).toEqual([
      400,
      'INVALID_REQUEST',
    ]);
    const huge = await server.app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'REQUEST_BODY_SIZE_EXCEEDED']);
  });

  it('answers GraphQL argument errors with INVALID_REQUEST in the caller language', async () => {
    const result = await server.gql('mutation { login(email: 1) { token } }', {}, { lang: 'en' });
    expect([result.errors?.[0]?.extensions.code, result.errors?.[0]?.message]).toEqual([
      'INVALID_REQUEST',
      'The request is not valid.',
    ]);
    expect(result.status).toBe(400);
    const czech = await server.gql('mutation { login(email: 1) { token } }', {}, { lang: 'cs' });
    expect(czech.errors?.[0]?.extensions.code).toBe('INVALID_REQUEST');
    expect(czech.errors?.[0]?.message).not.toBe('The request is not valid.');
  });
});
