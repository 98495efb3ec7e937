/**
 * The parts of an OpenAPI 3.1 document the docs page reads, and plain functions over them. The page renders
 * whatever the server's document holds (/v1/openapi.json, generated from the routes' schemas), so nothing
 * here names an endpoint.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  description?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  not?: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaContent {
  content?: Record<string, { schema?: JsonSchema }>;
}

export interface OpenApiResponse extends MediaContent {
  description?: string;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: MediaContent & { required?: boolean };
  responses?: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Endpoint {
  /** Unique within the document: `get /v1/orders/{id}`. */
  id: string;
  /** Unique too, and usable inside an HTML id (no spaces or slashes): `e3-get-v1-orders-id`. */
  key: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The query parameter every call carries: the page fills it from the client id box, never from a form field. */
export const CLIENT_ID_PARAMETER = 'client_id';

/** Endpoints grouped by their first tag, tags and endpoints in the document's order. */
export function endpointsByTag(document: OpenApiDocument): { tag: string; endpoints: Endpoint[] }[] {
  const groups = new Map<string, Endpoint[]>();
  let count = 0;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = (item.parameters as OpenApiParameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const own = operation.parameters ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const tag = operation.tags?.[0] ?? '';
      const list = groups.get(tag) ?? [];
      list.push({
        id: `${method} ${path}`,
        key: `e${count++}-${`${method}${path}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`,
        method: method.toUpperCase(),
        path,
        operation: { ...operation, parameters },
      });
      groups.set(tag, list);
    }
  }
  return [...groups].map(([tag, endpoints]) => ({ tag, endpoints }));
}

/** Endpoints whose method, path, summary or tag contain every word of the search (any case). */
export function matchesSearch(endpoint: Endpoint, search: string): boolean {
  const haystack =
    `${endpoint.method} ${endpoint.path} ${endpoint.operation.summary ?? ''} ${endpoint.operation.tags?.join(' ') ?? ''}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The schema a local `$ref` points at, with the component's name; other schemas as they are. */
export function resolveRef(document: OpenApiDocument, schema: JsonSchema): { schema: JsonSchema; ref?: string } {
  const prefix = '#/components/schemas/';
  if (!schema.$ref?.startsWith(prefix)) return { schema };
  const name = schema.$ref.slice(prefix.length);
  return { schema: document.components?.schemas?.[name] ?? {}, ref: name };
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Whether a schema has parts worth a nested view (properties, or items that have them). */
export function isComposite(document: OpenApiDocument, schema: JsonSchema, depth = 0): boolean {
  if (depth > 3) return false;
  const resolved = resolveRef(document, schema).schema;
  if (resolved.properties && Object.keys(resolved.properties).length > 0) return true;
  // `string | null` says everything on its type line; variants open only when one of them has parts.
  const variants = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (variants) return variants.some((variant) => isComposite(document, variant, depth + 1));
  if (resolved.items) return isComposite(document, resolved.items, depth + 1);
  return false;
}

/**
 * A short, language-neutral type: `integer`, `string | null`, `object[]`, `integer[] | object[]`. Enums and
 * constants show their values elsewhere, so they read as their type.
 */
export function typeLabel(document: OpenApiDocument, schema: JsonSchema, depth = 0): string {
  if (depth > 4) return '…';
  const resolved = resolveRef(document, schema).schema;
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) return unique(variants.map((v) => typeLabel(document, v, depth + 1))).join(' | ');
  if (resolved.allOf) return unique(resolved.allOf.map((v) => typeLabel(document, v, depth + 1))).join(' & ');
  if (resolved.not && Object.keys(resolved.not).length === 0) return 'never';
  const types = typesOf(resolved);
  if (types.length === 0) {
    if (resolved.properties) return 'object';
    if (resolved.items) return `${typeLabel(document, resolved.items, depth + 1)}[]`;
    if (resolved.const !== undefined) return typeof resolved.const;
    if (resolved.enum) return unique(resolved.enum.map((v) => (v === null ? 'null' : typeof v))).join(' | ');
    return 'any';
  }
  return types
    .map((type) => {
      if (type !== 'array') return type;
      if (!resolved.items) return 'array';
      const item = typeLabel(document, resolved.items, depth + 1);
      return item.includes('|') ? `(${item})[]` : `${item}[]`;
    })
    .join(' | ');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The bound zod gives every integer (±2^53−1): no limit a reader needs to see. */
const isSafeIntegerBound = (n: number | undefined) => n !== undefined && Math.abs(n) >= Number.MAX_SAFE_INTEGER;

export type Constraint =
  | { kind: 'range'; text: string }
  | { kind: 'length'; text: string }
  | { kind: 'items'; text: string }
  | { kind: 'pattern'; text: string }
  | { kind: 'format'; text: string }
  | { kind: 'default'; text: string };

function range(min: number | undefined, max: number | undefined, minOpen = false, maxOpen = false) {
  if (min !== undefined && max !== undefined && !minOpen && !maxOpen) return min === max ? `${min}` : `${min}–${max}`;
  const parts: string[] = [];
  if (min !== undefined) parts.push(`${minOpen ? '>' : '≥'} ${min}`);
  if (max !== undefined) parts.push(`${maxOpen ? '<' : '≤'} ${max}`);
  return parts.join(', ');
}

/** What a value must keep to, beyond its type: bounds, lengths, pattern, format, default. */
export function constraintsOf(schema: JsonSchema): Constraint[] {
  const out: Constraint[] = [];
  const min = isSafeIntegerBound(schema.minimum) ? undefined : schema.minimum;
  const max = isSafeIntegerBound(schema.maximum) ? undefined : schema.maximum;
  const exclusiveMin = isSafeIntegerBound(schema.exclusiveMinimum) ? undefined : schema.exclusiveMinimum;
  const exclusiveMax = isSafeIntegerBound(schema.exclusiveMaximum) ? undefined : schema.exclusiveMaximum;
  const numeric = range(
    min ?? exclusiveMin,
    max ?? exclusiveMax,
    min === undefined && exclusiveMin !== undefined,
    max === undefined && exclusiveMax !== undefined,
  );
  if (numeric) out.push({ kind: 'range', text: numeric });
  const length = range(schema.minLength || undefined, schema.maxLength);
  if (length) out.push({ kind: 'length', text: length });
  const items = range(schema.minItems || undefined, schema.maxItems);
  if (items) out.push({ kind: 'items', text: items });
  if (schema.pattern) out.push({ kind: 'pattern', text: schema.pattern });
  if (schema.format) out.push({ kind: 'format', text: schema.format });
  if (schema.default !== undefined) out.push({ kind: 'default', text: JSON.stringify(schema.default) });
  return out;
}

/** The values an enum (or a constant) allows, as JSON text. */
export function enumValues(document: OpenApiDocument, schema: JsonSchema): string[] | null {
  const resolved = resolveRef(document, schema).schema;
  if (resolved.enum) return resolved.enum.map((v) => JSON.stringify(v));
  if (resolved.const !== undefined) return [JSON.stringify(resolved.const)];
  return null;
}

/** The first JSON schema of a request body or an answer. */
export function jsonSchemaOf(content: MediaContent | undefined): JsonSchema | undefined {
  const media = content?.content;
  if (!media) return undefined;
  return (media['application/json'] ?? Object.values(media)[0])?.schema;
}

/**
 * A successful answer split along the envelope the page explains once: `data` (and any other top-level
 * member, like `errors` of the checks) is shown per endpoint; `result` is the same everywhere and `paging`
 * only says the answer is a page.
 */
export function answerOf(
  document: OpenApiDocument,
  operation: OpenApiOperation,
): { status: string; paged: boolean; members: [string, JsonSchema][]; empty: boolean } | null {
  const entry = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
  if (!entry) return null;
  const [status, response] = entry;
  const schema = jsonSchemaOf(response);
  if (!schema) return { status, paged: false, members: [], empty: true };
  const resolved = resolveRef(document, schema).schema;
  const properties = resolved.properties;
  if (!properties?.result) return { status, paged: false, members: [['', schema]], empty: false };
  const members = Object.entries(properties).filter(([name]) => name !== 'result' && name !== 'paging');
  return { status, paged: 'paging' in properties, members, empty: false };
}

/** The request's address: path parameters filled in, the query in order and `client_id` last, as clients send it. */
export function requestUrl(
  path: string,
  pathValues: Record<string, string>,
  query: [string, string][],
  extraQuery: string,
  clientId: string,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of query) if (value !== '') search.append(name, value);
  for (const [name, value] of new URLSearchParams(extraQuery.replace(/^[?&]+/, ''))) {
    if (name && name !== CLIENT_ID_PARAMETER) search.append(name, value);
  }
  search.append(CLIENT_ID_PARAMETER, clientId);
  return `${filled}?${search.toString()}`;
}

/** The same address with the client id hidden, for showing on screen. */
export function maskedUrl(url: string): string {
  return url.replace(/([?&]client_id=)[^&]*/, '$1…');
}

export interface RateLimit {
  limit: string | null;
  remaining: string | null;
  /** Unix seconds. */
  reset: number | null;
}

export function rateLimitOf(headers: Headers): RateLimit {
  const reset = Number(headers.get('x-ratelimit-reset'));
  return {
    limit: headers.get('x-ratelimit-limit'),
    remaining: headers.get('x-ratelimit-remaining'),
    reset: headers.get('x-ratelimit-reset') && Number.isFinite(reset) ? reset : null,
  };
}

/**
 * A starting body for a request: the schema's required members with a value of their type (the first
 * allowed value of an enum, the lower bound of a number, one item of a list that needs one). The partner
 * edits it; it only saves looking up the member names.
 */
export function exampleOf(document: OpenApiDocument, schema: JsonSchema, depth = 0): unknown {
  const resolved = resolveRef(document, schema).schema;
  if (depth > 6) return null;
  if (resolved.const !== undefined) return resolved.const;
  if (resolved.enum?.length) return resolved.enum[0];
  if (resolved.default !== undefined) return resolved.default;
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants?.length) {
    const concrete = variants.find((v) => !typesOf(resolveRef(document, v).schema).includes('null')) ?? variants[0]!;
    return exampleOf(document, concrete, depth + 1);
  }
  if (resolved.allOf?.length) {
    return Object.assign({}, ...resolved.allOf.map((part) => exampleOf(document, part, depth + 1)));
  }
  const type = typesOf(resolved).find((t) => t !== 'null') ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const required = new Set(resolved.required ?? []);
      const entries = Object.entries(resolved.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, member]) => [name, exampleOf(document, member, depth + 1)]));
    }
    case 'array':
      // A whole-body list (the availability batch) starts with one item to fill in.
      return resolved.items && ((resolved.minItems ?? 0) > 0 || depth === 0)
        ? [exampleOf(document, resolved.items, depth + 1)]
        : [];
    case 'integer':
    case 'number':
      return resolved.minimum !== undefined && !isSafeIntegerBound(resolved.minimum) ? resolved.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return null;
  }
}
