import { STREAM_PING_INTERVAL_MS, type StreamEvent, type StreamEventType, streamPath } from '@pp/domain';

export type StreamState = 'open' | 'closed';

export interface StreamClientOptions {
  /** A fresh, short-lived stream token for every connection attempt. */
  getStreamToken: () => Promise<string>;
  getSessionToken: () => string | null;
  version: string;
  /** Where the socket lives; defaults to this page's host with ws:// or wss://. */
  url?: (streamToken: string) => string;
  createSocket?: (url: string) => WebSocket;
  onChange?: () => void;
}

type Handler = (event: StreamEvent) => void;

const MAX_BACKOFF_MS = 30_000;

export function defaultStreamUrl(streamToken: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${streamPath(streamToken)}`;
}

/** Reconnect delays grow 1 s, 2 s, 4 s … up to 30 s, so a restarting server is not stampeded. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt));
}

/** The live push stream of spec §7: login, app_version, a ping every 15 s, reconnect while logged in. */
export class StreamClient {
  state: StreamState = 'closed';
  lastPong: number | null = null;
  private socket: WebSocket | null = null;
  private running = false;
  private attempt = 0;
  /** Bumped by start and stop, so a connection attempt begun before a stop never opens a second socket. */
  private generation = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly options: StreamClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.generation++;
    void this.connect(this.generation);
  }

  stop(): void {
    this.running = false;
    this.generation++;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'logout');
    this.setState('closed');
  }

  subscribe(type: StreamEventType, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  private async connect(generation: number): Promise<void> {
    if (!this.running || generation !== this.generation) return;
    let streamToken: string;
    try {
      streamToken = await this.options.getStreamToken();
    } catch {
      if (generation === this.generation) this.scheduleReconnect();
      return;
    }
    if (!this.running || generation !== this.generation) return;
    const url = (this.options.url ?? defaultStreamUrl)(streamToken);
    const socket = (this.options.createSocket ?? ((u) => new WebSocket(u)))(url);
    this.socket = socket;

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      const token = this.options.getSessionToken();
      if (token) this.send({ type: 'login', token });
      this.send({ type: 'app_version', version: this.options.version });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), STREAM_PING_INTERVAL_MS);
      this.setState('open');
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      this.dispatch(message.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setState('closed');
      this.scheduleReconnect();
    };
    // An error is always followed by close, which does the reconnecting.
    socket.onerror = () => {};
  }

  private dispatch(raw: unknown): void {
    let event: StreamEvent;
    try {
      event = JSON.parse(String(raw)) as StreamEvent;
    } catch {
      return;
    }
    if (!event || typeof event.type !== 'string') return;
    if (event.type === 'pong') {
      this.lastPong = Date.now();
      this.options.onChange?.();
    }
    for (const handler of this.handlers.get(event.type) ?? []) handler(event);
  }

  private send(message: object): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = reconnectDelay(this.attempt++);
    const generation = this.generation;
    this.retryTimer = setTimeout(() => void this.connect(generation), delay);
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }

  private setState(state: StreamState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onChange?.();
  }
}
