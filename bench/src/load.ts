// API load: our API and the baseline (bare Fastify + pg, same SQL) as child processes on the same
// database, loaded alternately (by a child process of its own, load-generator.ts) with random keys per request.
import { API_NODE_FLAGS } from '@frostline/api/node-flags';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { historyScenarios } from './history-scenarios.js';
import { REWARD_EPOCHS } from './staking-population.js';
import type { PageGoal, Scenario } from './scenario.js';
import type { Samples } from './populate.js';
import { STALLS_READ, STALLS_RESET, type Stalls } from './stalls.js';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** over the same window: the loaded server's stalls, and those of the load generator */
  stalls: { server: Stalls; generator: Stalls };
}

/** What a load-generator process loads, and with what (load-generator.ts). */
export interface GeneratorJob {
  url: string;
  samplesFile: string;
  scenarioKey: string;
  headers: Record<string, string>;
}

/** One window of load, sent to a load-generator process. */
export interface GeneratorWindow {
  seconds: number;
  /** requests per second, or null for as many as the server answers */
  rate: number | null;
}

export type GeneratorResult = Omit<LoadFigures, 'stalls'> & { generatorStalls: Stalls };

export interface ServerFigures {
  /** the round of `fixedRounds` with the median p99 (the upper one of an even count) */
  fixed: LoadFigures;
  /** every 500 req/s window, in the order run (absent from results of runs before rounds were kept) */
  fixedRounds?: LoadFigures[];
  /** the round of `maxRounds` with the median throughput (the lower one of an even count) */
  max: LoadFigures;
  /** every unlimited window, in the order run (absent from results of runs before those had rounds) */
  maxRounds?: LoadFigures[];
}

export interface ScenarioResult {
  name: string;
  example: string;
  /** 'even': the 500 req/s windows sent one request every 2 ms (load-generator.ts); absent from runs whose windows were autocannon's overallRate bursts */
  fixedPacing?: 'even';
  ours: ServerFigures;
  baseline: ServerFigures;
  /** a row measured beside an evaluation flood (evaluation-flood.ts): its answers by status code */
  evaluations?: Record<string, number>;
  goal?: PageGoal;
}

export interface LoadSeconds {
  warmup: number;
  /** one 500 req/s window */
  fixed: number;
  /** how many 500 req/s windows, and then unlimited ones, each server gets, alternating with the other's */
  rounds: number;
  /** one unlimited (max throughput) window */
  max: number;
}

/**
 * The window whose p99 is the median of the rounds'. One stall of the shared machine (a checkpoint, another
 * process's collection) holds every request that arrives during it, about 50 per 100 ms at 500 req/s, which is
 * the whole tail of a window: the same code's single-window p99 of GET /txs/{hash} spanned 13-167 ms between
 * runs while its p50 stayed 3-6 ms. The median of alternating rounds keeps what each server does every time
 * and drops what happened to hit one window.
 */
export function medianRound(rounds: LoadFigures[]): LoadFigures {
  return worseMiddle(rounds, (a, b) => b.p99 - a.p99, '500 req/s');
}

/**
 * The unlimited window with the median throughput. A single window per server let one slow spell of the
 * shared machine decide the ratio: with the same code, GET /txs/{hash}/utxos measured 1,411 req/s in one full
 * run and 1,046 in the next while the baseline went from 2,499 to 2,870 (56% → 36%).
 */
export function medianThroughput(rounds: LoadFigures[]): LoadFigures {
  return worseMiddle(rounds, (a, b) => a.requestsPerSecond - b.requestsPerSecond, 'unlimited');
}

/** The median round; of an even count, the worse of the two middle ones, so a tie never flatters a server. */
export function worseMiddle<T>(rounds: T[], worseFirst: (a: T, b: T) => number, kind: string): T {
  if (rounds.length === 0) throw new Error(`no ${kind} window to take the median of`);
  return rounds.toSorted(worseFirst)[Math.floor((rounds.length - 1) / 2)]!;
}

/** A latency as shown: whole milliseconds as they are (autocannon's, and older runs'), others to a tenth. */
export const formatMs = (ms: number): string => (Number.isInteger(ms) ? String(ms) : ms.toFixed(1));

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
/** Page 1 of the staking and governance lists at mainnet's size (issues #51 and #52). */
const page1Goal = (issue: number): PageGoal => ({ p99Ms: 20, issue });

