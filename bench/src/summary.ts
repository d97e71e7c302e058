// The one-screen page, BENCHMARKS.md at the root: the run, about ten headline rows, each beside its goal and the
// peers' published figures, the plots, and where the full report is.
import type { BenchResults } from './run.js';
import type { ScenarioResult } from './load.js';
import { formatMs } from './load.js';
import { gib, mib, n0, n1 } from './format.js';
import { PUBLISHED, SOURCES, type Published, type SourceKey } from './peers.js';
import { busyAddressLimit, gibPerMillion, goals, mainnetSyncHours, TARGETS, type RunMeta } from './report.js';
import type { Plot } from './plots.js';
import { HISTORY_LIMITS, historyLimit, historyPath } from './history-scenarios.js';

export interface SummaryRow {
  name: string;
  measured: string;
  goal: string;
  /** 'met', 'missed', 'n of m met', or '' for a row without a goal */
  status: string;
  peers: string;
}

/** Where the page's links point, relative to the page. */
export interface SummaryLinks {
  report: string;
  analysis: string;
  /** the folder holding the plots */
  plots: string;
}

const met = (ok: boolean) => (ok ? 'met' : 'missed');
const p99 = (s: ScenarioResult) => s.ours.fixed.p99;
const bare = (s: ScenarioResult) => s.baseline.fixed.p99;
const range = (values: number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? `${formatMs(low)} ms` : `${formatMs(low)}–${formatMs(high)} ms`;
};

/** The sources cited on the page, numbered in the order of first citation. */
class Citations {
  readonly order: SourceKey[] = [];
  cite(published: Published[] | undefined): string {
    if (!published?.length) return 'not published';
    return published
      .map(({ text, source }) => {
        if (!this.order.includes(source)) this.order.push(source);
        return `${text} [${this.order.indexOf(source) + 1}]`;
      })
      .join('; ');
  }
}

/** The condition a row's name ends with, as run.ts names the variants of a cached row. */
function condition(name: string): string {
  if (name.endsWith(', cache off')) return ' cache off';
  if (name.endsWith(', tip advancing')) return ' tip advancing';
  return '';
}

/**
 * The endpoint and condition of a busy-address row, from the names scenarios() gives them: the rows of
 * `/addresses/{address}/utxos` name it, those of `/addresses/{address}/utxos/{asset}` do not.
 */
function busyLabel(name: string): string {
  const endpoint = name.includes('GET /addresses/{address}/utxos') ? '`/utxos`' : '`/utxos/{asset}`';
  return `${endpoint}${condition(name)}`;
}

const historyLabel = (name: string) => `\`${historyPath(name)}\`${condition(name)}`;

/** A group of rows with one limit: the met rows' range, each missed row by its label beside the bare server's. */
function limitRow(
  name: string,
  rows: ScenarioResult[],
  limit: number,
  label: (name: string) => string,
): SummaryRow {
  const ok = rows.filter((s) => p99(s) <= limit);
  const missed = rows.filter((s) => p99(s) > limit);
  const parts = [
    ...(ok.length ? [`${missed.length ? 'met ' : ''}${range(ok.map(p99))}`] : []),
    ...missed.map(
      (s) => `missed ${label(s.name)} ${formatMs(p99(s))} ms (bare Fastify + pg ${formatMs(bare(s))} ms)`,
    ),
  ];
  return {
    name,
    measured: parts.join('; '),
    goal: `≤ ${limit} ms`,
    status: `${ok.length} of ${rows.length} met`,
    peers: 'not published',
  };
}

const busyRows = (name: string, rows: ScenarioResult[], limit: number) =>
  limitRow(`${name} (${rows.length} rows: cached, tip advancing, cache off)`, rows, limit, busyLabel);

