import type { StreamEventType } from '@pp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import type { ProductImportEvent, ProductJobEvent } from './operations';

/** A job over thousands of products reports often: the lists are asked again at most once per this many ms. */
const REFRESH_AFTER_MS = 800;

/** Every query of the products area (grids, tab counts, errors tab, latest import). */
export function refreshProducts(queryClient: ReturnType<typeof useQueryClient>): void {
  for (const key of ['products', 'productCounts', 'productErrors', 'productImportLatest']) {
    void queryClient.invalidateQueries({ queryKey: [key] });
  }
}

/**
 * Keeps the products lists and the tab counts current while a job (activate all, batch apply, the XML
 * import, a colleague's) changes products: each finished step marks them stale, throttled.
 */
export function useProductsLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const later = (event: { data?: { status?: string } }) => {
    const status = event.data?.status;
    if (status !== 'PROGRESS' && status !== 'END') return;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refreshProducts(queryClient);
    }, REFRESH_AFTER_MS);
  };
  useStreamEvent<ProductJobEvent>('product_activation_progress', later);
  useStreamEvent<ProductJobEvent>('product_batch_progress', later);
  useStreamEvent<ProductImportEvent>('product_import_progress', later);
}

/**
 * The progress of one job on the stream. Events are kept by job id from the moment the hook mounts: a short
 * job may end before the mutation that started it has answered with its id.
 */
export function useJobProgress(type: StreamEventType, jobId: string | null): ProductJobEvent | null {
  const seen = useRef(new Map<string, ProductJobEvent>());
  const [, rerender] = useState(0);
  useStreamEvent<ProductJobEvent>(type, (event) => {
    const data = event.data;
    if (!data?.jobId) return;
    seen.current.set(data.jobId, data);
    if (data.jobId === jobId) rerender((n) => n + 1);
  });
  if (!jobId) return null;
  return seen.current.get(jobId) ?? { jobId, status: 'BEGIN', done: 0, total: 0 };
}
