import type { IngestResult } from './ingest.js';
import type { LoadFigures, ScenarioResult } from './load.js';
import { apiP99Plot, ingestCpuPlot, plots } from './plots.js';
import { renderMarkdown, renderTable, type RunMeta } from './report.js';
import type { BenchResults } from './run.js';
import { renderSummary, summaryRows } from './summary.js';

// A small run: three ingest rounds, a growth run, rollbacks, the live devnet and ten API rows.
const ingestRun = (
  blocks: number,
  txPerBlock: number,
  indexerMs: number,
  postgresMs: number,
): IngestResult => {
  const seconds = blocks / 800;
  return {
    blocks,
    transactions: blocks * txPerBlock,
    rows: blocks * txPerBlock * 9,
    seconds,
    wallSeconds: seconds + 4,
    blocksPerSecond: blocks / seconds,
    txPerSecond: (blocks * txPerBlock) / seconds,
    rowsPerSecond: (blocks * txPerBlock * 9) / seconds,
    peakRssBytes: 2 ** 30,
    batchSettings: {},
    decodeSeconds: seconds / 8,
    databaseSeconds: seconds,
    batches: 20,
    gcSeconds: { minor: 1, major: 0.1, incremental: 0 },
    cpuSeconds: { user: 20, system: 2 },
    steady: {
      blocks,
      seconds,
      indexerCpuSeconds: (indexerMs * blocks) / 1000,
      postgresCpuSeconds: (postgresMs * blocks) / 1000,
      sourceCpuSeconds: 1,
      otherCpuSeconds: 0.2,
    },
    addressUtxoFill: { seconds: 1.5, rows: 100_000 },
    cpuMsPerBlock: indexerMs + postgresMs,
    cpuProfile: null,
    startDatabaseBytes: 10 * 2 ** 20,
    databaseBytes: 0.8 * 2 ** 30,
    statements: [{ query: 'COPY "tx" FROM STDIN', calls: 20, totalMs: 2000, meanMs: 100, rows: 400_000 }],
  };
};

const noStalls = { maxLoopDelayMs: 1, maxGcPauseMs: 1, gcMs: 1 };
const window = (p99: number, requestsPerSecond = 4000): LoadFigures => ({
  requestsPerSecond,
  p50: p99 / 3,
  p99,
  errors: 0,
  non2xx: 0,
  stalls: { server: noStalls, generator: noStalls },
});
const scenario = (name: string, ours: number, baseline: number): ScenarioResult => ({
  name,
  example: '/example',
  fixedPacing: 'even',
  ours: { fixed: window(ours), fixedRounds: [window(ours)], max: window(ours), maxRounds: [window(ours)] },
  baseline: {
    fixed: window(baseline),
    fixedRounds: [window(baseline)],
    max: window(baseline),
    maxRounds: [window(baseline)],
  },
});

