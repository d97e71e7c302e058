#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { convertBlock, readImmutableChunk, stringifyOgmios, type EraName } from './convert/index.js';
import { isNetworkName, NETWORK_NAMES } from './networks/networks.js';
import { startDevnet } from './server/devnet.js';

const USAGE = `Usage:
  devnet serve --chain FILE [--port 1337] [--host 127.0.0.1] [--network ${NETWORK_NAMES.join('|')}] [--block-interval MS]
  devnet convert FILE... [--era NAME]

serve    runs an Ogmios v6 compatible server (WebSocket JSON-RPC + GET /health) over a chain file
convert  prints one Ogmios v6 block per line for hex block files (era-wrapped, or raw with --era)
         and ImmutableDB chunk files (*.chunk)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'convert':
      return convert(rest);
    case undefined:
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

async function serve(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      chain: { type: 'string' },
      port: { type: 'string', default: '1337' },
      host: { type: 'string', default: '127.0.0.1' },
      network: { type: 'string', default: 'custom' },
      'block-interval': { type: 'string', default: '0' },
    },
  });
  if (values.chain === undefined) throw new UsageError('serve needs --chain FILE');
  if (!isNetworkName(values.network)) throw new UsageError(`--network must be one of ${NETWORK_NAMES.join(', ')}`);
  const devnet = await startDevnet({
    chain: { file: values.chain },
    network: values.network,
    port: integer(values.port, '--port'),
    host: values.host,
    blockInterval: integer(values['block-interval'], '--block-interval'),
  });
  console.error(`devnet: Ogmios v6.14 protocol on ${devnet.url} (${values.network}), serving ${values.chain}`);
  const stop = () => void devnet.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
  devnet.replayed.then(
    () => console.error(`devnet: chain replayed, tip ${JSON.stringify(devnet.tip(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`),
    (error: Error) => {
      console.error(`devnet: ${error.message}`);
      void devnet.close().then(() => process.exit(1));
    },
  );
}

function convert(args: string[]): void {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { era: { type: 'string' } } });
  if (positionals.length === 0) throw new UsageError('convert needs at least one FILE');
  const era = values.era as EraName | undefined;
  for (const file of positionals) {
    const blocks = file.endsWith('.chunk')
      ? readImmutableChunk(readFileSync(file))
      : [Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')];
    for (const cbor of blocks) process.stdout.write(`${stringifyOgmios(convertBlock(cbor, { era }))}\n`);
  }
}

function integer(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`${option} must be a non-negative integer`);
  return value;
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`devnet: ${error.message}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exit(error instanceof UsageError ? 2 : 1);
});
