import type { StreamEvent, StreamEventType } from '@pp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { StreamTokenQuery } from '../../features/auth/operations';
import { flash } from '../../ui/flash';
import { NewVersionBanner } from '../../ui/NewVersionBanner';
import { api } from '../api/api';
import { applyFeatureFlagsChanged, useFeatureFlags } from '../flags';
import { sessionStore } from '../session/sessionStore';
import { StreamClient, type StreamState } from './streamClient';

interface StreamContextValue {
  client: StreamClient | null;
  state: StreamState;
  lastPong: number | null;
}

const StreamContext = createContext<StreamContextValue>({ client: null, state: 'closed', lastPong: null });

/** Opens the live stream for as long as a logged-in layout is shown; logout unmounts it and closes it. */
export function StreamProvider({ children }: { children: ReactNode }) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [newVersion, setNewVersion] = useState(false);
  const flags = useFeatureFlags();
  const queryClient = useQueryClient();
  const client = useMemo(
    () =>
      new StreamClient({
        getStreamToken: () => api.request(StreamTokenQuery, {}).then((r) => r.streamToken),
        getSessionToken: () => sessionStore.get().token,
        version: __APP_VERSION__,
        onChange: rerender,
      }),
    [],
  );

  useEffect(() => {
    client.start();
    const offBroadcast = client.subscribe('broadcast', (event) => {
      const message = (event.data as { message?: unknown } | undefined)?.message;
      if (typeof message === 'string' && message) flash.info(message);
    });
    const offVersion = client.subscribe('app_new_version', () => setNewVersion(true));
    // An operator switched a feature flag: every open page follows at once (issue 24).
    const offFlags = client.subscribe('feature_flags_changed', (event) =>
      applyFeatureFlagsChanged(queryClient, event.data),
    );
    return () => {
      offBroadcast();
      offVersion();
      offFlags();
      client.stop();
    };
  }, [client, queryClient]);

  const value = { client, state: client.state, lastPong: client.lastPong };
  return (
    <StreamContext.Provider value={value}>
      {newVersion && flags.newVersionNotice && <NewVersionBanner />}
      {children}
    </StreamContext.Provider>
  );
}

/** Later areas listen to their own events (imports, exports, campaigns) with this. */
export function useStreamEvent<T = unknown>(type: StreamEventType, handler: (event: StreamEvent<T>) => void): void {
  const { client } = useContext(StreamContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client?.subscribe(type, (event) => latest.current(event as StreamEvent<T>)), [client, type]);
}

/** For the layout roots: e2e tests read data-stream-state and data-last-pong from there. */
export function useStreamStatus(): { 'data-stream-state': StreamState; 'data-last-pong': string } {
  const { state, lastPong } = useContext(StreamContext);
  return { 'data-stream-state': state, 'data-last-pong': lastPong ? new Date(lastPong).toISOString() : '' };
}
