import { DomainError } from '@pp/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Platform, RequestContext } from '../context';
import { toGraphQLError } from '../errors';
import { translate } from '../i18n';
import { createRequestContext } from '../request-context';
import { schema } from './schema';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Every error leaves as a catalogue code with a message in the caller's language: DomainErrors as they
 * are, argument errors as INVALID_REQUEST, and anything unexpected as INTERNAL (logged with the request id,
 * never with its stack to the caller).
 */
function errorsPlugin(): Plugin<RequestContext> {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result, setResult }) {
          if (!('errors' in result) || !result.errors?.length) return;
          const ctx = args.contextValue as RequestContext;
          const errors = result.errors.map((error) => {
            const original = error.originalError;
            if (original instanceof DomainError) {
              const mapped = toGraphQLError(original, ctx.lang);
              return new GraphQLError(mapped.message, { path: error.path, extensions: mapped.extensions });
            }
            // Compared by name: graphql-js may be loaded twice (ESM and CommonJS) and instanceof fails across them.
            if (!original || original.name === 'GraphQLError') {
              return new GraphQLError(translate(ctx.lang, 'errors.INVALID_REQUEST'), {
                path: error.path,
                extensions: { code: 'INVALID_REQUEST', detail: error.message },
              });
            }
            ctx.log.error({ err: original, path: error.path }, 'unexpected error in GraphQL resolver');
            return new GraphQLError(translate(ctx.lang, 'errors.INTERNAL'), {
              path: error.path,
              extensions: { code: 'INTERNAL', requestId: ctx.requestId },
            });
          });
          // A failed field is nulled by GraphQL; keep the data so partial answers stay intact.
          setResult({ ...result, errors });
        },
      };
    },
  };
}

export function createGraphQL(platform: Platform) {
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    maskedErrors: false,
    landingPage: false,
    logging: false,
    context: ({ req }) => createRequestContext(platform, req),
    plugins: [errorsPlugin()],
  });
}
