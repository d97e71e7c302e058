// The summary's plots, written as SVG text. Two bar charts need a scale, rectangles, lines and labels: a few
// lines of markup each. A charting library (vega, d3) would bring a DOM or a canvas to render into for that.
import type { BenchResults } from './run.js';
import type { IngestResult } from './ingest.js';
import { formatMs } from './load.js';
import { fit } from './format.js';
import { TARGETS } from './report.js';

export interface Plot {
  file: string;
  title: string;
  svg: string;
}

const COLOURS = {
  indexer: '#4c78a8',
  postgres: '#f58518',
  ours: '#4c78a8',
  baseline: '#9d9d9d',
  floor: '#54a24b',
  goal: '#e45756',
};

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escape(content)}</text>`;
}

function svg(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escape(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** The summary's plots that the run has the figures for. */
export function plots(r: BenchResults): Plot[] {
  return [ingestCpuPlot(r), apiP99Plot(r)].filter((plot): plot is Plot => plot !== null);
}

/**
 * CPU per block of each measured ingest round, indexer and PostgreSQL stacked, beside the floor (PostgreSQL's COPY of
 * the same rows) and the goal.
 */
export function ingestCpuPlot(r: BenchResults): Plot | null {
  if (!r.ingestRounds?.length) return null;
  const bars = r.ingestRounds.map((steady: IngestResult['steady'], i) => ({
    label: `round ${i + 1}`,
    indexer: (steady.indexerCpuSeconds * 1000) / steady.blocks,
    postgres: (steady.postgresCpuSeconds * 1000) / steady.blocks,
  }));
  const lines = [
    ...(r.floor
      ? [{ value: r.floor.cpuMsPerBlock, label: 'floor: PostgreSQL COPY alone', colour: COLOURS.floor }]
      : []),
    { value: TARGETS.cpuMsPerBlock, label: 'goal', colour: COLOURS.goal },
  ];
  const left = 60;
  // the lines' labels sit right of the bars, where nothing else is drawn
  const right = left + 20 + bars.length * 90;
  const width = right + 220;
  const height = 320;
  const top = 40;
  const bottom = height - 60;
  const max = 1.15 * Math.max(...bars.map((b) => b.indexer + b.postgres), ...lines.map((l) => l.value));
  const y = (ms: number) => bottom - ((bottom - top) * ms) / max;
  const body: string[] = [
    text(left, 20, 'Ingest CPU per block (ms) by round, from an empty database', 'font-weight="bold"'),
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#333"/>`,
  ];
  const step = max > 4 ? 1 : 0.5;
  for (let tick = 0; tick <= max; tick += step)
    body.push(
      `<line x1="${left - 4}" y1="${y(tick).toFixed(1)}" x2="${left}" y2="${y(tick).toFixed(1)}" stroke="#333"/>`,
      text(left - 8, y(tick) + 4, tick.toFixed(1), 'text-anchor="end"'),
    );
  bars.forEach((bar, i) => {
    const x = left + 20 + i * 90;
    const total = bar.indexer + bar.postgres;
    body.push(
      `<rect x="${x}" y="${y(bar.indexer).toFixed(1)}" width="50" height="${(bottom - y(bar.indexer)).toFixed(1)}" fill="${COLOURS.indexer}"/>`,
      `<rect x="${x}" y="${y(total).toFixed(1)}" width="50" height="${(y(bar.indexer) - y(total)).toFixed(1)}" fill="${COLOURS.postgres}"/>`,
      text(x + 25, y(total) - 4, total.toFixed(2), 'text-anchor="middle"'),
      text(x + 25, bottom + 16, bar.label, 'text-anchor="middle"'),
    );
  });
  for (const line of lines)
    body.push(
      `<line x1="${left}" y1="${y(line.value).toFixed(1)}" x2="${right}" y2="${y(line.value).toFixed(1)}" stroke="${line.colour}" stroke-dasharray="6 4"/>`,
      text(right + 6, y(line.value) + 4, `${line.label} ${line.value.toFixed(2)}`, `fill="${line.colour}"`),
    );
  body.push(
    ...legend(left, height - 12, [
      ['indexer', COLOURS.indexer],
      ['PostgreSQL', COLOURS.postgres],
    ]),
  );
  return {
    file: 'ingest-cpu.svg',
    title: 'Ingest CPU per block by round, beside the floor and the goal',
    svg: svg(width, height, 'Ingest CPU per block', body),
  };
}

/** p99 at 500 req/s of every API row, ours beside the bare Fastify + pg baseline, on a logarithmic scale. */
export function apiP99Plot(r: BenchResults): Plot | null {
  if (!r.api?.length) return null;
  const labelWidth = 370;
  const plotWidth = 480;
  const rowHeight = 24;
  const top = 40;
  const width = labelWidth + plotWidth + 30;
  const height = top + r.api.length * rowHeight + 40;
  const values = r.api.flatMap((s) => [s.ours.fixed.p99, s.baseline.fixed.p99]);
  const low = 10 ** Math.floor(Math.log10(Math.min(...values)));
  const high = 10 ** Math.ceil(Math.log10(Math.max(...values)));
  const x = (ms: number) => labelWidth + (plotWidth * Math.log10(ms / low)) / Math.log10(high / low);
  const bottom = top + r.api.length * rowHeight;
  const body: string[] = [
    text(
      10,
      20,
      'API p99 at 500 req/s (ms, log scale): ours and the bare Fastify + pg baseline',
      'font-weight="bold"',
    ),
  ];
  for (let tick = low; tick <= high; tick *= 10)
    body.push(
      `<line x1="${x(tick).toFixed(1)}" y1="${top}" x2="${x(tick).toFixed(1)}" y2="${bottom}" stroke="#ddd"/>`,
      text(x(tick), bottom + 14, formatMs(tick), 'text-anchor="middle"'),
    );
  r.api.forEach((s, i) => {
    const rowTop = top + i * rowHeight;
    body.push(text(labelWidth - 8, rowTop + 15, fit(s.name, 56), 'text-anchor="end" font-size="11"'));
    for (const [j, figures, colour] of [
      [0, s.ours, COLOURS.ours],
      [1, s.baseline, COLOURS.baseline],
    ] as const) {
      const p99 = figures.fixed.p99;
      const barTop = rowTop + 3 + j * 9;
      body.push(
        `<rect x="${labelWidth}" y="${barTop}" width="${Math.max(1, x(p99) - labelWidth).toFixed(1)}" height="8" fill="${colour}"/>`,
        text(x(p99) + 4, barTop + 8, formatMs(p99), 'font-size="9"'),
      );
    }
  });
  body.push(
    ...legend(labelWidth, height - 10, [
      ['ours', COLOURS.ours],
      ['bare Fastify + pg', COLOURS.baseline],
    ]),
  );
  return {
    file: 'api-p99.svg',
    title: 'API p99 at 500 req/s, ours beside the bare baseline',
    svg: svg(width, height, 'API p99 at 500 req/s', body),
  };
}

function legend(x: number, y: number, entries: [label: string, colour: string][]): string[] {
  return entries.flatMap(([label, colour], i) => [
    `<rect x="${x + i * 160}" y="${y - 9}" width="10" height="10" fill="${colour}"/>`,
    text(x + i * 160 + 14, y, label),
  ]);
}
