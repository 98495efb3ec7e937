import { z } from 'zod';
import type { V1Route } from './route';

/**
 * The OpenAPI 3.1 document of the v1 API, generated from the zod schemas the routes validate with (zod's
 * own JSON Schema output, draft 2020-12 as OpenAPI 3.1 uses it): never written by hand, so it cannot drift
 * from what the routes accept and answer.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

const result = z.object({
  code: z.number().int(),
  status: z.enum(['OK', 'ERROR', 'LIMITED']),
  message: z.string(),
});

const paging = z.object({
  total: z.number().int().min(0),
  pages: z.number().int().min(1),
  size: z.number().int().min(0),
  page: z.number().int().min(1),
});

export const V1_ERROR_SCHEMA = z.object({
  result,
  errorCodes: z
    .array(
      z.object({
        errorCode: z.string(),
        message: z.string(),
        errorAttributes: z.record(z.string(), z.union([z.string(), z.number()])),
      }),
    )
    .min(1),
  /** PRICE_PROTECTION_ERROR only: the force token where the marketplace's PHP client reads it. */
  data: z.object({ data: z.object({ forceToken: z.string() }) }).optional(),
});

/** The whole answer of a route: the envelope around its `data`. */
export function successSchema(route: V1Route): z.ZodType {
  return z.object({
    result,
    ...(route.paged ? { paging } : {}),
    data: route.data,
    ...(route.alsoAs ? { [route.alsoAs]: route.data } : {}),
  });
}

/**
 * Moves a schema's own `$defs` (zod puts recursive parts there, like the category tree) into the document's
 * components: inside an OpenAPI document `#/$defs/…` would point at the document's root, not the schema's.
 */
function hoisted(schema: JsonSchema, prefix: string, components: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  if (!$defs) return schema;
  const names = Object.keys($defs);
  const rename = (text: string) =>
    names.reduce((out, name) => out.split(`"#/$defs/${name}"`).join(`"#/components/schemas/${prefix}${name}"`), text);
  for (const name of names) components[`${prefix}${name}`] = JSON.parse(rename(JSON.stringify($defs[name])));
  return JSON.parse(rename(JSON.stringify(rest)));
}

function parametersOf(route: V1Route) {
  const list: Record<string, unknown>[] = [];
  const add = (schema: z.ZodType | undefined, where: 'query' | 'path') => {
    if (!(schema instanceof z.ZodObject)) return;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: where,
        required: where === 'path' || !field.safeParse(undefined).success,
        schema: jsonSchema(field, 'input'),
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  list.push({
    name: 'client_id',
    in: 'query',
    required: true,
    description: 'The API key: the secret shown once when the key was issued in the partner portal.',
    schema: { type: 'string' },
  });
  return list;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const LIMIT_HEADERS = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests a day in this domain' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left today' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time the count starts again' },
};

export function openApiDocument(routes: readonly V1Route[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(V1_ERROR_SCHEMA, 'output') };
  for (const route of routes) {
    const path = `/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const prefix = `${route.method}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}_`;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      ...(route.body
        ? { requestBody: { content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } }
        : {}),
      responses: {
        ...(route.noContent
          ? { 204: { description: 'Done (no body)', headers: LIMIT_HEADERS } }
          : {
              200: {
                description: 'OK',
                headers: LIMIT_HEADERS,
                content: {
                  'application/json': { schema: hoisted(jsonSchema(successSchema(route), 'output'), prefix, schemas) },
                },
              },
            }),
        400: errorResponse('The request is not valid'),
        401: errorResponse('The client_id is missing, unknown, expired or revoked'),
        403: errorResponse('The key has no right to this'),
        404: errorResponse('Not found'),
        409: errorResponse('The state of the object does not allow this (e.g. a blocked order)'),
        429: errorResponse('The daily limit of this domain is used up'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner REST API',
      version: '1',
      description:
        'Wire-compatible with the marketplace REST API: every call carries ?client_id=, answers are ' +
        '{"result","paging","data"}, refusals {"result","errorCodes"}. Dates are "YYYY-MM-DD HH:MM:SS" in Prague time.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas },
  };
}