export function summaryRows(r: BenchResults, citations = new Citations()): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const i = r.ingest;
  if (i) {
    rows.push({
      name: `Ingest, ${n1(i.transactions / i.blocks)}-transaction blocks into an empty database`,
      measured:
        `**${n0(i.blocksPerSecond)} blocks/s** (${n0(i.txPerSecond)} tx/s)` +
        `${r.ceiling ? `; the devnet alone serves ${n0(r.ceiling.blocksPerSecond)}` : ''}`,
      goal: `≥ ${n0(TARGETS.ingestBlocksPerSecond)} blocks/s on 2 cores`,
      status: met(i.blocksPerSecond >= TARGETS.ingestBlocksPerSecond),
      peers: citations.cite(PUBLISHED.ingest),
    });
    const rounds = r.ingestRounds && r.ingestRounds.length > 1 ? r.ingestRounds : null;
    const perBlock = (steady: NonNullable<BenchResults['ingestRounds']>[number]) =>
      (((steady.indexerCpuSeconds + steady.postgresCpuSeconds) * 1000) / steady.blocks).toFixed(2);
    rows.push({
      name: 'CPU per block, indexer + PostgreSQL',
      measured:
        `**${i.cpuMsPerBlock.toFixed(2)} ms**${rounds ? ` (median of rounds ${rounds.map(perBlock).join(', ')})` : ''}` +
        `${r.floor ? `; floor, PostgreSQL's COPY of the same rows alone: ${r.floor.cpuMsPerBlock.toFixed(2)} ms` : ''}`,
      goal: `≤ ${TARGETS.cpuMsPerBlock} ms`,
      status: met(i.cpuMsPerBlock <= TARGETS.cpuMsPerBlock),
      peers: 'not published',
    });
    const largest = r.growth?.at(-1);
    if (largest) {
      const share = largest.ingest.blocksPerSecond / i.blocksPerSecond;
      rows.push({
        name: `Ingest on the largest history (${n0(largest.transactions)} tx, ${gib(largest.ingest.startDatabaseBytes)})`,
        measured: `**${(100 * share).toFixed(0)}%** of the empty rate (${n0(largest.ingest.blocksPerSecond)} blocks/s)`,
        goal: `≥ ${100 * TARGETS.growthShare}%`,
        status: met(share >= TARGETS.growthShare),
        peers: 'not published',
      });
    }
  }
  for (const rb of r.rollbacks ?? []) {
    const limit = TARGETS.rollbackMs[rb.depth];
    if (limit === undefined) continue;
    const several = rb.runsMs.length > 1;
    rows.push({
      name: `Rollback of ${n0(rb.depth)} blocks${several ? `, median of ${rb.runsMs.length} in a row` : ''}`,
      measured: `**${n0(rb.medianMs)} ms**${several ? ` (the first ${n0(rb.ms)} ms)` : ''}`,
      goal: `≤ ${n0(limit)} ms`,
      status: met(rb.medianMs <= limit),
      peers: 'not published',
    });
  }
  const api = r.api ?? [];
  const page1 = api.filter((s) => busyAddressLimit(s.name) === TARGETS.busyPage1Ms);
  if (page1.length)
    rows.push(busyRows('Busiest address, page 1, p99 @ 500 req/s', page1, TARGETS.busyPage1Ms));
  const deep = api.filter((s) => busyAddressLimit(s.name) === TARGETS.busyDeepPageMs);
  if (deep.length)
    rows.push(busyRows('Busiest address, a random deep page, p99 @ 500 req/s', deep, TARGETS.busyDeepPageMs));
  const history = (limit: number) => api.filter((s) => historyLimit(s.name) === limit);
  for (const [name, limit] of [
    ['History lists on their whales, page 1', HISTORY_LIMITS.page1Ms],
    ['History lists on their whales, a random deep page', HISTORY_LIMITS.deepPageMs],
    ['Running totals on their whales', HISTORY_LIMITS.totalMs],
  ] as const) {
    const group = history(limit);
    if (group.length)
      rows.push(
        limitRow(`${name}, p99 @ 500 req/s (${group.length} rows, issue #50)`, group, limit, historyLabel),
      );
  }
  const listed = api.filter((s) => s.goal);
  if (listed.length) {
    const limits = [...new Set(listed.map((s) => s.goal!.p99Ms))];
    const issues = [...new Set(listed.map((s) => `#${s.goal!.issue}`))];
    const within = listed.filter((s) => p99(s) <= s.goal!.p99Ms);
    rows.push({
      name: `Staking and governance lists at mainnet's size, page 1, p99 @ 500 req/s (issues ${issues.join(', ')})`,
      measured: listed
        .map((s) => `${s.name}: **${formatMs(p99(s))} ms** (bare ${formatMs(bare(s))} ms)`)
        .join('; '),
      goal: limits.map((ms) => `≤ ${ms} ms`).join(', '),
      status: `${within.length} of ${listed.length} met`,
      peers: 'not published',
    });
  }
  if (r.stakeSnapshot) {
    const z = r.stakeSnapshot;
    rows.push({
      name: 'Epoch-boundary stake snapshot of the ledger (issue #51)',
      measured: `**${n1(z.seconds.first)} s** for ${n0(z.accounts)} accounts (taken again over it ${n1(z.seconds.again)} s); ${mib(Object.values(z.relationBytes).reduce((a, b) => a + b, 0))} with its indexes`,
      goal: '—',
      status: '',
      peers: 'not published',
    });
  }
  const light = api.filter(
    (s) => !s.name.startsWith('busy address') && !s.goal && historyLimit(s.name) === null,
  );
  const shown = light.find((s) => s.name === 'GET /txs/{hash}') ?? light[0];
  if (shown) {
    const within = (s: ScenarioResult) => p99(s) <= TARGETS.p99Ratio * bare(s);
    rows.push({
      name: `A light read, \`${shown.name}\`, p99 @ 500 req/s`,
      measured:
        `**${formatMs(p99(shown))} ms** (bare Fastify + pg ${formatMs(bare(shown))} ms); ` +
        `all ${light.length} light rows ${range(light.map(p99))} (bare ${range(light.map(bare))})`,
      goal: `≤ ${TARGETS.p99Ratio} × bare`,
      status: `${met(within(shown))}; ${light.filter(within).length} of ${light.length} light rows met`,
      peers: citations.cite(PUBLISHED.lightRead),
    });
  }
  if (r.live) {
    const { payments, indexerLagMs, blockIntervalMs } = r.live;
    rows.push({
      name: `Live devnet, a block every ${n0(blockIntervalMs)} ms`,
      measured:
        `**${n0(payments.validatedPerSecond)} payments validated/s**, ${n0(payments.forgedPerSecond)} forged/s; ` +
        `indexer lag ${n0(indexerLagMs.median)} ms median, ${n0(indexerLagMs.p95)} ms p95`,
      goal: '—',
      status: '',
      peers: 'not published',
    });
  }
  const sync = mainnetSyncHours(r);
  if (i) {
    const perMillion = gibPerMillion(i.databaseBytes, i.transactions);
    rows.push({
      name: 'Disk per million transactions',
      measured: `**${n1(perMillion)} GiB**${sync ? `; ≈ ${n0(perMillion * (sync.transactions / 1e6))} GiB at mainnet's ≈ ${n0(sync.transactions / 1e6)} M transactions` : ''}`,
      goal: '—',
      status: '',
      peers: citations.cite(PUBLISHED.disk),
    });
  }
  if (sync)
    rows.push({
      name: 'Mainnet sync estimate, on this machine',
      measured: `**${n1(sync.wall)} h** (${n1(sync.cpu)} CPU hours), from the measured cost per block and per transaction`,
      goal: '—',
      status: '',
      peers: citations.cite(PUBLISHED.sync),
    });
  return rows;
}

