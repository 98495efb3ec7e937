import type { BrandRequestStatus } from '@pp/domain';

/** One colour per request outcome, the same for the seller's history and the operators' queue. */
export const BRAND_REQUEST_COLORS: Record<BrandRequestStatus, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
};

export function brandRequestColor(status: string): string {
  return BRAND_REQUEST_COLORS[status as BrandRequestStatus] ?? 'gray';
}