export function scenarios(samples: Samples): Scenario[] {
  const rows: Omit<Scenario, 'key'>[] = [
    {
      name: 'GET /addresses/{address}/utxos/{asset}',
      path: () => {
        const [a, u] = pick(samples.addressAssets);
        return `/addresses/${a}/utxos/${u}`;
      },
      tipCached: true,
    },
    {
      name: `busy address (${samples.busyUtxos.toLocaleString('en')} UTxOs of one asset), page 1 of 100`,
      path: () => `/addresses/${samples.busyAddress}/utxos/${samples.busyUnit}?count=100&page=1`,
      tipCached: true,
    },
    {
      name: 'busy address, random deep page (count=100)',
      path: () =>
        `/addresses/${samples.busyAddress}/utxos/${samples.busyUnit}?count=100&page=${1 + Math.floor(Math.random() * Math.floor(samples.busyUtxos / 100))}`,
      tipCached: true,
    },
    {
      name: 'busy address, GET /addresses/{address}/utxos page 1 of 100',
      path: () => `/addresses/${samples.busyAddress}/utxos?count=100&page=1`,
      tipCached: true,
    },
    {
      name: 'busy address, GET /addresses/{address}/utxos random deep page (count=100)',
      path: () =>
        `/addresses/${samples.busyAddress}/utxos?count=100&page=${1 + Math.floor(Math.random() * Math.floor(samples.busyUtxos / 100))}`,
      tipCached: true,
    },
    {
      name: 'GET /addresses/{address}/utxos',
      path: () => `/addresses/${pick(samples.addressAssets)[0]}/utxos`,
      tipCached: true,
    },
    { name: 'GET /txs/{hash}', path: () => `/txs/${pick(samples.txs)}` },
    { name: 'GET /txs/{hash}/utxos', path: () => `/txs/${pick(samples.txs)}/utxos` },
    { name: 'GET /epochs/latest/parameters', path: () => '/epochs/latest/parameters' },
    { name: 'GET /blocks/latest', path: () => '/blocks/latest' },
    { name: 'GET /assets/{asset}', path: () => `/assets/${pick(samples.assets)}` },
    {
      name: 'GET /blocks/epoch/{e}/slot/{s}',
      path: () => {
        const [e, s] = pick(samples.blocks);
        return `/blocks/epoch/${e}/slot/${s}`;
      },
    },
    { name: 'GET /accounts/{stake_address}', path: () => `/accounts/${pick(samples.accounts)}` },
    {
      name: "large account (busy address's stake key, 400 (de)registrations, 1,000 delegations, 2,000 withdrawals)",
      path: () => `/accounts/${samples.largeAccount}`,
    },
    {
      name: `long-lived account (${samples.longLivedAccount.outputs.toLocaleString('en')} outputs, ${samples.longLivedAccount.unspent.toLocaleString('en')} unspent), GET /accounts/{stake_address}/utxos page 1 of 100`,
      path: () => `/accounts/${samples.longLivedAccount.stakeAddress}/utxos?count=100&page=1`,
    },
    { name: 'GET /nutlink/{address}/tickers', path: () => `/nutlink/${pick(samples.oracles)}/tickers` },
    { name: 'GET /pools/extended page 1 of 100', path: () => '/pools/extended', goal: page1Goal(51) },
    {
      name: `largest pool (${samples.largestPool.delegators.toLocaleString('en')} delegators), GET /pools/{pool_id}/delegators page 1 of 100`,
      path: () => `/pools/${samples.largestPool.poolId}/delegators`,
      goal: page1Goal(51),
    },
    {
      name: 'GET /epochs/{number}/stakes page 1 of 100',
      path: () => `/epochs/${samples.epoch}/stakes`,
      goal: page1Goal(51),
    },
    {
      name: `large account (${(2 * REWARD_EPOCHS).toLocaleString('en')} rewards over ${REWARD_EPOCHS} epochs), GET /accounts/{stake_address}/rewards page 1 of 100`,
      path: () => `/accounts/${samples.largeAccount}/rewards`,
      goal: page1Goal(51),
    },
    { name: 'GET /governance/dreps page 1 of 100', path: () => '/governance/dreps', goal: page1Goal(52) },
    {
      name: 'GET /governance/proposals page 1 of 100',
      path: () => '/governance/proposals',
      goal: page1Goal(52),
    },
    {
      name: `largest DRep (${samples.largestDrep.delegators.toLocaleString('en')} delegators), GET /governance/dreps/{drep_id}/delegators page 1 of 100`,
      path: () => `/governance/dreps/${samples.largestDrep.drepId}/delegators`,
      goal: page1Goal(52),
    },
    { name: 'GET /mempool page 1 of 100', path: () => '/mempool', goal: page1Goal(52), mempool: true },
    ...historyScenarios(samples),
  ];
  return rows.map((row) => ({ ...row, key: row.name }));
}

export interface Server {
  url: string;
  child: ChildProcess;
  resetStalls(): void;
  readStalls(): Promise<Stalls>;
  stop(): Promise<void>;
}

const generatorEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-generator.js');

