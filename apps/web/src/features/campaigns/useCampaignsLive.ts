import { useQueryClient } from '@tanstack/react-query';
import { useStreamEvent } from '../../app/stream/StreamProvider';

/** Reads the campaigns again when an operator changes one (the stream's update_campaign { id }). */
export function useCampaignsLive() {
  const queryClient = useQueryClient();
  useStreamEvent<{ id?: number | string }>('update_campaign', (event) => {
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    if (event.data?.id != null) void queryClient.invalidateQueries({ queryKey: ['campaign', String(event.data.id)] });
  });
}
