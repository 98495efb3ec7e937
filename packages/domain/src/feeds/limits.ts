/**
 * Bounds of a feed download (issue 21): a seller's feed is fetched from their server on a schedule, so it may
 * be far larger than an upload (PRODUCT_XML_MAX_BYTES); it is read as a stream and never held whole, so the
 * limits bound time and the work a broken or hostile server can cause, not memory.
 */

/** Bytes of a feed's body (decoded) at most; past this the download stops with FEED_TOO_LARGE. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** How long the connection (DNS, TCP, TLS) and the response's head may take. */
export const FEED_CONNECT_TIMEOUT_MS = 30_000;
/** The whole download, body included: a large feed at a slow server still ends. */
export const FEED_TOTAL_TIMEOUT_MS = 30 * 60_000;
/** Redirects followed at most, each one checked against the allow-list again. */
export const FEED_MAX_REDIRECTS = 5;
/** ITEMs of one ITEMGROUP_ID at most: a product with more variants than this is refused, not held in memory. */
export const FEED_MAX_GROUP_ITEMS = 2_000;
