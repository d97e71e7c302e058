import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Route label of requests no route matched, so scanners cannot create one series per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The API's Prometheus metrics, in a registry per application instance (tests run several apps in one
 * process; the global registry would mix them). Scraped at GET /metrics on the metrics server
 * (metrics-server.ts).
 */
export class ApiMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: 'api_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly duration = new Histogram({
    name: 'api_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    // Endpoint queries take milliseconds; the statement timeout caps them at 10 s.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'api_rate_limit_rejections_total',
    help: 'Requests refused by the rate limiter: 429 over the limit, 418 from a banned IP',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly rateLimitBans = new Counter({
    name: 'api_rate_limit_bans_total',
    help: 'Client IPs banned for repeatedly exceeding the rate limit',
    registers: [this.registry],
  });

  readonly evaluationsInProgress = new Gauge({
    name: 'api_evaluations_in_progress',
    help: 'Evaluate requests being decoded or evaluated, or waiting for an evaluation thread',
    registers: [this.registry],
  });

  readonly evaluationsRefused = new Counter({
    name: 'api_evaluations_refused_total',
    help: 'Evaluate requests answered 429 because every evaluation thread was busy and the queue full',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** `route` is the matched pattern (e.g. /api/v0/assets/:asset), never the raw URL. */
  observe(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    this.requests.inc({ ...labels, status_code: statusCode });
    this.duration.observe(labels, seconds);
  }
}
