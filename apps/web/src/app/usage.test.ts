import type { UsageEvent } from '@pp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUsageTracker, labelOf, startUsageTracking, type TrackedRouter, type UsageSender } from './usage';

function recorder(outcome: 'sent' | 'dropped' | 'retry' = 'sent') {
  const batches: { events: UsageEvent[]; closing: boolean }[] = [];
  const send: UsageSender = async (events, closing) => {
    batches.push({ events, closing });
    return outcome;
  };
  return { batches, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the usage tracker', () => {
  it('records page views by route name and clicks labelled on that route, then sends them in one batch', async () => {
    const { batches, send } = recorder();
    const tracker = createUsageTracker({ send, isSignedIn: () => true });
    tracker.view('/orders/$orderId');
    tracker.click('  Print   label ');
    tracker.flush();
    await settle();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.events.map(({ kind, route, label }) => ({ kind, route, label }))).toEqual([
      { kind: 'view', route: 'orders-detail', label: undefined },
      { kind: 'click', route: 'orders-detail', label: 'Print label' },
    ]);
  });

  it('records nothing on the registration form and its submitted page, nor while signed out', async () => {
    const { batches, send } = recorder();
    let signedIn = true;
    const tracker = createUsageTracker({ send, isSignedIn: () => signedIn });
    tracker.view('/registration');
    tracker.click('Next');
    tracker.view('/registration-submit');
    expect(tracker.queued()).toBe(0);
    signedIn = false;
    tracker.view('/login');
    expect(tracker.queued()).toBe(0);
    signedIn = true;
    tracker.view('/registration-confirm/$token');
    expect(tracker.queued()).toBe(1);
    signedIn = false;
    tracker.flush();
    await settle();
    // The events of a session that ended are dropped, not sent with somebody else's.
    expect(batches).toHaveLength(0);
    expect(tracker.queued()).toBe(0);
  });

  it('sends by itself once 20 events are queued, in batches of at most 50 on close', async () => {
    const { batches, send } = recorder();
    const tracker = createUsageTracker({ send, isSignedIn: () => true });
    tracker.view('/orders');
    for (let i = 0; i < 18; i++) tracker.click('Filter');
    expect(batches).toHaveLength(0);
    tracker.click('Filter');
    await settle();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.events).toHaveLength(20);
    // While that request runs more events queue; closing the page sends them all at once, keepalive.
    const slow = createUsageTracker({
      send: async (events, closing) => {
        batches.push({ events, closing });
        return 'sent';
      },
      isSignedIn: () => true,
    });
    slow.view('/orders');
    for (let i = 0; i < 110; i++) slow.click('Next page');
    slow.flush(true);
    await settle();
    const closing = batches.filter((b) => b.closing);
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((b) => b.events.length <= 50)).toBe(true);
  });

  it('keeps a batch the server could not take for the next flush, and drops a refused one', async () => {
    const retry = recorder('retry');
    const tracker = createUsageTracker({ send: retry.send, isSignedIn: () => true });
    tracker.view('/orders');
    tracker.flush();
    await settle();
    expect(tracker.queued()).toBe(1);
    const refused = recorder('dropped');
    const other = createUsageTracker({ send: refused.send, isSignedIn: () => true });
    other.view('/orders');
    other.flush();
    await settle();
    expect(other.queued()).toBe(0);
  });
});

describe('labelOf', () => {
  it('prefers data-track, then the accessible name, then the text', () => {
    document.body.innerHTML = `
      <button data-track="export-xlsx">Export</button>
      <button aria-label="Close dialog">×</button>
      <span id="l1">Save</span><button aria-labelledby="l1"></button>
      <a href="/orders"> Orders </a>`;
    const [tracked, aria, labelled] = Array.from(document.querySelectorAll('button'));
    expect(labelOf(tracked!)).toBe('export-xlsx');
    expect(labelOf(aria!)).toBe('Close dialog');
    expect(labelOf(labelled!)).toBe('Save');
    expect(labelOf(document.querySelector('a')!)).toBe('Orders');
  });
});

describe('startUsageTracking', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a view per path change and clicks on buttons and links through one listener', async () => {
    vi.useFakeTimers();
    const { batches, send } = recorder();
    let listener: (event: { pathChanged: boolean }) => void = () => {};
    const router: TrackedRouter = {
      state: {
        matches: [
          { routeId: '__root__', fullPath: '/' },
          { routeId: '/private/portal/orders/', fullPath: '/orders/' },
        ],
      },
      subscribe: (_event, l) => {
        listener = l;
        return () => {};
      },
    };
    const tracker = createUsageTracker({ send, isSignedIn: () => true });
    const stop = startUsageTracking(router, tracker, document);
    listener({ pathChanged: true });
    listener({ pathChanged: false });
    document.body.innerHTML = '<div><button><span id="inner">Export</span></button><p id="plain">Text</p></div>';
    document.getElementById('inner')!.click();
    document.getElementById('plain')!.click();
    expect(tracker.queued()).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(batches[0]!.events.map((e) => [e.kind, e.route, e.label])).toEqual([
      ['view', 'orders', undefined],
      ['click', 'orders', 'Export'],
    ]);
    // A path nobody knows (the root alone) is not a page view.
    router.state.matches = [{ routeId: '__root__', fullPath: '/' }];
    listener({ pathChanged: true });
    expect(tracker.queued()).toBe(0);
    stop();
  });

  it('counts the page already shown when it starts after the first navigation', () => {
    const router: TrackedRouter = {
      state: { matches: [{ routeId: '/private/portal/', fullPath: '/' }], resolvedLocation: { pathname: '/' } },
      subscribe: () => () => {},
    };
    const tracker = createUsageTracker({ send: recorder().send, isSignedIn: () => true });
    const stop = startUsageTracking(router, tracker, document);
    expect(tracker.queued()).toBe(1);
    stop();
  });

  it('sends what is queued when the page is hidden', async () => {
    const { batches, send } = recorder();
    const router: TrackedRouter = {
      state: { matches: [{ routeId: '/private/portal/sla', fullPath: '/sla' }] },
      subscribe: (_e, l) => {
        l({ pathChanged: true });
        return () => {};
      },
    };
    const stop = startUsageTracking(router, createUsageTracker({ send, isSignedIn: () => true }), document);
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(batches).toEqual([{ events: [expect.objectContaining({ route: 'sla' })], closing: true }]);
    stop();
  });
});
