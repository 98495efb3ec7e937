// Moved to the platform (one URL check for webhooks, image fetches and feeds): kept here for the webhooks' imports.
export * from '../../platform/net/url-check';
