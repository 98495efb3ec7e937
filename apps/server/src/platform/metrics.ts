import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'pp_' });

export const metrics = {
  httpRequests: new Counter({
    name: 'pp_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'pp_http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  passwordChecks: new Counter({
    name: 'pp_password_checks_total',
    help: 'Passwords verified at sign-in (attempts that passed the throttles)',
    registers: [registry],
  }),
  rateLimited: new Counter({
    name: 'pp_rate_limited_total',
    help: 'Requests refused by the per-client rate limit',
    registers: [registry],
  }),
  streamConnections: new Gauge({
    name: 'pp_stream_connections',
    help: 'Open live stream websockets in this process',
    registers: [registry],
  }),
};
