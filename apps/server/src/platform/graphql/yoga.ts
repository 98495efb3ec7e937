import { DomainError, ERROR_CODES, type ErrorCode, languageFromAcceptLanguage, type Language } from '@pp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ExecutionResult, GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Platform, RequestContext } from '../context';
import { databaseRefusal, toGraphQLError } from '../errors';
import { translate } from '../i18n';
import { createRequestContext } from '../request-context';
import { graphqlLimits, TOO_COMPLEX } from './limits';
import { readOnlySessions } from './read-only';
import { schema } from './schema';

const CATALOGUE: ReadonlySet<string> = new Set(ERROR_CODES);

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

function coded(code: ErrorCode, lang: Language, error: GraphQLError, extra: Record<string, unknown> = {}) {
  return new GraphQLError(translate(lang, `errors.${code}`), {
    path: error.path,
    extensions: { code, ...extra },
  });
}

/**
 * Every error leaves as a catalogue code with a message in the caller's language: DomainErrors as they
 * are, a statement stopped by the database's timeout as QUERY_TIMEOUT, argument errors as INVALID_REQUEST,
 * and anything unexpected as INTERNAL (logged with the request id, never with its stack to the caller).
 */
function errorsPlugin(production: boolean): Plugin<RequestContext> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result, setResult }) {
          if (!('errors' in result) || !result.errors?.length) return;
          const ctx = args.contextValue as RequestContext;
          const errors = result.errors.map((error) => {
            const original = error.originalError;
            const known = original instanceof DomainError ? original : databaseRefusal(original);
            if (known) {
              const mapped = toGraphQLError(known, ctx.lang);
              return new GraphQLError(mapped.message, { path: error.path, extensions: mapped.extensions });
            }
            // Compared by name: graphql-js may be loaded twice (ESM and CommonJS) and instanceof fails across them.
            if (!original || original.name === 'GraphQLError') {
              const code = error.extensions?.code;
              if (code === 'ACCESS_DENIED') return coded('ACCESS_DENIED', ctx.lang, error);
              // Variables the schema refuses (an unknown enum value, an Int past 2^31) stop the operation before
              // any field runs, so there is no data: a bad request like a document refused before it ran. Without
              // the status, yoga takes an error made outside its own graphql module for a crash and answers 500.
              const http = 'data' in result && result.data !== undefined ? {} : { http: { status: 400 } };
              return coded('INVALID_REQUEST', ctx.lang, error, production ? http : { ...http, detail: error.message });
            }
            ctx.log.error({ err: original, path: error.path }, 'unexpected error in GraphQL resolver');
            return coded('INTERNAL', ctx.lang, error, { requestId: ctx.requestId });
          });
          // A failed field is nulled by GraphQL; keep the data so partial answers stay intact.
          setResult({ ...result, errors });
        },
      };
    },
    // Errors before execution (a document that does not parse, fails validation or breaks a limit) never
    // reach onExecuteDone: they get their code here, in the language the request asked for.
    onResultProcess({ request, result, setResult }) {
      if (Array.isArray(result) || !result || Symbol.asyncIterator in result) return;
      const single = result as ExecutionResult;
      // Yoga's own codes (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED …) are not the catalogue's.
      const inCatalogue = (error: GraphQLError) => CATALOGUE.has(String(error.extensions?.code));
      if (!single.errors || single.errors.every(inCatalogue)) return;
      const lang = languageFromAcceptLanguage(request.headers.get('accept-language') ?? undefined);
      const errors = single.errors.map((error) => {
        if (inCatalogue(error)) return error;
        // A document refused before it ran is a bad request, as GraphQL over HTTP answers it: 400.
        const http = { status: 400 };
        if (error.message.includes(TOO_COMPLEX)) return coded('QUERY_TOO_COMPLEX', lang, error, { http });
        return coded('INVALID_REQUEST', lang, error, production ? { http } : { http, detail: error.message });
      });
      setResult({ ...single, errors });
    },
  };
}

export function createGraphQL(platform: Platform) {
  const production = platform.config.production;
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    maskedErrors: false,
    landingPage: false,
    logging: false,
    // Cross-origin rules live in one Fastify hook for every route (app.ts), not per transport.
    cors: false,
    context: async ({ req }) => {
      try {
        return await createRequestContext(platform, req);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const lang = languageFromAcceptLanguage(req.headers['accept-language']);
        const mapped = toGraphQLError(error, lang);
        throw new GraphQLError(mapped.message, {
          extensions: { ...mapped.extensions, http: { status: error.code === 'AUTHENTICATION_ERROR' ? 401 : 400 } },
        });
      }
    },
    plugins: [...graphqlLimits({ production }), readOnlySessions(), errorsPlugin(production)],
  });
}
