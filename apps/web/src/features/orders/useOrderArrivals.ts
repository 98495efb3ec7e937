import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStreamEvent } from '../../app/stream/StreamProvider';

/** Arrivals in a burst (the intake takes hundreds a second) refresh counts and figures once per this many ms. */
const REFRESH_AFTER_MS = 800;

/** Calls `refresh` once after a burst of calls, at most once per REFRESH_AFTER_MS. */
function useCoalesced(refresh: () => void): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, REFRESH_AFTER_MS);
  }, []);
}

/**
 * New orders from the marketplace (`order_created`) while the orders area is open. The tab counts follow at
 * once; the rows do not: a seller working down a page, on page 3 or with a row half-read, never has rows
 * pushed from under the cursor. The grid offers the arrivals instead ("3 new orders — show"), and `show`
 * brings the list back to its first page with them (docs/decisions.md, "Orders that arrive").
 */
export function useOrderArrivals(): { count: number; show: () => void } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  const refreshCounts = useCoalesced(() => {
    void queryClient.invalidateQueries({ queryKey: ['orderStatusCounts'] });
  });
  useStreamEvent('order_created', () => {
    setCount((n) => n + 1);
    refreshCounts();
  });
  const show = useCallback(() => {
    setCount(0);
    // The grid keeps its page in the URL (ui/DataGrid gridState): without it the grid is on its first page.
    void navigate({ to: '.', search: ((prev: Record<string, unknown>) => ({ ...prev, page: undefined })) as never });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [navigate, queryClient]);
  return { count, show };
}

/** The home page's order figures (to ship today, overdue, sales) follow new orders without a reload. */
export function useHomeOrderArrivals(): void {
  const queryClient = useQueryClient();
  const refresh = useCoalesced(() => {
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboardOrders'] });
  });
  useStreamEvent('order_created', refresh);
  useStreamEvent('order_status_changed', refresh);
}
