import {
  clickLabel,
  isTrackedRoute,
  routeNameOf,
  USAGE_BATCH_MAX,
  USAGE_FLUSH_AT,
  USAGE_FLUSH_MS,
  type UsageEvent,
} from '@pp/domain';
import { APPLICATION_NAME } from './api/client';
import { currentLanguage } from './i18n/i18n';
import { sessionStore } from './session/sessionStore';

/** Events kept while the server cannot be reached; older ones give way (analytics must never grow unbounded). */
const QUEUE_MAX = 200;

/** Where the tracker sends a batch; `closing` when the page is going away (the request must outlive it). */
export type UsageSender = (events: UsageEvent[], closing: boolean) => Promise<'sent' | 'dropped' | 'retry'>;

export interface UsageTracker {
  /** A page was shown; `template` is its route template (`/orders/$orderId`), never the address. */
  view(template: string): void;
  /** A button or link was clicked on the current page. */
  click(label: string): void;
  /** Sends what is queued (in batches of at most USAGE_BATCH_MAX). */
  flush(closing?: boolean): void;
  queued(): number;
}

/**
 * The queue behind page views and clicks (spec §2): events wait in memory and leave in batches when 20 are
 * queued, every 10 s (the caller's timer) or when the page is hidden. Nothing here waits for the network,
 * so tracking can never slow the page down; only signed-in use is recorded (`isSignedIn`).
 */
export function createUsageTracker(options: {
  send: UsageSender;
  isSignedIn: () => boolean;
  now?: () => Date;
}): UsageTracker {
  const now = options.now ?? (() => new Date());
  let queue: UsageEvent[] = [];
  let route: string | null = null;
  let sending = false;

  const push = (event: UsageEvent) => {
    if (!options.isSignedIn()) return;
    queue.push(event);
    if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
    if (queue.length >= USAGE_FLUSH_AT) tracker.flush();
  };

  const tracker: UsageTracker = {
    view(template) {
      route = routeNameOf(template);
      if (isTrackedRoute(route)) push({ kind: 'view', route, at: now().toISOString() });
    },
    click(text) {
      // Clicks on an untracked page stay unrecorded like its view.
      if (route === null || !isTrackedRoute(route)) return;
      const label = clickLabel(text);
      push({ kind: 'click', route, ...(label ? { label } : {}), at: now().toISOString() });
    },
    flush(closing = false) {
      if (queue.length === 0) return;
      // Events of a session that ended go nowhere: the next account must not send them.
      if (!options.isSignedIn()) {
        queue = [];
        return;
      }
      // One request at a time while the page lives; on close everything leaves at once.
      if (sending && !closing) return;
      const batches: UsageEvent[][] = [];
      while (queue.length > 0) batches.push(queue.splice(0, USAGE_BATCH_MAX));
      sending = true;
      void Promise.all(
        batches.map((batch) =>
          options.send(batch, closing).then(
            (outcome) => outcome,
            () => 'retry' as const,
          ),
        ),
      ).then((outcomes) => {
        sending = false;
        outcomes.forEach((outcome, index) => {
          if (outcome === 'retry') queue = [...batches[index]!, ...queue].slice(-QUEUE_MAX);
        });
      });
    },
    queued: () => queue.length,
  };
  return tracker;
}

/** Sends a batch with the session's headers; keepalive lets it finish after the page is gone. */
export const sendUsage: UsageSender = async (events, closing) => {
  const { token, partnerId } = sessionStore.get();
  if (!token) return 'dropped';
  const response = await fetch('/portal/usage', {
    method: 'POST',
    keepalive: closing,
    headers: {
      'content-type': 'application/json',
      'x-application-name': APPLICATION_NAME,
      'accept-language': currentLanguage(),
      authorization: `Bearer ${token}`,
      ...(partnerId ? { 'x-partner-id': partnerId } : {}),
    },
    body: JSON.stringify(events),
  });
  // A refused batch (ended session, rate limit, bad data) is not worth another try; a server error is.
  return response.ok ? 'sent' : response.status >= 500 ? 'retry' : 'dropped';
};

const CLICKABLE = 'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"]';

/** What a click is called: the element's data-track, else its accessible name as far as the page tells it. */
export function labelOf(element: Element): string {
  const explicit = element.getAttribute('data-track');
  if (explicit) return explicit;
  const aria = element.getAttribute('aria-label');
  if (aria) return aria;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ');
    if (text.trim()) return text;
  }
  return element.textContent?.trim() || element.getAttribute('title') || '';
}

/** The routes a tracker needs to know: the leaf route of what is shown and when that changes. */
export interface TrackedRouter {
  state: { matches: { routeId: string; fullPath: string }[]; resolvedLocation?: unknown };
  subscribe(event: 'onResolved', listener: (event: { pathChanged: boolean }) => void): () => void;
}

/**
 * Starts tracking for the app: page views when the path changes, clicks through one listener on the
 * document (capture phase, so a component that stops propagation is still counted), sending every 10 s
 * and when the page is hidden or closed.
 */
export function startUsageTracking(
  router: TrackedRouter,
  tracker = createUsageTracker({ send: sendUsage, isSignedIn: () => sessionStore.get().token !== null }),
  doc: Document = document,
): () => void {
  const viewShown = () => {
    const leaf = router.state.matches.at(-1);
    // The not-found page is the root route alone: no page of ours, nothing to count.
    if (!leaf || leaf.routeId === '__root__') return;
    tracker.view(leaf.fullPath);
  };
  const unsubscribe = router.subscribe('onResolved', (event) => {
    if (event.pathChanged) viewShown();
  });
  // Loaded on demand, the tracker may arrive after the first page was shown: that page counts too.
  if (router.state.resolvedLocation) viewShown();
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
    if (target) tracker.click(labelOf(target));
  };
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') tracker.flush(true);
  };
  const onPageHide = () => tracker.flush(true);
  doc.addEventListener('click', onClick, { capture: true, passive: true });
  doc.addEventListener('visibilitychange', onHidden);
  const win = doc.defaultView;
  win?.addEventListener('pagehide', onPageHide);
  const timer = setInterval(() => tracker.flush(), USAGE_FLUSH_MS);
  return () => {
    unsubscribe();
    clearInterval(timer);
    doc.removeEventListener('click', onClick, { capture: true });
    doc.removeEventListener('visibilitychange', onHidden);
    win?.removeEventListener('pagehide', onPageHide);
  };
}
