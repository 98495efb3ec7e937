import { z } from 'zod';
import type { ProviderType } from '../partner/partner';
import type { ApiDomain } from './api';

/**
 * The platforms a partner's integration connects from (spec: "integration kinds: several shop platforms,
 * several ERP systems, a carrier-automation tool, a generic custom integration and a REST integration";
 * the partner's `pluginProvider`). Codes are stored; names are shown through `integrations.kinds.<code>`.
 */
export const INTEGRATION_KIND_GROUPS = {
  SHOP_PLATFORM: ['SHOPTET', 'UPGATES', 'ESHOP_RYCHLE', 'WOOCOMMERCE', 'PRESTASHOP', 'MAGENTO', 'SHOPIFY'],
  ERP: ['MONEY_S3', 'POHODA', 'HELIOS', 'ABRA'],
  CARRIER_AUTOMATION: ['BALIKOBOT'],
  OTHER: ['CUSTOM', 'REST'],
} as const;
export type IntegrationKindGroup = keyof typeof INTEGRATION_KIND_GROUPS;
export const INTEGRATION_KIND_GROUP_ORDER = Object.keys(INTEGRATION_KIND_GROUPS) as IntegrationKindGroup[];

export const INTEGRATION_KINDS = INTEGRATION_KIND_GROUP_ORDER.flatMap(
  (group) => INTEGRATION_KIND_GROUPS[group],
) as IntegrationKind[];
export type IntegrationKind = (typeof INTEGRATION_KIND_GROUPS)[IntegrationKindGroup][number];

export function isIntegrationKind(value: unknown): value is IntegrationKind {
  return typeof value === 'string' && (INTEGRATION_KINDS as readonly string[]).includes(value);
}

export function integrationKindGroup(kind: IntegrationKind): IntegrationKindGroup {
  return INTEGRATION_KIND_GROUP_ORDER.find((g) => (INTEGRATION_KIND_GROUPS[g] as readonly string[]).includes(kind))!;
}

/** The partner's answer: one kind, or null for "not said". */
export const integrationKindSchema = z.object({ kind: z.enum(INTEGRATION_KINDS, 'invalid').nullable() });

/**
 * The connection type follows real API traffic: a live key used against /v1 proves the partner is connected
 * through the API, so no type or MANUAL becomes API. The connection type says how the offer reaches the
 * marketplace, so a feed gives way only to traffic that carries the offer (the products and availability
 * domains); a feed partner reading its orders over the API keeps its feed. The Fast Centrik plugin is itself
 * an API client and the more exact answer: it stays.
 */
export function connectionTypesTurnedApi(offerTraffic: boolean): readonly (ProviderType | null)[] {
  return offerTraffic ? [null, 'MANUAL', 'HEUREKA_FEED', 'MALL_FEED'] : [null, 'MANUAL'];
}

export function connectionTypeAfterApiTraffic(current: string | null, offerTraffic: boolean): ProviderType | null {
  return connectionTypesTurnedApi(offerTraffic).includes(current as ProviderType | null) ? 'API' : null;
}

/** The API domains whose traffic carries the partner's offer (apiDomainOfPath's names). */
export const OFFER_API_DOMAINS: readonly ApiDomain[] = ['products', 'availability'];

/** What an integration says of itself in X-Application-Name/-Version/-Tag: printable, at most 100 characters. */
export const APPLICATION_HEADER_MAX = 100;

export function applicationHeaderValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[^\x20-\x7e]/g, '?')
    .trim()
    .slice(0, APPLICATION_HEADER_MAX);
}

/** A key's application row is written when first seen in a process and then at most once in this long. */
export const APPLICATION_WRITE_INTERVAL_MS = 60_000;
/** The distinct applications (name, version, tag) kept per key: the ones seen last. */
export const APPLICATIONS_PER_KEY = 20;
