import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stringifyOgmios } from '@frostline/devnet/convert';
import {
  generateChain,
  type ExpectedState,
  type GenerateOptions,
  type GeneratedLine,
} from '@frostline/devnet/generate';
import type { Point } from '@frostline/devnet';
import type { OgmiosBlock } from '@frostline/model';

export interface GeneratedChain {
  lines: GeneratedLine[];
  /** the blocks of the final chain, abandoned fork branches removed */
  finalChain: OgmiosBlock[];
  expected: ExpectedState;
  /** the lines as a devnet chain file */
  file: string;
}

const isBlock = (line: GeneratedLine): boolean => !('event' in line);

/** The point a rollback or fork event goes back to; null for other events and blocks. */
export function rollbackPoint(line: GeneratedLine): Point | null {
  if (!('event' in line)) return null;
  return line.event === 'rollback' || line.event === 'fork' ? line.point : null;
}

/** The chain files' folders of this process, removed when it exits, since a test may end before it stops its devnet. */
const chainFolders = new Set<string>();
process.once('exit', () => {
  for (const dir of chainFolders) rmSync(dir, { recursive: true, force: true });
});

/** Runs the seeded generator to the end (small chains: it builds and signs real transactions). */
export async function generate(options: Partial<GenerateOptions>): Promise<GeneratedChain> {
  const lines: GeneratedLine[] = [];
  const generator = generateChain(options);
  let next = await generator.next();
  while (!next.done) {
    lines.push(next.value);
    next = await generator.next();
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frostline-chain-'));
  chainFolders.add(dir);
  const file = path.join(dir, 'chain.jsonl');
  writeFileSync(file, lines.map((line) => stringifyOgmios(line)).join('\n') + '\n');
  return { lines, finalChain: finalChain(lines), expected: next.value, file };
}

/** Applies the generator's rollback/fork events to find the chain a node ends on. */
export function finalChain(lines: GeneratedLine[]): OgmiosBlock[] {
  const chain: OgmiosBlock[] = [];
  for (const line of lines) {
    if (isBlock(line)) {
      chain.push(line as unknown as OgmiosBlock);
      continue;
    }
    const point = rollbackPoint(line);
    if (point !== null) chain.length = point === 'origin' ? 0 : chain.findIndex((b) => b.id === point.id) + 1;
  }
  return chain;
}

export { isBlock };
