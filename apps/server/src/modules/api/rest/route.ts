import type { V1Paging } from '@pp/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import type { V1JsonArray } from './envelope';

/**
 * One endpoint of the partner REST API v1. Every route is declared this way and nothing else: the plugin
 * (plugin.ts) validates the query, path and body with these zod schemas, runs the handler with the key's
 * RequestContext and wraps what it returns in the envelope; the OpenAPI document (openapi.ts) is generated
 * from the very same schemas. To add an endpoint, declare it in a `routes-*.ts` file and list it in
 * `V1_ROUTES` (routes.ts); the handler gets parsed input and calls a service, as a GraphQL resolver does.
 */
export interface V1Route<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's form, under /v1: `/categories/:id/parameters`. */
  path: string;
  /** For the OpenAPI document (developer documentation, in English like the marketplace's). */
  summary: string;
  tag: string;
  query?: Q;
  params?: P;
  body?: B;
  /** The schema of `data` in a successful answer. */
  data: D;
  /** A list answer carries `paging`. */
  paged?: boolean;
  /**
   * A success answers 204 with an empty body (the marketplace's batch and delete calls); `data` is then
   * `z.null()` and the handler returns `{ data: null }`.
   */
  noContent?: boolean;
  /** The marketplace's clients read some answers under another top-level name too (`errors` of the checks). */
  alsoAs?: string;
  handler(
    ctx: RequestContext,
    /** `rawQuery`: the query as sent, for list filters on any column (`status=in:open,shipping`). */
    input: { query: z.output<Q>; params: z.output<P>; body: z.output<B>; rawQuery: Record<string, unknown> },
  ): Promise<{ data: z.input<D> | V1JsonArray; paging?: V1Paging }>;
}

/** Declares a route with its types inferred from its schemas. */
export function v1Route<Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  route: V1Route<Q, P, B, D>,
): V1Route {
  return route as unknown as V1Route;
}
