import { medianRound, medianThroughput, type LoadFigures } from './load.js';

const noStalls = { maxLoopDelayMs: 0, maxGcPauseMs: 0, gcMs: 0 };
const window = (p99: number, p50 = 3, requestsPerSecond = 500): LoadFigures => ({
  requestsPerSecond,
  p50,
  p99,
  errors: 0,
  non2xx: 0,
  stalls: { server: noStalls, generator: noStalls },
});

describe('medianRound', () => {
  it('takes the window with the median p99, whole, so its p50 and stalls belong to that p99', () => {
    const stalled = window(167, 6);
    const median = window(50, 4);
    expect(medianRound([window(13), stalled, median])).toBe(median);
  });

  it('takes the upper middle of an even count, never the better of two', () => {
    expect(medianRound([window(20), window(90)]).p99).toBe(90);
  });

  it('refuses an empty list instead of reporting a made-up window', () => {
    expect(() => medianRound([])).toThrow('no 500 req/s window');
  });
});

describe('medianThroughput', () => {
  const unlimited = (requestsPerSecond: number) => window(20, 3, requestsPerSecond);

  it('takes the window with the median throughput, so one slow spell of the machine does not decide it', () => {
    const median = unlimited(1_400);
    expect(medianThroughput([unlimited(1_500), unlimited(1_000), median])).toBe(median);
  });

  it('takes the lower middle of an even count, never the better of two', () => {
    expect(medianThroughput([unlimited(2_000), unlimited(900)]).requestsPerSecond).toBe(900);
  });

  it('refuses an empty list instead of reporting a made-up window', () => {
    expect(() => medianThroughput([])).toThrow('no unlimited window');
  });
});
