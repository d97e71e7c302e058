// A steady request rate for the load generator's 500 req/s windows (load-generator.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { GeneratorResult } from './load.js';

/** Connections to the server, as many as the API's and the baseline's database pools (10). */
export const CONNECTIONS = 10;
/**
 * An answer not complete this long after it was due counts as an error (autocannon's default), and in the
 * percentiles as this long: a server far below the rate would otherwise queue the window's requests and keep it
 * open for as many minutes as it needs to answer them all.
 */
const TIMEOUT_MS = 10_000;

export interface SteadyTarget {
  url: string;
  headers: Record<string, string>;
  /** a fresh path per request */
  path: () => string;
}

type WindowFigures = Omit<GeneratorResult, 'generatorStalls'>;
type Outcome = 'ok' | 'non2xx' | 'error' | 'timeout';

/** The nearest-rank percentile (0 < p ≤ 1) of ascending values. */
export function nearestRank(ascending: readonly number[], p: number): number {
  if (ascending.length === 0) return 0;
  return ascending[Math.max(0, Math.ceil(p * ascending.length) - 1)]!;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/**
 * Open loop at a steady rate: one request every 1000 / rate ms, each sent when it is due whether or not the earlier
 * ones are answered (over at most CONNECTIONS connections, then queued), and timed from then to its answer's last
 * byte, to the microsecond. Written here because autocannon's overallRate does not pace: each connection sends its
 * share of a second back to back as the second starts and then waits (mcollina/autocannon#174, open), so its
 * "500 req/s" were bursts of 500 requests answered at full load; and its correction for coordinated omission assumes
 * one request per millisecond (ceil(1 / per-connection rate)), adding a sample for every millisecond of a slow answer.
 * Its latencies are also whole milliseconds, too coarse for the ratio of two 2 ms answers.
 */
export function evenlySpaced(
  target: SteadyTarget,
  seconds: number,
  rate: number,
  timeoutMs = TIMEOUT_MS,
): Promise<WindowFigures> {
  const url = new URL(target.url);
  const total = Math.round(seconds * rate);
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  let timedOut = 0;
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const settle = (outcome: Outcome, latencyMs: number) => {
      if (outcome === 'ok') latencies.push(latencyMs);
      else if (outcome === 'non2xx') non2xx++;
      else errors++;
      if (outcome === 'timeout') timedOut++;
      if (latencies.length + non2xx + errors < total) return;
      const answered = latencies.length;
      latencies.push(...Array<number>(timedOut).fill(timeoutMs));
      latencies.sort((a, b) => a - b);
      resolve({
        requestsPerSecond: answered / ((performance.now() - start) / 1000),
        p50: nearestRank(latencies, 0.5),
        p99: nearestRank(latencies, 0.99),
        errors,
        non2xx,
      });
    };
    const send = () => {
      const sentAt = performance.now();
      let done = false;
      // Timed from sending, not from getting a connection: a request queued behind busy connections times out too.
      const timer = setTimeout(() => {
        finish('timeout');
        request.destroy();
      }, timeoutMs);
      const finish = (outcome: Outcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        settle(outcome, performance.now() - sentAt);
      };
      const request = http.get(
        { agent, hostname: url.hostname, port: url.port, path: target.path(), headers: target.headers },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on('error', () => finish('error'));
          response.on('end', () => finish(status >= 200 && status < 300 ? 'ok' : 'non2xx'));
          response.resume();
        },
      );
      request.on('error', () => finish('error'));
    };
    const sendDue = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
      for (; sent < due; sent++) send();
      if (sent < total) setTimeout(sendDue, start + sent * intervalMs - performance.now());
    };
    sendDue();
  });
}
