import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { stringifyOgmios } from '../convert/index.js';
import { generateChain } from './generate.js';
import type { ExpectedState } from './expected-state.js';
import type { GenerateCommand } from './options.js';

export interface WriteSummary {
  blocks: number;
  lines: number;
  seconds: number;
  expected: ExpectedState;
}

/**
 * Runs `devnet generate`: streams the chain as JSON lines to `command.out` (or `stdout`), honouring
 * back-pressure, then writes the expected state to `command.expected` if given.
 */
export async function writeChain(
  command: GenerateCommand,
  stdout: Writable = process.stdout,
): Promise<WriteSummary> {
  const started = performance.now();
  const out = command.out === undefined ? stdout : createWriteStream(command.out);
  const lines = generateChain(command.options);
  let blocks = 0;
  let count = 0;
  let next = await lines.next();
  while (!next.done) {
    if ('era' in next.value) blocks += 1;
    count += 1;
    if (!out.write(stringifyOgmios(next.value) + '\n')) await once(out, 'drain');
    next = await lines.next();
  }
  const expected = next.value;
  if (out !== stdout) {
    out.end();
    await once(out, 'finish');
  }
  if (command.expected !== undefined) {
    const file = createWriteStream(command.expected);
    file.end(stringifyOgmios(expected) + '\n');
    await once(file, 'finish');
  }
  return { blocks, lines: count, seconds: (performance.now() - started) / 1000, expected };
}