export async function startServer(
  kind: 'ours' | 'baseline',
  env: Record<string, string>,
  port: number,
): Promise<Server> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers', `${kind}.js`);
  // Ours with the Node flags it is deployed with; the baseline, a bare server, with Node's defaults.
  // BENCH_API_PROFILE=DIR: CPU profile of our API process (written when it stops).
  const profile = process.env.BENCH_API_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`]
    : [];
  const child = fork(entry, [], {
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    execArgv: kind === 'ours' ? [...API_NODE_FLAGS, ...profile] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    resetStalls: () => child.send(STALLS_RESET),
    readStalls: () =>
      new Promise((resolve) => {
        const onMessage = (message: unknown) => {
          if (typeof message !== 'object' || message === null || !('stalls' in message)) return;
          child.off('message', onMessage);
          resolve(message.stalls as Stalls);
        };
        child.on('message', onMessage);
        child.send(STALLS_READ);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A load generator for one scenario against one server, in a process of its own; each window of it comes with the
 * server's stalls over the same window.
 */
async function startGenerator(server: Server, job: GeneratorJob) {
  const generator = fork(generatorEntry, [JSON.stringify(job)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(generator, 'exit').then(([code]) => {
    throw new Error(`the load generator exited with code ${code}`);
  });
  const message = () =>
    Promise.race([once(generator, 'message').then(([message]) => message as unknown), exited]);
  await message();
  return {
    async window(seconds: number, rate: number | null): Promise<LoadFigures> {
      server.resetStalls();
      generator.send({ seconds, rate } satisfies GeneratorWindow);
      const { generatorStalls, ...figures } = (await message()) as GeneratorResult;
      return { ...figures, stalls: { server: await server.readStalls(), generator: generatorStalls } };
    },
    close: () => generator.disconnect(),
  };
}

export async function loadScenario(
  scenario: Scenario,
  servers: { ours: Server; baseline: Server },
  token: string,
  samplesFile: string,
  seconds: LoadSeconds,
  log: (line: string) => void,
): Promise<ScenarioResult> {
  const started: { close(): void }[] = [];
  const start = async (which: 'ours' | 'baseline') => {
    const generator = await startGenerator(servers[which], {
      url: servers[which].url,
      samplesFile,
      scenarioKey: scenario.key,
      headers: which === 'ours' ? { project_id: token } : {},
    });
    started.push(generator);
    return generator;
  };
  try {
    const baselineGenerator = await start('baseline');
    const oursGenerator = await start('ours');
    // The warm-ups warm the generators' code as well as the servers'.
    await baselineGenerator.window(seconds.warmup, null);
    await oursGenerator.window(seconds.warmup, null);
    // Alternating, so that what slows the machine for a while falls on both servers' rounds alike.
    const rounds = { baseline: [] as LoadFigures[], ours: [] as LoadFigures[] };
    for (let round = 0; round < seconds.rounds; round++) {
      rounds.baseline.push(await baselineGenerator.window(seconds.fixed, 500));
      rounds.ours.push(await oursGenerator.window(seconds.fixed, 500));
    }
    const maxRounds = { baseline: [] as LoadFigures[], ours: [] as LoadFigures[] };
    for (let round = 0; round < seconds.rounds; round++) {
      maxRounds.baseline.push(await baselineGenerator.window(seconds.max, null));
      maxRounds.ours.push(await oursGenerator.window(seconds.max, null));
    }
    const figures = (which: 'baseline' | 'ours'): ServerFigures => ({
      fixed: medianRound(rounds[which]),
      fixedRounds: rounds[which],
      max: medianThroughput(maxRounds[which]),
      maxRounds: maxRounds[which],
    });
    const baseline = figures('baseline');
    const ours = figures('ours');
    const f = (x: LoadFigures) =>
      `${x.requestsPerSecond.toFixed(0)} req/s p50 ${formatMs(x.p50)} ms p99 ${formatMs(x.p99)} ms${x.non2xx || x.errors ? ` (${x.non2xx} non-2xx, ${x.errors} errors)` : ''}`;
    const p99s = (figures: ServerFigures) => figures.fixedRounds!.map((x) => formatMs(x.p99)).join(', ');
    const rates = (figures: ServerFigures) =>
      figures.maxRounds!.map((x) => x.requestsPerSecond.toFixed(0)).join(', ');
    log(
      `  ${scenario.name}\n    ours:     @500 ${f(ours.fixed)} (p99 of each round ${p99s(ours)}) | max ${f(ours.max)} (req/s of each round ${rates(ours)})\n    baseline: @500 ${f(baseline.fixed)} (p99 of each round ${p99s(baseline)}) | max ${f(baseline.max)} (req/s of each round ${rates(baseline)})`,
    );
    return {
      name: scenario.name,
      example: scenario.path(),
      fixedPacing: 'even',
      ours,
      baseline,
      ...(scenario.goal ? { goal: scenario.goal } : {}),
    };
  } finally {
    for (const generator of started) generator.close();
  }
}
