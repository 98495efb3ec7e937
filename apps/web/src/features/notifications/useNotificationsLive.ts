import { useQueryClient } from '@tanstack/react-query';
import { useStreamEvent } from '../../app/stream/StreamProvider';
import { NOTIFICATION_KEYS } from './operations';

/** A new notification of the partner refreshes the list and the unread count wherever they are shown. */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useStreamEvent('notification_created', () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.list });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEYS.unread });
  });
}
