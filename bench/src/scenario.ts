// A row of the API benchmark: what load.ts loads and history-scenarios.ts adds, apart from either.
export interface Scenario {
  /** the scenario's name as scenarios() gives it, kept when a row renames it: how the load generator finds it */
  key: string;
  name: string;
  /** a fresh path per request */
  path: () => string;
  /** answered through our API's address page cache (apps/api/src/addresses/tip-cache.ts) */
  tipCached?: boolean;
  /** a p99 at 500 req/s the row is held to, and the issue asking for it */
  goal?: PageGoal;
  /** reads a node's mempool: loaded beside a devnet holding a full one (mempool.ts), with servers pointed at it */
  mempool?: boolean;
  /**
   * one of the few rows of the history group a quick run loads: CI's quick run only keeps the scripts
   * working, and the group's dozens of rows would take it past its time
   */
  quick?: boolean;
}

export interface PageGoal {
  p99Ms: number;
  issue: number;
}
