import type { Policy, Resource } from '../auth/permissions';

/**
 * A partner's service modules (spec §9: orders, listing, availability, transport, stats, invoices, marketplace
 * delivery, marketplace feed). Operators switch them per partner in the cockpit; all are on by default. A module
 * that is off disables the partner resources it covers: the partner's policies on them come back with
 * `isDisabled: true` and grant nothing (auth/permissions.ts `isAllowed`).
 */
export const SERVICE_MODULES = [
  'orders',
  'listing',
  'availability',
  'transport',
  'stats',
  'invoices',
  'marketplaceDelivery',
  'marketplaceFeed',
] as const;
export type ServiceModule = (typeof SERVICE_MODULES)[number];

/**
 * The resources each module covers (docs/decisions.md "Service modules"). Availability and marketplace delivery
 * have no resource of their own (stock is part of products, MALL Delivery part of deliveries): switching them
 * off takes no whole resource away; their commands (stock writes by the API, the portal and the availability
 * feeds; MALL Delivery's request, settings and method offers) refuse with ACCESS_DENIED instead, each asking the
 * server's `requireModuleOn`. Reads stay.
 */
export const SERVICE_MODULE_RESOURCES: Readonly<Record<ServiceModule, readonly Resource[]>> = {
  orders: ['orders', 'sla'],
  listing: ['products', 'catalog', 'brands'],
  availability: [],
  transport: ['deliveries'],
  stats: ['statistics'],
  invoices: ['billing'],
  marketplaceDelivery: [],
  marketplaceFeed: ['mallFeed', 'heurekaFeed'],
};

export function isServiceModule(value: string): value is ServiceModule {
  return (SERVICE_MODULES as readonly string[]).includes(value);
}

/** The resources the switched-off modules take away. */
export function disabledResources(off: readonly ServiceModule[]): Set<Resource> {
  return new Set(off.flatMap((module) => SERVICE_MODULE_RESOURCES[module]));
}

/** The module that covers a resource, if any (the permission editor names it as the reason). */
export function serviceModuleOf(resource: Resource): ServiceModule | null {
  return SERVICE_MODULES.find((module) => SERVICE_MODULE_RESOURCES[module].includes(resource)) ?? null;
}

/** The policies as held, each marked disabled when a switched-off module covers its resource. */
export function withServiceModules(policies: readonly Policy[], off: readonly ServiceModule[]): Policy[] {
  const disabled = disabledResources(off);
  return policies.map((p) => ({ ...p, isDisabled: disabled.has(p.subject) }));
}
