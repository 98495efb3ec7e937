import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from '../../../test/harness';
import { TEST_BRAND, TEST_CATEGORY } from '../../products/test-catalog';

/** Helpers of the v1 product and variant tests: calls with a JSON body, as the marketplace's PHP client sends them. */

export function v1Call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  clientId: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const join = path.includes('?') ? '&' : '?';
  return server.app.app.inject({
    method,
    url: `${path}${join}client_id=${encodeURIComponent(clientId)}`,
    headers: { 'accept-language': 'en', 'content-type': 'application/json' },
    // PHP's json_encode of an empty array when there is nothing to send.
    payload: JSON.stringify(body ?? []),
  });
}

/** A product as the PHP client's ProductRequest writes it (mandatory keys always, empty maps as `[]`). */
export function phpProduct(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: `${TEST_BRAND.name} T-shirt ${id}`,
    shortdesc: 'Soft cotton',
    longdesc: '<p>Soft <strong>cotton</strong></p>',
    category_id: String(TEST_CATEGORY.leaf),
    vat: 21,
    media: [],
    promotions: [],
    variants: [],
    parameters: [],
    variable_parameters: [],
    priority: 1,
    price: 1000,
    availability: { status: 'A', in_stock: 7 },
    labels: [],
    recommended: [],
    delivery_delay: 2,
    free_delivery: false,
    mallbox_allowed: false,
    brand_id: TEST_BRAND.id,
    ...extra,
  };
}

const PORTAL_PRODUCT = `query($id: ID!) { product(id: $id) { id title productType price rrp purchasePrice vat inStock
  status stage shortDesc parameters media { url main fetchStatus } variants { id title price inStock imageUrl
  status parameters } } }`;

/** The product as the portal's detail page reads it (GraphQL, signed in as the partner's master). */
export async function portalProduct(
  server: TestServer,
  email: string,
  partnerId: number,
  id: string,
): Promise<Record<string, unknown> | null> {
  const { token } = await server.login(email);
  const answer = await server.gql<{ product: Record<string, unknown> | null }>(
    PORTAL_PRODUCT,
    { id },
    { token, partnerId },
  );
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.product;
}
