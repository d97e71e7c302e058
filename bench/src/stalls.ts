// Event-loop delay and garbage-collection pauses of one process over a measured load window, so that a
// row's p99 can be put down to a process stalling (and to whose collector) rather than to queueing.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface Stalls {
  /** the longest a timer of this process fired late: the longest time its event loop was blocked */
  maxLoopDelayMs: number;
  /** the longest single garbage-collection pause */
  maxGcPauseMs: number;
  /** every garbage-collection pause added up */
  gcMs: number;
}

export interface StallRecorder {
  reset(): void;
  read(): Stalls;
}

/** The timer interval of the event-loop delay monitor; each of its samples is this interval plus the delay. */
const LOOP_RESOLUTION_MS = 10;

export function stallRecorder(): StallRecorder {
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  let maxGcPauseMs = 0;
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      maxGcPauseMs = Math.max(maxGcPauseMs, entry.duration);
      gcMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  return {
    reset() {
      loop.reset();
      maxGcPauseMs = 0;
      gcMs = 0;
    },
    read: () => ({ maxLoopDelayMs: Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS), maxGcPauseMs, gcMs }),
  };
}

export const STALLS_RESET = 'stalls:reset';
export const STALLS_READ = 'stalls:read';

/** In a server child process: answers the load generator's STALLS_RESET and STALLS_READ messages. */
export function answerStallRequests(): void {
  const recorder = stallRecorder();
  process.on('message', (message) => {
    if (message === STALLS_RESET) recorder.reset();
    else if (message === STALLS_READ) process.send?.({ stalls: recorder.read() });
  });
}
