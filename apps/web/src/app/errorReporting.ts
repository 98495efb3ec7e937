/**
 * Reports the web's uncaught errors to a Sentry-compatible endpoint, only when the deployment names one
 * (spec §2): the DSN comes with the feature flags (`/fefl`), and without it the SDK is never downloaded
 * and nothing is sent. Before anything leaves the browser, secrets are taken out: tokens in the paths of
 * confirmation, password and sign-in links, secret-looking query values and fields, authorization headers,
 * cookies and request bodies.
 */

/** The DSN the deployment configured, or null. */
export async function readErrorReportingDsn(doFetch: typeof fetch = fetch): Promise<string | null> {
  const response = await doFetch('/fefl', { headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as { errorReportingDsn?: unknown } | null;
  const dsn = body?.errorReportingDsn;
  return typeof dsn === 'string' && /^https?:\/\//.test(dsn) ? dsn : null;
}

type SentryInit = (options: {
  dsn: string;
  sendDefaultPii: boolean;
  release?: string;
  beforeSend: <E>(event: E) => E;
  beforeBreadcrumb: <B>(breadcrumb: B) => B;
}) => unknown;

/**
 * Starts error reporting when a DSN is configured; resolves to whether it did. The SDK is imported
 * dynamically, so it is a chunk of its own that only such deployments download.
 */
export async function startErrorReporting(
  options: { readDsn?: () => Promise<string | null>; load?: () => Promise<{ init: SentryInit }> } = {},
): Promise<boolean> {
  try {
    const dsn = await (options.readDsn ?? readErrorReportingDsn)();
    if (!dsn) return false;
    // The scrubber comes with the SDK: deployments without a DSN download neither.
    const [sdk, { scrubEvent }] = await Promise.all([
      (options.load ?? (() => import('@sentry/browser') as unknown as Promise<{ init: SentryInit }>))(),
      import('./errorScrub'),
    ]);
    sdk.init({
      dsn,
      sendDefaultPii: false,
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
    });
    return true;
  } catch {
    // Reporting is a convenience: a failure to start it must never break the page.
    return false;
  }
}
