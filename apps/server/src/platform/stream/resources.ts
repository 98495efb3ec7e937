import type { Resource, StreamEventType } from '@pp/domain';

/**
 * The resource each event belongs to: a partner's event reaches only the members holding read on it there,
 * the same right the page that shows it asks for (an account without orders gets no order events). Null:
 * the event is the whole membership's (notifications, the onboarding status, stream housekeeping) or never
 * goes to a partner's people (operators' queues, an account's own export).
 *
 * A Record over every event name: a new event does not compile until it says what it belongs to.
 */
export const STREAM_EVENT_RESOURCE: Readonly<Record<StreamEventType, Resource | null>> = {
  pong: null,
  logged_in: null,
  error: null,
  broadcast: null,
  app_new_version: null,
  portal_new_invoice_export: 'billing',
  product_import_progress: 'products',
  availability_import_progress: 'products',
  product_validate_progress: 'products',
  availability_validate_progress: 'products',
  portal_delivery_note_pdf: 'orders',
  update_campaign: 'campaigns',
  billing_run_progress: null,
  billing_documents_issued: 'billing',
  self_billing_decided: 'billing',
  order_status_changed: 'orders',
  order_created: 'orders',
  // Sent to the account that started it, which held the kind's right then.
  export_progress: null,
  order_import_progress: 'orders',
  product_activation_progress: 'products',
  product_batch_progress: 'products',
  product_media_fetched: 'products',
  brand_request_decided: 'brands',
  brand_request_created: null,
  // The onboarding status shapes every member's navigation.
  workflow_changed: null,
  // Each member's own notification list (membership is its only right).
  notification_created: null,
  message_received: 'messages',
  message_sent: null,
  webhook_status_changed: 'webhook',
  // The partner's deliveries pages; operators' queues get it as operators.
  mall_delivery_changed: 'deliveries',
  delivery_method_changed: 'deliveries',
  delivery_settings_changed: 'deliveries',
  // Operators only (the cockpit's branch file upload).
  carrier_branches_load_progress: null,
  // The feed pages (issue 21), each behind its format's right.
  mall_feed_run_progress: 'mallFeed',
  heureka_feed_run_progress: 'heurekaFeed',
  mall_feed_validate_progress: 'mallFeed',
  heureka_feed_validate_progress: 'heurekaFeed',
  // Everybody's: the markets a session offers follow the flags (issue 24).
  feature_flags_changed: null,
  // What every member may open changes with the partner's modules (issue 24).
  service_modules_changed: null,
  // Sent to markets; each person's portal asks whether the dialog is theirs (issue 24).
  portal_dialog_published: null,
};
