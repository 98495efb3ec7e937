import { STREAM_PING_INTERVAL_MS } from '@pp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay, StreamClient } from './streamClient';

class FakeSocket {
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('live stream client', () => {
  let sockets: FakeSocket[];
  let client: StreamClient;
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    let n = 0;
    client = new StreamClient({
      getStreamToken: async () => `stream-${++n}`,
      getSessionToken: () => 'session-token',
      version: '1.2.3',
      url: (token) => `ws://test/v1/stream-api/${token}/ws`,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('logs in, announces its version and pings every 15 s', async () => {
    client.start();
    await flush();
    expect(sockets[0]!.url).toBe('ws://test/v1/stream-api/stream-1/ws');
    sockets[0]!.open();
    expect(client.state).toBe('open');
    expect(sockets[0]!.sent).toEqual([
      { type: 'login', token: 'session-token' },
      { type: 'app_version', version: '1.2.3' },
    ]);
    await vi.advanceTimersByTimeAsync(STREAM_PING_INTERVAL_MS);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });
  });

  it('records pongs and hands events to subscribers', async () => {
    const broadcast = vi.fn();
    const off = client.subscribe('broadcast', broadcast);
    client.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'pong' });
    expect(client.lastPong).not.toBeNull();
    sockets[0]!.receive({ type: 'broadcast', data: { message: 'Hello' } });
    expect(broadcast).toHaveBeenCalledWith({ type: 'broadcast', data: { message: 'Hello' } });
    off();
    sockets[0]!.receive({ type: 'broadcast', data: { message: 'again' } });
    expect(broadcast).toHaveBeenCalledOnce();
  });

  it('reconnects with growing delays while running, with a fresh stream token', async () => {
    client.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(client.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toContain('stream-2');
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(reconnectDelay(1) - 1);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    expect(reconnectDelay(20)).toBe(30_000);
  });

  it('closes on stop and does not come back', async () => {
    client.start();
    await flush();
    sockets[0]!.open();
    client.stop();
    expect(client.state).toBe('closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('never opens two sockets when stopped and started during a connection attempt', async () => {
    client.start();
    client.stop();
    client.start();
    await flush();
    expect(sockets).toHaveLength(1);
  });
});
