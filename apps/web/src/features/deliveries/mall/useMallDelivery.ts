import { MARKETS, isShopId, type Currency } from '@pp/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api';
import { SESSION_QUERY_KEY } from '../../../app/session/session';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { DIP_GRID_KEY, MALL_DELIVERY_KEY, MallDeliveryBranchesQuery, MallDeliveryQuery } from './operations';

/**
 * The selected partner's MALL Delivery, kept current: an operator's decision (or a colleague's change)
 * reloads it, and the session too, whose partner summary the addresses and contacts pages read.
 */
export function useMallDelivery() {
  const queryClient = useQueryClient();
  useStreamEvent('mall_delivery_changed', () => {
    void queryClient.invalidateQueries({ queryKey: MALL_DELIVERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  });
  return useQuery({
    queryKey: MALL_DELIVERY_KEY,
    queryFn: ({ signal }) => api.request(MallDeliveryQuery, {}, { signal }).then((r) => r.mallDelivery),
  });
}

export function useMallDeliveryBranches() {
  return useQuery({
    queryKey: [...MALL_DELIVERY_KEY, 'branches'],
    queryFn: ({ signal }) =>
      api.request(MallDeliveryBranchesQuery, {}, { signal }).then((r) => r.mallDeliveryRegisterBranches),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function currencyOf(shopId: string): Currency {
  return isShopId(shopId) ? MARKETS[shopId].currency : 'EUR';
}

export function refreshMall(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: MALL_DELIVERY_KEY });
  void queryClient.invalidateQueries({ queryKey: DIP_GRID_KEY });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** The colour of a state's badge: green once running, blue while waiting, red when declined. */
export function mallStateColor(state: string): string {
  return state === 'active' ? 'green' : state === 'requested' ? 'blue' : state === 'declined' ? 'red' : 'gray';
}
