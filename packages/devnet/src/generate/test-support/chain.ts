import type { ChainEvent } from '../../chain/events.js';
import type { BlockBFT, BlockEBB, BlockPraos } from '@cardano-ogmios/schema';
import { stringifyOgmios } from '../../convert/index.js';
import type { ExpectedState } from '../expected-state.js';
import { generateChain, type GeneratedLine } from '../generate.js';
import type { GenerateOptions } from '../options.js';

export interface GeneratedChain {
  lines: GeneratedLine[];
  text: string;
  expected: ExpectedState;
}

/** Runs the generator to the end, keeping every line (fine for the small chains of tests). */
export async function generate(options: Partial<GenerateOptions> = {}): Promise<GeneratedChain> {
  const lines: GeneratedLine[] = [];
  const iterator = generateChain(options);
  let next = await iterator.next();
  while (!next.done) {
    lines.push(next.value);
    next = await iterator.next();
  }
  return { lines, text: lines.map((line) => stringifyOgmios(line)).join('\n'), expected: next.value };
}

export type PraosBlock = BlockPraos;
/** Every block kind, with an EBB's absent transactions spelled out so that `block.transactions` reads. */
export type GeneratedBlock = (BlockEBB & { transactions?: undefined }) | BlockBFT | BlockPraos;

export function isBlock(line: GeneratedLine): line is GeneratedBlock {
  return 'era' in line;
}

export function isPraos(line: GeneratedLine): line is PraosBlock {
  return 'era' in line && line.type === 'praos';
}

export function isEvent(line: GeneratedLine): line is ChainEvent {
  return 'event' in line;
}
