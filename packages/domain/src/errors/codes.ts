/**
 * The error catalogue of both spec files (section 8) as one list of codes. Every failure that reaches a
 * user carries one of these; its message lives in the locale files under `errors.<CODE>`.
 * Families the spec names without codes are spelled out here (see docs/decisions.md).
 */
export const ERROR_CODES = [
  // Authentication and account
  'ACCESS_DENIED',
  'AUTHENTICATION_ERROR',
  'UNAUTHORIZED',
  'BAD_CREDENTIALS',
  'DEACTIVATED',
  'EXPIRED',
  'NOT_CONFIRMED',
  'NO_ACTIVE_PARTNER',
  'PARTNER_ALREADY_REGISTERED',
  // Two-factor sign-in (issue 24)
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_CODE_INVALID',
  'TWO_FACTOR_EXPIRED',
  // Registration
  'EMAIL_TAKEN',
  'COMPANY_NAME_TAKEN',
  'PUBLIC_TITLE_TAKEN',
  'PUBLIC_TITLE_FIXED',
  'COMPANY_LOOKUP_FAILED',
  'REGISTRATION_DISABLED',
  'UNAUTHORIZED_ACTION',
  'NOT_ALLOWED',
  'TOO_MANY_ATTEMPTS',
  /** An operator signed in as a partner to look only (support role) tried to change something. */
  'READ_ONLY_SESSION',
  /** Operators: nobody deactivates themself or takes their own administrator role. */
  'OPERATOR_SELF_CHANGE',
  /** Operators: the cockpit always keeps one active administrator. */
  'OPERATOR_LAST_ADMINISTRATOR',
  'TOO_MANY_REQUESTS',
  // General
  'ENTITY_ALREADY_EXISTS',
  'ENTITY_NOT_FOUND',
  'NOT_FOUND',
  'INVALID_OPERATION',
  'INVALID_REQUEST',
  'VALIDATION_ERROR',
  'NO_DATA',
  'REQUEST_BODY_MISSING',
  'REQUEST_BODY_SIZE_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'QUERY_TOO_COMPLEX',
  'QUERY_TIMEOUT',
  'IMPORT_IN_PROGRESS',
  'INVALID_CSV_HEADER',
  'INVALID_XML',
  'INTERNAL',
  'UNKNOWN',
  'EXPORT_NOT_FOUND',
  'EXPORT_FAILED',
  'EXPORT_IN_PROGRESS',
  'FINANCING_ERROR',
  // Partner-related
  'MAX_HOOKS_EXCEEDED',
  'MALL_DELIVERY_CONTACT_INCONSISTENT',
  'MALL_DELIVERY_CONTACT_MANDATORY',
  'MALL_DELIVERY_CONTACT_NOT_STANDALONE',
  'MALL_DELIVERY_CONTACT_NOT_UNIQUE',
  'MDP_WAREHOUSE_ADDRESS_MANDATORY',
  'MDP_WAREHOUSE_NOT_UNIQUE',
  'MDP_WAREHOUSE_STANDALONE_TYPE',
  'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY',
  'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY',
  // MALL Delivery state and settings (issue 19)
  'MALL_DELIVERY_REQUEST_NOT_ALLOWED',
  'MALL_DELIVERY_NOT_PENDING',
  'MALL_DELIVERY_NOT_ACTIVE',
  'MALL_DELIVERY_CLASSIC_DISABLED',
  // A method offered through MALL Delivery before it was requested; a method deleted while in use (issue 19)
  'MALL_DELIVERY_NOT_REQUESTED',
  'DELIVERY_IN_USE',
  'DELIVERY_IN_MALL_DELIVERY',
  'CONTACT_LIMIT_EXCEEDED',
  'ADDRESS_LIMIT_EXCEEDED',
  'AT_LEAST_ONE_ADMIN_REQUIRED',
  // Accounts and permissions (issue 10)
  'ACCOUNT_OPERATOR_NOT_LINKABLE',
  'ACCOUNT_MASTER_NOT_CONFIRMED',
  'ACCOUNT_MASTER_PERMISSIONS_FIXED',
  'ACCOUNT_ALREADY_CONFIRMED',
  // Consent to be linked, and rights only from those who hold them (issue 17)
  'ACCOUNT_OWN_PERMISSIONS_FIXED',
  'ACCOUNT_PERMISSION_NOT_HELD',
  'ACCOUNT_INVITATION_INVALID',
  'ACCOUNT_INVITATION_OTHER_ACCOUNT',
  'LEGAL_DATA_MISSING',
  'NOTIFICATION_DELAYED_FAILED',
  'NOTIFICATION_EVENT_SETTING_FAILED',
  'NOTIFICATION_MESSAGE_FAILED',
  'NOTIFICATION_CREATE_FAILED',
  'NOTIFICATION_SETTINGS_CREATE_FAILED',
  'NOTIFICATION_GET_FAILED',
  'NOTIFICATION_UPDATE_FAILED',
  'NOTIFICATION_NOT_FOUND',
  'NOTIFICATION_TOO_MANY_EMAILS',
  'NOTIFICATION_RECIPIENT_REQUIRED',
  'NOTIFICATION_GROUP_WITHOUT_CONTACT',
  'VALIDATION_ANY_PARAMETER',
  'VALIDATION_PARAMETER_REQUIRED',
  'WEBHOOK_LOGS_QUERY_FAILED',
  'WEBHOOK_LOGS_QUERY_TIMEOUT',
  'WEBHOOK_URL_NOT_ALLOWED',
  // The Heureka feeds: an item refused by its rules (feeds/heureka.ts), category pairing (feeds/pairing.ts)
  'HEUREKA_XML_ROOT_INVALID',
  'HEUREKA_ITEM_ID_INVALID',
  'HEUREKA_ITEM_ID_DUPLICATE',
  'HEUREKA_NAME_MISSING',
  'HEUREKA_PRICE_INVALID',
  'HEUREKA_VAT_INVALID',
  'HEUREKA_EAN_INVALID',
  'HEUREKA_URL_INVALID',
  'HEUREKA_CATEGORY_TEXT_TOO_LONG',
  'HEUREKA_DELIVERY_DATE_INVALID',
  'HEUREKA_STOCK_INVALID',
  'HEUREKA_CATEGORY_MISSING',
  'HEUREKA_CATEGORY_UNPAIRED',
  'HEUREKA_BRAND_UNPAIRED',
  'HEUREKA_CATEGORY_NOT_FOUND',
  'HEUREKA_CATEGORY_NOT_LEAF',
  // Heureka feed: an override CSV with refused rows (modules/feeds/overrides-csv.ts); nothing of it was saved
  'HEUREKA_OVERRIDE_ROWS_INVALID',
  // Heureka feed: params-values and brand pairing (modules/feeds/param-pairing*.ts, brand-pairing.ts)
  'HEUREKA_PARAM_NOT_FOUND',
  'HEUREKA_PARAM_VALUE_NOT_FOUND',
  'HEUREKA_PARAM_CATEGORY_UNPAIRED',
  'HEUREKA_PARAM_UNPAIRED',
  'HEUREKA_BRAND_NOT_FOUND',
  // Feeds: downloading a seller's feed file (modules/feeds/fetch.ts) and reading its items
  'FEED_URL_NOT_ALLOWED',
  'FEED_UNREACHABLE',
  'FEED_TIMEOUT',
  'FEED_TOO_LARGE',
  'FEED_HTTP_ERROR',
  'FEED_ITEMGROUP_SPLIT',
  'WEBHOOK_NOT_FOUND',
  // Price lists (commerce §3): a version in force or over never changes
  'PRICE_LIST_NOT_FOUND',
  'PRICE_LIST_VERSION_LOCKED',
  // Campaigns (commerce §3 "Campaign"): reading and the operators' changes
  'CAMPAIGN_NOT_FOUND',
  'CAMPAIGN_PARTNER_BLACKLISTED',
  'CAMPAIGN_TERMS_FROZEN',
  'CAMPAIGN_STATUS_CHANGE',
  // Orders (partner API and orders API)
  'ORDER_CANCELLED',
  'ORDER_ARES_TIMEOUT',
  'ORDER_INVALID_CONFIRMED_VALUE',
  'ORDER_INVALID_TRACKING_NUMBER',
  'ORDER_MDP_SHIPPED_CANNOT_CHANGE',
  'ORDER_MISSING_CONFIRMED_AND_STATUS',
  'ORDER_ID_INVALID',
  'ORDER_NOT_FOUND',
  'ORDER_SAP_STATUS_UPDATE_FAILED',
  'ORDER_BLOCKED_STATUS_CANNOT_CHANGE',
  'ORDER_UNCONFIRMED_CANNOT_CHANGE',
  'BAD_REQUEST',
  'CONFLICT',
  'DELIVERY_DATE_BEFORE_CREATION',
  'DELIVERY_DATE_IN_FUTURE',
  'FIRST_DELIVERY_ATTEMPT_INVALID',
  'INVALID_ORDER_ID',
  'INVALID_PARTNER_ID',
  'CONSIGNMENT_MISSING',
  'INVALID_STATUS_FOR_BRANCH_CHANGE',
  'MISSING_ORDER_ID',
  'MISSING_ITEM_ID',
  'MISSING_SERIAL_NUMBER',
  'ONLY_FOR_MDP_ORDERS',
  'ORDER_NOT_AVAILABLE',
  'CARRIER_API_ERROR',
  'WRONG_STATUS_FOR_CONSIGNMENT',
  // The carrier's API is not set up on this server (ULOZENKA_URL unset, the demo's default): nothing was sent.
  'CARRIER_NOT_CONFIGURED',
  // Catalogue, deliveries, brands
  'BRAND_ALREADY_REQUESTED',
  'CANNOT_UPDATE_DELIVERY_PRICING',
  'HCI_API_TOO_MANY_PARAMS',
  'CARRIER_BRANCH_ERROR',
  'MPAPI_PRICE_DIFFERENCE_VALIDATION',
  'CATEGORY_NOT_DISPLAYED',
  'CATEGORY_EXPORT_FAILED',
  'IMAGE_TOO_HIGH',
  'IMAGE_TOO_WIDE',
  'IMAGE_TOO_LARGE',
  // Catalogue and products (issue 8)
  'PRODUCT_NOT_FOUND',
  'PRODUCT_ALREADY_EXISTS',
  'PRODUCT_NOT_FOR_RESALE',
  'PRODUCT_BLOCKED',
  'CATEGORY_LOCKED',
  'CATEGORY_NOT_FOUND',
  'BRAND_NOT_FOUND',
  'BRAND_REQUEST_NOT_FOUND',
  'BRAND_REQUEST_DECIDED',
  'BRAND_LOGO_TYPE',
  'BRAND_LOGO_DIMENSIONS',
  'BRAND_LOGO_TOO_LARGE',
  'IMAGE_TYPE_NOT_ALLOWED',
  'IMAGE_UNREADABLE',
  'XML_ROOT_INVALID',
  'XML_DOCTYPE_NOT_ALLOWED',
  'XML_TOO_MANY_ITEMS',
  'XML_FILE_TOO_LARGE',
  'XML_ITEM_TOO_LARGE',
  // A file nested too deeply, with too many elements outside ITEM, or too heavy to read (issue 17)
  'XML_TOO_COMPLEX',
  // An import whose run ended with its process (restart, out of memory): failed, never worked again
  'IMPORT_INTERRUPTED',
  'BATCH_FIELD_INVALID',
  'PRODUCT_JOB_IN_PROGRESS',
  // Campaign import
  'AnotherImportConflict',
  'ErrorReadingFile',
  'FormatMissingField',
  'NonUniqueArticleIds',
  'UnsupportedDelimiter',
  'UnsupportedExtension',
  'ValidationProductArticleId',
  'ValidationProductPrice',
  // Campaign import (issue 22): a campaign no longer open to files, a file over the limit, an answer to a
  // confirmation that is not waiting for one
  'CAMPAIGN_NOT_JOINABLE',
  'CAMPAIGN_IMPORT_TOO_LARGE',
  'CAMPAIGN_IMPORT_NOT_CONFIRMABLE',
  // Orders tools: labels, status import, test orders, branch change, delivery notes (issue 7)
  'IMPORT_FILE_MISSING',
  'IMPORT_FILE_TOO_LARGE',
  'IMPORT_FILE_ENCODING',
  'IMPORT_FILE_EMPTY',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_ROW_COLUMNS',
  'TEST_ORDER_DAILY_LIMIT',
  'BRANCH_CHANGE_ONLY_PICKUP_POINT',
  'BRANCH_NOT_AVAILABLE',
  'DELIVERY_NOTE_FAILED',
  // Onboarding settings (addresses, contacts, transport, self-billing)
  'SELF_BILLING_NOT_OFFERED',
  // Billing
  'BILLING_PERIOD_OPEN',
  'SELF_BILLING_NOT_REQUESTED',
  'BILLING_DOCUMENT_NOT_CORRECTABLE',
  'BILLING_CORRECTION_EXCEEDS',
  'ADDRESS_NOT_FOUND',
  'CONTACT_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  // Onboarding workflow
  'WORKFLOW_TRANSITION_NOT_ALLOWED',
  'WORKFLOW_TICKS_INCOMPLETE',
  // Business terms
  'TERMS_NOT_FOUND',
  'TERMS_ALREADY_AGREED',
  'TERMS_VERSION_EXISTS',
  // Partner info tab: bank account, logo, documents (issue 10)
  'IBAN_INVALID',
  'PARTNER_LOGO_TYPE',
  'PARTNER_LOGO_DIMENSIONS',
  'PARTNER_LOGO_TOO_LARGE',
  'DOCUMENT_TYPE_NOT_ALLOWED',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_NOT_FOUND',
  'DOCUMENT_DELETE_NOT_ALLOWED',
  // API keys, sandbox accounts, API limits (issue 10)
  'API_KEY_NOT_FOUND',
  'API_KEY_LIMIT_EXCEEDED',
  'API_MASTER_KEY_LIMIT_EXCEEDED',
  'API_SANDBOX_ACCOUNT_NOT_FOUND',
  'API_SANDBOX_LIMIT_EXCEEDED',
  'API_SANDBOX_EMAIL_TAKEN',
  'API_TIER_NOT_FOUND',
  // The partner REST API v1: a client_id that opens nothing (missing, unknown, not yet or no longer valid)
  'API_CLIENT_INVALID',
  // The partner REST API v1: a price change over 30 % without its force token (the marketplace's code)
  'PRICE_PROTECTION_ERROR',
  // Messages (issue 10)
  'CONVERSATION_NOT_FOUND',
  'MESSAGE_ATTACHMENT_TYPE',
  'MESSAGE_ATTACHMENT_TOO_LARGE',
  'MESSAGE_ATTACHMENT_NOT_FOUND',
  // Uploads: a picture too large to decode, whatever the upload (issue 17)
  'IMAGE_TOO_MANY_PIXELS',
  // Product images fetched from a seller's URL (issue 18): why a URL gave no image
  'REMOTE_IMAGE_NOT_FOUND',
  'REMOTE_IMAGE_NOT_ALLOWED',
  'REMOTE_IMAGE_TIMEOUT',
  'REMOTE_IMAGE_UNREACHABLE',
  // Feed settings and runs (issue 21)
  'FEED_NOT_FOUND',
  'FEED_RUN_NOT_FOUND',
  'FEED_URL_MISSING',
  'FEED_DISABLED',
  'FEED_RUN_INTERRUPTED',
  'FEED_CREDENTIALS_UNREADABLE',
  'FEED_ROOT_INVALID',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Codes that mean the session is gone: the web clears it and returns to login. */
export const SESSION_ENDING_CODES: readonly string[] = ['UNAUTHORIZED', 'AUTHENTICATION_ERROR'];

/**
 * Codes that mean the session's standing changed under it (a master now requires two-factor sign-in of its
 * accounts): the web checks the session again, which leads where it must, rather than showing a refusal.
 */
export const SESSION_OUTDATING_CODES: readonly string[] = ['TWO_FACTOR_REQUIRED'];

/** The code a client shows for anything it does not know. */
export function normalizeErrorCode(value: unknown): ErrorCode {
  return isErrorCode(value) ? value : 'UNKNOWN';
}

export interface FieldIssue {
  /** Dotted path of the input field. */
  field: string;
  /** A validation message key under `validation.` (e.g. `required`, `min`). */
  rule: string;
  params?: Record<string, string | number>;
}

/**
 * A refusal by a business rule. Pure data: the server turns it into a GraphQL or REST error with the
 * message in the caller's language; the web maps the same code to the same message.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields: FieldIssue[];

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, fields: FieldIssue[] = []) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
    this.fields = fields;
  }
}