const empty = ingestRun(20_000, 19, 1.0, 0.5);
const results: BenchResults = {
  quick: false,
  startedAt: '2026-11-30T05:43:00.000Z',
  seconds: 3192,
  chain: {
    file: '.bench-cache/chain.jsonl',
    blocks: 20_000,
    bytes: 1.3 * 2 ** 30,
    generatedSeconds: 216,
    cached: true,
  },
  ceiling: { blocks: 20_000, transactions: 380_000, seconds: 10.7, blocksPerSecond: 1870 },
  ingest: empty,
  ingestRounds: [
    ingestRun(20_000, 19, 0.97, 0.47).steady,
    empty.steady,
    ingestRun(20_000, 19, 1.0, 0.53).steady,
  ],
  floor: {
    blocks: 20_000,
    rows: 3_600_000,
    tables: 39,
    seconds: 8.8,
    postgresCpuSeconds: 9.8,
    cpuMsPerBlock: 0.49,
  },
  sparse: {
    chain: { file: 'sparse.jsonl', blocks: 10_000, bytes: 2 ** 27, generatedSeconds: null, cached: true },
    ingest: ingestRun(10_000, 1, 0.15, 0.08),
  },
  growth: [
    {
      transactions: 6_666_668,
      outputs: 20_000_004,
      ingest: { ...ingestRun(20_000, 19, 1.2, 0.58), blocksPerSecond: 700, startDatabaseBytes: 14 * 2 ** 30 },
    },
  ],
  rollbacks: [
    { depth: 10, ms: 66, runsMs: [66, 44, 37, 35, 29], medianMs: 37, removed: 10, statements: [] },
    { depth: 100, ms: 176, runsMs: [176, 194, 181], medianMs: 181, removed: 100, statements: [] },
    { depth: 2160, ms: 1571, runsMs: [1571], medianMs: 1571, removed: 2160, statements: [] },
  ],
  live: {
    blockIntervalMs: 1000,
    payments: { count: 2000, validatedPerSecond: 1448, forgedPerSecond: 247, blocks: 9 },
    plutus: { count: 100, validatedPerSecond: 202 },
    indexerLagMs: { blocks: 16, median: 7, p95: 72, max: 72 },
  },
  api: [
    scenario('busy address (100,001 UTxOs of one asset), page 1 of 100', 5.2, 4.3),
    scenario('busy address (100,001 UTxOs of one asset), page 1 of 100, cache off', 6.9, 7.3),
    scenario('busy address, random deep page (count=100)', 5.3, 429.4),
    scenario('busy address, random deep page (count=100), cache off', 666.3, 253.6),
    scenario(
      'history: GET /addresses/{address}/transactions, whale address (9 transactions), page 1',
      3.1,
      2.9,
    ),
    scenario(
      'history: GET /addresses/{address}/utxos, whale address (9 transactions), random deep page (count=100, 5 pages), cache off',
      8557,
      7734,
    ),
    scenario('history: GET /assets, every asset (300), random deep page (count=100, 3 pages)', 12.5, 10.1),
    scenario('history: GET /addresses/{address}/total, whale address (9 transactions)', 3.8, 3.0),
    scenario('GET /txs/{hash}', 2.1, 1.8),
    scenario('GET /blocks/latest <&>', 1.9, 1.2),
  ],
  failures: [],
};

const meta: RunMeta = {
  command: 'npm run bench',
  date: '2026-11-30T06:36:22Z',
  commit: 'abc1234',
  cpus: 'Test CPU',
  cores: 2,
  memoryGiB: 24,
  node: 'v20.20.2',
  postgres: '18.4',
  postgresFlags: ['-c', 'jit=off'],
  loadBefore: '0.64, 1.53, 1.53',
  loadAfter: '1.33, 1.42, 1.95',
};

const links = { report: 'bench/results/REPORT.md', analysis: 'bench/ANALYSIS.md', plots: 'bench/results/' };

