/// <reference types="jest" />
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readChainFile, type ChainLine } from './chain-file.js';
import { readLineHeader } from './line-header.js';

const directory = mkdtempSync(join(tmpdir(), 'devnet-chain-file-'));
let files = 0;

async function read(text: string): Promise<{ file: string; lines: ChainLine[] }> {
  files += 1;
  const file = join(directory, `chain-${files}.jsonl`);
  writeFileSync(file, text);
  const lines: ChainLine[] = [];
  for await (const line of readChainFile(file, 21600)) lines.push(line);
  return { file, lines };
}

const header = (text: string) => readLineHeader(Buffer.from(text));

describe('readChainFile', () => {
  it('indexes blocks by byte range and parses events; CRLF, blank lines and any key order', async () => {
    const first = '{"era":"conway","id":"a1","height":1,"slot":10,"transactions":[{"id":"t\\"}]"}]}';
    // Header keys after a body full of brackets, braces and escaped quotes inside strings.
    const second =
      '{"transactions":[{"x":"]}\\\\","y":[{},[]]}],"slot":20,"height":2,"id":"a2","era":"conway"}';
    const event = '{"event":"rewardAccounts","accounts":[]}';
    const { file, lines } = await read(`${first}\r\n\n  \n${event}\n${second}`);
    expect(lines.map((line) => line.kind)).toEqual(['block', 'event', 'block']);
    const blocks = lines.flatMap((line) => (line.kind === 'block' ? [line.entry] : []));
    expect(blocks.map(({ slot, id, height, era }) => ({ slot, id, height, era }))).toEqual([
      { slot: 10, id: 'a1', height: 1, era: 'conway' },
      { slot: 20, id: 'a2', height: 2, era: 'conway' },
    ]);
    const bytes = readFileSync(file);
    const text = blocks.map(({ body }) =>
      'file' in body ? bytes.toString('utf8', body.offset, body.offset + body.length) : '',
    );
    expect(text).toEqual([first, second]);
  });

  it('keeps slots beyond 2^53 exact and gives Byron EBBs the next epoch boundary', async () => {
    const { lines } = await read(
      [
        '{"era":"byron","type":"bft","id":"b1","height":1,"slot":21599}',
        '{"era":"byron","type":"ebb","id":"b2","height":1,"transactions":[]}',
        '{"era":"byron","id":"b3","height":2,"slot":18446744073709551615}',
      ].join('\n'),
    );
    expect(lines.map((line) => line.kind === 'block' && line.entry.slot)).toEqual([
      21599,
      21600,
      18446744073709551615n,
    ]);
  });

  it.each([
    [
      'a truncated block line',
      '{"era":"conway","id":"a1","height":1,"slot":10,"transactions":[{"id"',
      /truncated/,
    ],
    ['a block without a height', '{"era":"conway","id":"a1","slot":10}', /no "height"/],
    ['neither a block nor an event', '{"hello":"world"}', /expected an Ogmios block/],
    ['text after the object', '{"era":"conway","id":"a1"} x', /unexpected text/],
    ['not JSON', 'nope', /expected '\{'/],
  ])('names the file and line of %s', async (_case, line, message) => {
    const valid = '{"era":"conway","id":"a0","height":0,"slot":0}';
    await expect(read(`${valid}\n${line}\n`)).rejects.toThrow(/chain-\d+\.jsonl:2: /);
    await expect(read(`${valid}\n${line}\n`)).rejects.toThrow(message);
  });
});

describe('readLineHeader', () => {
  it('stops at the complete header, before the rest of the line', () => {
    // The body is not JSON at all: it is never read, only the final brace is checked.
    expect(header('{"era":"conway","id":"a","height":1,"slot":2,"transactions":[ not json ]}')).toEqual({
      kind: 'block',
      fields: { era: 'conway', id: 'a', height: 1, slot: 2 },
    });
  });

  it('reads an event key before the header as an event', () => {
    expect(header('{ "event" : "pause", "ms": 10 }')).toEqual({ kind: 'event' });
  });

  it('decodes escaped keys and values, and whitespace between tokens', () => {
    expect(header('{ "er\\u0061" : "conway" , "id":"\\u00e9", "height" : 3 , "slot" : 4 }')).toEqual({
      kind: 'block',
      fields: { era: 'conway', id: 'é', height: 3, slot: 4 },
    });
  });
});