export function renderSummary(r: BenchResults, meta: RunMeta, links: SummaryLinks, figures: Plot[]): string {
  const citations = new Citations();
  const rows = summaryRows(r, citations);
  const g = goals(r);
  const out: string[] = [
    '# Benchmarks',
    '',
    "How fast frostline's indexer and API are, measured by `npm run bench` on one machine; each figure beside its",
    'goal and beside what the other indexers publish about themselves (their own machines, not this one). The full',
    `report, with every goal row, per-round figures and query plans, is [${links.report}](${links.report}); what limits`,
    `each figure and what to try next is in [${links.analysis}](${links.analysis}).`,
    '',
    '| Run | |',
    '|---|---|',
    `| Machine | ${meta.cores} × ${meta.cpus}, ${meta.memoryGiB.toFixed(0)} GiB memory |`,
    `| Command | \`${meta.command}\`${r.quick ? ' (quick)' : ''}, ${n1(r.seconds / 60)} min |`,
    `| Date, commit | ${meta.date}, ${meta.commit} |`,
    `| Software | Node.js ${meta.node}, PostgreSQL ${meta.postgres} |`,
    `| Goals | ${g.filter((x) => x.met).length} met, ${g.filter((x) => x.met === false).length} missed (every row in the full report) |`,
    '',
    '| | frostline | Goal | | Peers, as published |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${row.measured} | ${row.goal} | ${row.status} | ${row.peers} |`),
    '',
    '"Bare Fastify + pg" is the baseline server: the same SQL through `pg`, without NestJS, validation, auth or',
    "Blockfrost's mapping. A floor is what the work needs without us: PostgreSQL storing the same rows by `COPY`, or",
    'the bare server answering the same requests.',
    '',
  ];
  for (const figure of figures) out.push(`![${figure.title}](${links.plots}${figure.file})`, '');
  if (citations.order.length) {
    out.push("Sources of the peers' figures:", '');
    citations.order.forEach((key, index) => {
      const source = SOURCES[key];
      out.push(`${index + 1}. ${source.title}, <${source.url}> (${source.date})`);
    });
    out.push('');
  }
  return out.join('\n');
}
