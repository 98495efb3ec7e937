import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../app/api/api';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import type { MediaRow } from './formState';
import { type ProductDetail, ProductDetailQuery } from './operations';

type FetchFacts = Pick<MediaRow, 'url' | 'thumbUrl' | 'width' | 'height' | 'fetchStatus' | 'fetchError'>;

/**
 * The form's images with what the portal has since fetched from the seller's URLs: only the fetch facts of
 * rows with the same URL change, so the seller's unsaved choices (main, excluded, flags, order) stay.
 */
export function withFetchFacts(rows: readonly MediaRow[], fresh: readonly FetchFacts[]): MediaRow[] {
  const byUrl = new Map(fresh.map((m) => [m.url, m]));
  return rows.map((row) => {
    const facts = byUrl.get(row.url);
    if (!facts) return row;
    return {
      ...row,
      thumbUrl: facts.thumbUrl,
      width: facts.width,
      height: facts.height,
      fetchStatus: facts.fetchStatus,
      fetchError: facts.fetchError,
    };
  });
}

/** A picture the page may show: the portal's own files only (the CSP blocks any other origin anyway). */
export function isPortalMedia(url: string | null | undefined): url is string {
  return !!url && url.startsWith('/media/');
}

/** Images fetched one after another report often: the product is asked again at most once per this long. */
const REFRESH_AFTER_MS = 500;

/**
 * Follows the fetches of the product's images on the live stream: when one ends, the product is read again
 * and `onMedia` gets its media (the detail merges the fetch facts into the form).
 */
export function useMediaFetchLive(productId: string | null, onMedia: (media: ProductDetail['media']) => void): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onMedia);
  latest.current = onMedia;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useStreamEvent<{ productId?: string }>('product_media_fetched', (event) => {
    if (!productId || event.data?.productId !== productId || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient
        .fetchQuery({
          queryKey: ['product', productId],
          queryFn: ({ signal }) =>
            api.request(ProductDetailQuery, { id: productId }, { signal }).then((r) => r.product),
          staleTime: 0,
        })
        .then((product) => {
          if (product) latest.current(product.media);
        })
        .catch(() => undefined);
    }, REFRESH_AFTER_MS);
  });
}
