import type { Action, Resource } from '@pp/domain';
import { exportKindOf } from '../exports/registry';

/** The right a caller needs on the file's partner to download a stored file of some kind. */
export interface FileAccess {
  resource: Resource;
  action: Action;
}

/**
 * What each kind of stored file belongs to: a download needs the same right as the page the file comes
 * from, so an account without the partner tab cannot fetch the contract it lists by guessing the link.
 * Kept here rather than beside each upload so that one table answers "who may read this file" for every
 * kind; exports name their own right when they register.
 */
const KIND_ACCESS: Readonly<Record<string, FileAccess>> = {
  // The partner tab's documents (contracts, statements) and the shop's logo.
  'partner-document': { resource: 'partner', action: 'read' },
  'partner-logo': { resource: 'partner', action: 'read' },
  // A brand request's logo, before and after it is decided.
  'brand-logo': { resource: 'brands', action: 'read' },
  // Product pictures and an uploaded product XML file.
  'product-image': { resource: 'products', action: 'read' },
  'product-thumb': { resource: 'products', action: 'read' },
  'product-import': { resource: 'products', action: 'read' },
  // A seller's campaign file (also served by GET /portal/campaign/{id}/import/{importId}/download).
  'campaign-import': { resource: 'campaigns', action: 'read' },
  // Conversations with the marketplace.
  'message-attachment': { resource: 'messages', action: 'read' },
  // An order's delivery note, an uploaded status file and its result report.
  'delivery-note': { resource: 'orders', action: 'read' },
  'order-status-import': { resource: 'orders', action: 'read' },
  'order-status-import-result': { resource: 'orders', action: 'read' },
  // The billing export's zip (also served by GET /portal/invoices/export/{exportId}/zip).
  'billing-export': { resource: 'billing', action: 'read' },
};

/**
 * The right a kind needs, or null for a kind nobody named: such a file is served to no one (a new kind
 * must say what it belongs to before its files can be downloaded).
 */
export function accessOfFileKind(kind: string): FileAccess | null {
  const known = KIND_ACCESS[kind];
  if (known) return known;
  const exported = exportKindOf(kind);
  return exported ? { resource: exported.resource, action: exported.action } : null;
}
