/**
 * What happens to a partner that others may hear of: webhooks subscribe to some of these, notification
 * settings choose who is mailed about others. One list, so a new event is added in one place.
 */
export const PARTNER_EVENT_TYPES = [
  'ORDER_CREATED',
  'ORDER_STATUS_CHANGED',
  'ORDER_CANCELLATION_REQUESTED',
  'PRODUCT_IMPORT_FINISHED',
  'BRAND_REQUEST_DECIDED',
  'WORKFLOW_STATUS_CHANGED',
  'MESSAGE_RECEIVED',
  'WEBHOOK_BROKEN',
  'MALL_DELIVERY_DECIDED',
  /** A feed run refused items or failed whole (issue 21): { feedId, runId, feed, status, processed, errors, errorCode }. */
  'FEED_RUN_WITH_ERRORS',
  /** Operators accepted or declined self-billing (issue 23): { state, fromPeriod?, reason? }. */
  'SELF_BILLING_DECIDED',
] as const;
export type PartnerEventType = (typeof PARTNER_EVENT_TYPES)[number];

export function isPartnerEventType(value: string): value is PartnerEventType {
  return (PARTNER_EVENT_TYPES as readonly string[]).includes(value);
}

/** An event as the server emits it: `data` is the public payload a webhook receives (ids, states, counts). */
export interface PartnerEvent {
  partnerId: number;
  type: PartnerEventType;
  data: Record<string, string | number | boolean | null>;
  /** ISO time the event happened. */
  at: string;
}
