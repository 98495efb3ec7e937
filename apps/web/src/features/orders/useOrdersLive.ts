import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useStreamEvent } from '../../app/stream/StreamProvider';

/** A bulk change of 500 orders sends 500 events: the lists are asked again once per this many ms. */
const REFRESH_AFTER_MS = 800;

/**
 * Keeps the orders lists, their counts and open details current while someone (a colleague, the import,
 * the marketplace) changes statuses: the `order_status_changed` stream event marks them stale.
 */
export function useOrdersLive(): void {
  const queryClient = useQueryClient();
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; ids: Set<string> }>({
    timer: null,
    ids: new Set(),
  });
  useEffect(
    () => () => {
      if (pending.current.timer) clearTimeout(pending.current.timer);
    },
    [],
  );
  useStreamEvent<{ orderId?: number | string }>('order_status_changed', (event) => {
    const batch = pending.current;
    if (event.data?.orderId != null) batch.ids.add(String(event.data.orderId));
    if (batch.timer) return;
    batch.timer = setTimeout(() => {
      const ids = [...batch.ids];
      batch.ids.clear();
      batch.timer = null;
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['orderStatusCounts'] });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: ['order', id] });
    }, REFRESH_AFTER_MS);
  });
}