describe('the one-screen summary', () => {
  const rows = summaryRows(results);
  const row = (start: string) => rows.find((x) => x.name.startsWith(start))!;

  it('has one headline row per figure, the 100-block rollback left to the full report', () => {
    expect(rows.map((x) => x.name.split(/[,(]/)[0])).toEqual([
      'Ingest',
      'CPU per block',
      'Ingest on the largest history ',
      'Rollback of 10 blocks',
      'Rollback of 2',
      'Busiest address',
      'Busiest address',
      'History lists on their whales',
      'History lists on their whales',
      'Running totals on their whales',
      'A light read',
      'Live devnet',
      'Disk per million transactions',
      'Mainnet sync estimate',
    ]);
  });

  it('sets each figure beside its goal and says whether it is met', () => {
    expect(row('Ingest,')).toMatchObject({ goal: '≥ 1,000 blocks/s on 2 cores', status: 'missed' });
    expect(row('Ingest,').measured).toContain('**800 blocks/s**');
    expect(row('CPU per block')).toMatchObject({ goal: '≤ 2 ms', status: 'met' });
    expect(row('CPU per block').measured).toContain('1.44, 1.50, 1.53');
    expect(row('CPU per block').measured).toContain('alone: 0.49 ms');
    expect(row('Ingest on the largest history').measured).toContain('**88%**');
    expect(row('Rollback of 2,160')).toMatchObject({
      measured: '**1,571 ms**',
      goal: '≤ 5,000 ms',
      status: 'met',
    });
  });

  it("counts the busy address's rows against their limit, a miss beside the bare server's figure", () => {
    const [page1, deep] = rows.filter((x) => x.name.startsWith('Busiest address'));
    expect(page1).toMatchObject({ measured: '5.2–6.9 ms', goal: '≤ 20 ms', status: '2 of 2 met' });
    expect(deep).toMatchObject({ goal: '≤ 100 ms', status: '1 of 2 met' });
    expect(deep!.measured).toBe(
      'met 5.3 ms; missed `/utxos/{asset}` cache off 666.3 ms (bare Fastify + pg 253.6 ms)',
    );
  });

  it('counts the history rows against the limit of their kind, apart from the light rows', () => {
    const [page1, deep] = rows.filter((x) => x.name.startsWith('History lists'));
    expect(page1).toMatchObject({
      name: 'History lists on their whales, page 1, p99 @ 500 req/s (1 rows, issue #50)',
      measured: '3.1 ms',
      goal: '≤ 20 ms',
      status: '1 of 1 met',
    });
    expect(deep).toMatchObject({ goal: '≤ 100 ms', status: '1 of 2 met' });
    expect(deep!.measured).toBe(
      'met 12.5 ms; missed `/addresses/{address}/utxos` cache off 8557 ms (bare Fastify + pg 7734 ms)',
    );
    expect(row('Running totals')).toMatchObject({
      measured: '3.8 ms',
      goal: '≤ 10 ms',
      status: '1 of 1 met',
    });
  });

  it('shows a light read beside the bare baseline and how many light rows meet 1.5 times it', () => {
    expect(row('A light read')).toMatchObject({ goal: '≤ 1.5 × bare', status: 'met; 1 of 2 light rows met' });
    expect(row('A light read').measured).toContain('**2.1 ms** (bare Fastify + pg 1.8 ms)');
  });

  it('cites a source for every peer figure, and says "not published" where there is none', () => {
    expect(row('Rollback of 10').peers).toBe('not published');
    expect(row('Disk per million').peers).toMatch(/db-sync .* \[\d\]/);
    const page = renderSummary(results, meta, links, plots(results));
    const cited = new Set([...page.matchAll(/ \[(\d)\]/g)].map((m) => Number(m[1])));
    const listed = [...page.matchAll(/^(\d)\. .*<https:\/\/[^>]+> \(/gm)].map((m) => Number(m[1]));
    expect(listed).toEqual([...cited].sort());
  });

  it('renders the run, the rows, the plots and the links in about a screen', () => {
    const page = renderSummary(results, meta, links, plots(results));
    expect(page).toContain('| Machine | 2 × Test CPU, 24 GiB memory |');
    expect(page).toContain('| Date, commit | 2026-11-30T06:36:22Z, abc1234 |');
    expect(page).toContain('[bench/results/REPORT.md](bench/results/REPORT.md)');
    expect(page).toContain('](bench/results/ingest-cpu.svg)');
    expect(page).toContain('](bench/results/api-p99.svg)');
    expect(page.split('\n').length).toBeLessThan(60);
  });
});

describe('the plots', () => {
  it('stack indexer and PostgreSQL CPU for each round, with the floor and the goal as lines', () => {
    const plot = ingestCpuPlot(results)!;
    // the background, two segments per round, two legend swatches
    expect(plot.svg.match(/<rect /g)).toHaveLength(1 + 2 * 3 + 2);
    expect(plot.svg).toContain('floor: PostgreSQL COPY alone 0.49');
    expect(plot.svg).toContain('goal 2.00');
    expect(plot.svg).toContain('>1.53<');
    expect(plot.svg).toContain('>round 3<');
  });

  it('draw both servers for every API row on a scale from below the fastest to above the slowest', () => {
    const plot = apiP99Plot(results)!;
    expect(plot.svg.match(/<rect /g)).toHaveLength(1 + 2 * results.api!.length + 2);
    expect(plot.svg).toContain('>1<');
    expect(plot.svg).toContain('>1000<');
    expect(plot.svg).toContain('GET /blocks/latest &lt;&amp;&gt;');
  });

  it('leave out a plot the run has no figures for', () => {
    expect(plots({ ...results, api: undefined }).map((x) => x.file)).toEqual(['ingest-cpu.svg']);
    expect(plots({ quick: true, startedAt: results.startedAt, seconds: 1, failures: [] })).toEqual([]);
  });
});

describe('the full report', () => {
  it('keeps every goal row and the per-round figures', () => {
    const report = renderMarkdown(results, meta);
    expect(report).toContain('## Goals');
    expect(report.match(/\| (met|missed) \|$/gm)).toHaveLength(
      // ingest, CPU and growth; rollbacks; throughput + p99 per row; busy-address limits; history limits
      3 + 2 + 2 * results.api!.length + 4 + 4,
    );
    expect(report).toContain('1.44 (0.97 + 0.47); 1.50 (1.00 + 0.50); 1.53 (1.00 + 0.53) ms');
    expect(report).toContain('| 2160 blocks | 1,571 ms |');
    expect(renderTable(results)).toContain('Goals: ');
  });
});
