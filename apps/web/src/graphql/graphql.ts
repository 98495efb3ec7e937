import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';
export { readFragment } from 'gql.tada';

const tada = initGraphQLTada<{ introspection: introspection; scalars: { DateTime: string; ID: string } }>();

/**
 * gql.tada keeps the source text only for fragments, and printing a document back would need the GraphQL
 * printer as another dependency; so every document remembers its own text and its fragments' texts
 * (each fragment once, however many paths lead to it).
 */
const blocks = new WeakMap<object, readonly string[]>();

export const graphql = ((source: string, fragments?: readonly object[]) => {
  const document = (tada as (s: string, f?: readonly object[]) => object)(source, fragments);
  // @_unmask is a client-side marker of gql.tada; the server does not know the directive.
  const own = source.replace(/@_unmask\b/g, '').trim();
  const all = new Set([own, ...(fragments ?? []).flatMap((f) => blocks.get(f) ?? [])]);
  blocks.set(document, [...all]);
  return document;
}) as unknown as typeof tada;

export function documentText(document: object): string {
  const parts = blocks.get(document);
  if (!parts) throw new Error('GraphQL document was not created with graphql()');
  return parts.join('\n\n');
}
