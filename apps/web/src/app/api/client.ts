import { SESSION_ENDING_CODES, SESSION_OUTDATING_CODES } from '@pp/domain';
import type { TadaDocumentNode } from 'gql.tada';
import { documentText } from '../../graphql/graphql';
import { ApiError, isAbortError, toApiError } from './apiError';

export const APPLICATION_NAME = 'partner-portal-web';

export interface ApiClientOptions {
  endpoint?: string;
  fetch?: typeof fetch;
  getToken: () => string | null;
  getPartnerId: () => string | null;
  getLanguage: () => string;
  /** Called when the server says the session is gone; the app clears it and returns to login. */
  onSessionEnd: () => void;
  /**
   * Called when the server refuses because the session's standing changed under it (a master now requires
   * two-factor sign-in of its accounts): the app checks the session again, which leads where it must.
   */
  onSessionOutdated?: () => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Public operations (login and friends) are sent without the stored token. */
  anonymous?: boolean;
}

export interface ApiClient {
  request<Result, Variables>(
    document: TadaDocumentNode<Result, Variables>,
    variables: Variables,
    options?: RequestOptions,
  ): Promise<Result>;
}

interface GraphQLAnswer {
  data?: unknown;
  errors?: { message?: unknown; extensions?: { code?: unknown; fields?: unknown } }[];
  /** A refusal made before GraphQL ran (the rate limit, a malformed request) has the REST error shape. */
  code?: unknown;
  message?: unknown;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const endpoint = options.endpoint ?? '/graphql';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  return {
    async request(document, variables, requestOptions = {}) {
      const token = requestOptions.anonymous ? null : options.getToken();
      const partnerId = options.getPartnerId();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-application-name': APPLICATION_NAME,
        'accept-language': options.getLanguage(),
      };
      if (token) headers.authorization = `Bearer ${token}`;
      if (partnerId) headers['x-partner-id'] = partnerId;

      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ query: documentText(document), variables: variables ?? {} }),
          signal: requestOptions.signal,
        });
      } catch (error) {
        // Navigation cancelled the request: the caller ignores it, so it must stay an abort.
        if (isAbortError(error) || requestOptions.signal?.aborted) throw error;
        throw new ApiError('SERVICE_UNAVAILABLE', '');
      }

      // Only a session we sent can end; a refused public call (e.g. wrong password) is an ordinary error.
      const endSession = () => {
        if (token) options.onSessionEnd();
      };

      let answer: GraphQLAnswer | null = null;
      try {
        answer = (await response.json()) as GraphQLAnswer;
      } catch (error) {
        if (isAbortError(error)) throw error;
        answer = null;
      }

      if (response.status === 401) {
        endSession();
        throw answer?.errors?.length
          ? toApiError(answer.errors, 401)
          : new ApiError('UNAUTHORIZED', '', [], response.status);
      }
      if (answer?.errors?.length) {
        const error = toApiError(answer.errors, response.status);
        const rawCodes = answer.errors.map((e) => e.extensions?.code);
        if (rawCodes.some((c) => typeof c === 'string' && SESSION_ENDING_CODES.includes(c))) endSession();
        else if (token && rawCodes.some((c) => typeof c === 'string' && SESSION_OUTDATING_CODES.includes(c))) {
          options.onSessionOutdated?.();
        }
        throw error;
      }
      if (!response.ok && typeof answer?.code === 'string') {
        throw toApiError([{ message: answer.message, extensions: { code: answer.code } }], response.status);
      }
      if (!response.ok || !answer || answer.data == null) {
        throw new ApiError(response.status === 503 ? 'SERVICE_UNAVAILABLE' : 'UNKNOWN', '', [], response.status);
      }
      // The typed document states the shape of data; the server is generated from the same schema.
      return answer.data as never;
    },
  };
}
