/** The live stream (spec section 7): the client sends these messages… */
export const STREAM_CLIENT_MESSAGES = ['login', 'app_version', 'ping'] as const;
export type StreamClientMessage =
  | { type: 'login'; token: string }
  | { type: 'app_version'; version: string }
  | { type: 'ping' };

/** …and receives these events. Later areas add their own names here. */
export const STREAM_EVENTS = [
  'pong',
  'logged_in',
  'error',
  'broadcast',
  'app_new_version',
  'portal_new_invoice_export',
  'product_import_progress',
  'availability_import_progress',
  'product_validate_progress',
  'availability_validate_progress',
  'portal_delivery_note_pdf',
  'update_campaign',
  /** A billing run moved (operators): { runId, status, documents, offsets }. */
  'billing_run_progress',
  /** New billing documents of the partner were issued: { period, documents }. The billing pages refresh. */
  'billing_documents_issued',
  /** Operators accepted or declined the partner's self-billing request: { status }. */
  'self_billing_decided',
  'order_status_changed',
  /** The marketplace handed in a new order: { orderId, status }. Grids offer it, counts and figures refresh. */
  'order_created',
  /** A file export (grid export, SLA export) moved: BEGIN, PROGRESS, END (with the file) or ERROR. */
  'export_progress',
  /** The status import of a CSV moved: BEGIN, PROGRESS, END (with the result). */
  'order_import_progress',
  /** "Activate all" products moved: BEGIN, PROGRESS, END or ERROR, with done and total. */
  'product_activation_progress',
  /** A batch change of one field over many products moved: BEGIN, PROGRESS, END or ERROR. */
  'product_batch_progress',
  /** An image at a seller's URL was fetched and stored, or gave no image: { productId, url, status }. */
  'product_media_fetched',
  /**
   * An operator accepted or rejected a brand request: { requestId, name, status }. Reaches the requesting
   * partner and the operators (another operator's queue changes too).
   */
  'brand_request_decided',
  /** A partner asked for a new brand: { requestId, name }. Reaches the operators, whose queue grows. */
  'brand_request_created',
  /** The partner's onboarding workflow moved: { status }. */
  'workflow_changed',
  /** A partner notification was recorded (and its e-mails queued): { id }. Reaches the partner's people. */
  'notification_created',
  /** An operator answered a conversation: { conversationId }. Reaches the conversation's partner. */
  'message_received',
  /** A partner wrote (a new conversation or a reply): { conversationId, partnerId }. Reaches the operators. */
  'message_sent',
  /** A partner's webhook turned BROKEN or OK again: { webhookId, status }. */
  'webhook_status_changed',
  /** MALL Delivery of a partner moved (requested, decided, switched off) or its settings changed: { state }. */
  'mall_delivery_changed',
  /** A delivery method was created, changed or deleted: { id, code, action }. The grid and checks refresh. */
  'delivery_method_changed',
  /**
   * The partner's warehouse and delivery settings changed (its own save, or the marketplace's switches set by an
   * operator): { fields } names what changed. The warehouse page and the cash-on-delivery notices read them again.
   */
  'delivery_settings_changed',
  /**
   * A carrier branch file load moved: { loadId, status (BEGIN, PROGRESS, END, ERROR), done, total, … }.
   * Reaches the operators (the cockpit's upload).
   */
  'carrier_branches_load_progress',
  /**
   * A run of a feed moved: { feedId, runId, type, status (BEGIN, PROGRESS, END, ERROR), processed, updated,
   * unchanged, errors, code? }. One event per format, so each reaches the people holding that feed's right.
   */
  'mall_feed_run_progress',
  'heureka_feed_run_progress',
  /** A feed URL's check moved: { feedId, type, state (VALIDATING, VALID, INVALID), code? }. */
  'mall_feed_validate_progress',
  'heureka_feed_validate_progress',
  /** An operator switched a feature flag: { name, enabled, flags } (every flag now). Reaches everybody signed in. */
  'feature_flags_changed',
  /** Operators switched a service module of the partner: { module, enabled }. The portal reads its session again. */
  'service_modules_changed',
  /** Operators published a portal dialog to markets: { id }. The portal asks for its dialog again. */
  'portal_dialog_published',
] as const;
export type StreamEventType = (typeof STREAM_EVENTS)[number];

export interface StreamEvent<T = unknown> {
  type: StreamEventType;
  data?: T;
}

/**
 * Who receives an event: everybody signed in, one partner's people, one account, the sellers of markets, or
 * the operators (administrators signed in as themselves, not while acting as a partner).
 */
export type StreamAudience =
  | { all: true }
  | { partnerId: number }
  | { accountId: number }
  | { shops: string[] }
  | { operators: true };

export const STREAM_PING_INTERVAL_MS = 15_000;
/** A socket that sends nothing for three ping periods is considered gone. */
export const STREAM_IDLE_TIMEOUT_MS = 3 * STREAM_PING_INTERVAL_MS;
/**
 * A socket must send a valid `login` this soon after it opens, or it is closed (4408). The web sends
 * login as soon as the socket opens, so five seconds is generous even on a slow line.
 */
export const STREAM_LOGIN_TIMEOUT_MS = 5_000;
/** Sockets one session may hold in one server process: several tabs are normal, hundreds are not. */
export const STREAM_SOCKETS_PER_SESSION = 10;

/** Close codes of the live stream (4000–4999 are the application's own). */
export const STREAM_CLOSE = {
  /** Unknown, used or expired stream token; login with another session; the session ended. */
  unauthenticated: 4401,
  /** Idle for three ping periods, or no login within STREAM_LOGIN_TIMEOUT_MS. */
  timeout: 4408,
  /** The session already holds STREAM_SOCKETS_PER_SESSION sockets in this process. */
  tooManySockets: 4429,
} as const;

export function streamPath(token: string): string {
  return `/v1/stream-api/${encodeURIComponent(token)}/ws`;
}
