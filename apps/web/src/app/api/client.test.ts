import { describe, expect, it, vi } from 'vitest';
import { graphql } from '../../graphql/graphql';
import { ApiError, errorMessage } from './apiError';
import { createApiClient } from './client';

const Ping = graphql(`
  query StreamToken {
    streamToken
  }
`);

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(response: Response | (() => Promise<Response>), token: string | null = 'tok') {
  const onSessionEnd = vi.fn();
  const onSessionOutdated = vi.fn();
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  const client = createApiClient({
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => token,
    getPartnerId: () => '12',
    getLanguage: () => 'sk',
    onSessionEnd,
    onSessionOutdated,
  });
  return { client, onSessionEnd, onSessionOutdated, fetchMock };
}

describe('api client', () => {
  it('sends the document with the session, partner, application and language headers', async () => {
    const { client, fetchMock } = setup(answer({ data: { streamToken: 's' } }));
    await expect(client.request(Ping, {})).resolves.toEqual({ streamToken: 's' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer tok',
      'x-partner-id': '12',
      'x-application-name': 'partner-portal-web',
      'accept-language': 'sk',
    });
    expect(JSON.parse(init.body as string)).toEqual({ query: expect.stringContaining('streamToken'), variables: {} });
  });

  it.each(['UNAUTHORIZED', 'AUTHENTICATION_ERROR'])('ends the session on %s', async (code) => {
    const { client, onSessionEnd } = setup(answer({ errors: [{ message: 'gone', extensions: { code } }] }));
    await expect(client.request(Ping, {})).rejects.toMatchObject({ code });
    expect(onSessionEnd).toHaveBeenCalledOnce();
  });

  it('reads a refusal made before GraphQL ran (the rate limit) by its catalogue code', async () => {
    const { client, onSessionEnd } = setup(
      answer({ code: 'TOO_MANY_REQUESTS', message: 'Príliš veľa požiadaviek.', fields: [] }, 429),
    );
    await expect(client.request(Ping, {})).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Príliš veľa požiadaviek.',
      status: 429,
    });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('has the session checked again, not ended, when the master now requires two-factor sign-in', async () => {
    const { client, onSessionEnd, onSessionOutdated } = setup(
      answer({ errors: [{ message: 'set it up', extensions: { code: 'TWO_FACTOR_REQUIRED' } }] }),
    );
    await expect(client.request(Ping, {})).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(onSessionOutdated).toHaveBeenCalledOnce();
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('ends the session on HTTP 401 even without a GraphQL body', async () => {
    const { client, onSessionEnd } = setup(new Response('nope', { status: 401 }));
    await expect(client.request(Ping, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(onSessionEnd).toHaveBeenCalledOnce();
  });

  it('does not end a session it did not send (public calls such as login)', async () => {
    const { client, onSessionEnd, fetchMock } = setup(
      answer({ errors: [{ message: 'x', extensions: { code: 'AUTHENTICATION_ERROR' } }] }),
    );
    await expect(client.request(Ping, {}, { anonymous: true })).rejects.toBeInstanceOf(ApiError);
    expect(onSessionEnd).not.toHaveBeenCalled();
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('keeps the server’s translated message for a known code', async () => {
    const { client, onSessionEnd } = setup(
      answer({ errors: [{ message: 'Nesprávne prihlasovacie údaje', extensions: { code: 'BAD_CREDENTIALS' } }] }),
    );
    const error = await client.request(Ping, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_CREDENTIALS', message: 'Nesprávne prihlasovacie údaje' });
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('turns an unknown code into UNKNOWN with the catalogue text', async () => {
    const { client } = setup(answer({ errors: [{ message: 'stack trace…', extensions: { code: 'WHATEVER' } }] }));
    const error = await client.request(Ping, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UNKNOWN', message: '' });
    const t = ((key: string) => `t:${key}`) as never;
    expect(errorMessage(error, t)).toBe('t:errors.UNKNOWN');
    expect(errorMessage(new Error('boom'), t)).toBe('t:errors.UNKNOWN');
  });

  it('reads field issues for forms', async () => {
    const { client } = setup(
      answer({
        errors: [
          {
            message: 'invalid',
            extensions: { code: 'VALIDATION_ERROR', fields: [{ field: 'email', rule: 'required' }, { bogus: 1 }] },
          },
        ],
      }),
    );
    const error = (await client.request(Ping, {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual([{ field: 'email', rule: 'required' }]);
  });

  it('passes an abort through untouched, so navigation-cancelled requests can be ignored', async () => {
    const controller = new AbortController();
    const { client } = setup(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const error = await client.request(Ping, {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('reports an unreachable server as SERVICE_UNAVAILABLE', async () => {
    const { client } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request(Ping, {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
