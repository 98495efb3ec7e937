import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/api';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { WAREHOUSE_KEY, WarehouseSettingsQuery } from './operations';

/**
 * The selected partner's warehouse and delivery settings, kept current: a save in another tab, a colleague's
 * or the marketplace's switches (`delivery_settings_changed`) reload them wherever they are shown — the
 * warehouse page, the cash-on-delivery notices of orders and products.
 */
export function useWarehouseSettings(options: { enabled?: boolean; staleTime?: number } = {}) {
  const queryClient = useQueryClient();
  useStreamEvent('delivery_settings_changed', () => {
    void queryClient.invalidateQueries({ queryKey: WAREHOUSE_KEY });
  });
  return useQuery({
    queryKey: WAREHOUSE_KEY,
    queryFn: ({ signal }) => api.request(WarehouseSettingsQuery, {}, { signal }).then((r) => r.warehouseSettings),
    enabled: options.enabled ?? true,
    staleTime: options.staleTime ?? 0,
  });
}
