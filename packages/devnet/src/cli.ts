#!/usr/bin/env node
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { convertBlock, readImmutableChunk, stringifyOgmios, type EraName } from './convert/index.js';
import { GENERATE_USAGE, parseGenerateOptions, writeChain, type GenerateCommand } from './generate/index.js';
import { demoWallets } from './networks/demo-wallets.js';
import { Chain } from './chain/chain.js';
import { readChainFile } from './chain/chain-file.js';
import { replay } from './chain/replay.js';
import { Ledger } from './ledger/ledger.js';
import { systemStartEndingAt } from './networks/era-summaries.js';
import { byronEpochLength, isNetworkName, loadNetwork, NETWORK_NAMES } from './networks/networks.js';
import { startDevnet } from './server/devnet.js';

const USAGE = `Usage:
  devnet serve (--chain FILE | --generate "OPTIONS") [--port 1337] [--host 127.0.0.1]
               [--network ${NETWORK_NAMES.join('|')}] [--block-interval MS] [--no-evaluation]
               [--system-start ISO]
  devnet generate [OPTIONS] > chain.jsonl
  devnet system-start --chain FILE [--network NAME]
  devnet convert FILE... [--era NAME]
  devnet demo-wallets

serve     runs an Ogmios v6 compatible server (WebSocket JSON-RPC + GET /health) over a chain file, or over
          a chain generated first into a temporary file (--generate takes the generate OPTIONS as one
          argument); evaluateTransaction runs the transaction's scripts unless --no-evaluation;
          --block-interval MS > 0 makes it live: after the chain is replayed, a block is forged every MS
          from the submitted transactions and appended to the chain file (0, the default: replay only);
          --system-start replaces the genesis' system start (whole seconds, e.g. 2026-01-01T00:00:00Z)
system-start  prints the system start (ISO) that puts the chain file's tip at the current time: serve
          it with that --system-start and its live blocks continue its time line without a gap
generate  writes a deterministic, ledger-consistent chain file (below)
convert   prints one Ogmios v6 block per line for hex block files (era-wrapped, or raw with --era)
          and ImmutableDB chunk files (*.chunk)
demo-wallets  prints (JSON) the wallets the custom network's genesis funds: each one's mnemonic and
          base address, and a plain ed25519 signing key (ed25519_sk1…) and its enterprise address

${GENERATE_USAGE}`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'generate':
      return generate(rest);
    case 'convert':
      return convert(rest);
    case 'system-start':
      return printSystemStart(rest);
    case 'demo-wallets':
      console.log(JSON.stringify(demoWallets(0), null, 2));
      return;
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
  const { values } = parseOptions({
    args: joinGenerateValue(args),
    options: {
      chain: { type: 'string' },
      generate: { type: 'string' },
      port: { type: 'string', default: '1337' },
      host: { type: 'string', default: '127.0.0.1' },
      network: { type: 'string' },
      'block-interval': { type: 'string', default: '0' },
      'no-evaluation': { type: 'boolean', default: false },
      'system-start': { type: 'string' },
    },
  });
  if ((values.chain === undefined) === (values.generate === undefined)) {
    throw new UsageError('serve needs either --chain FILE or --generate "OPTIONS"');
  }
  const generated =
    values.generate === undefined ? undefined : generateOptions(values.generate.split(/\s+/).filter(Boolean));
  // A generated chain belongs to the network it was generated for.
  const network = values.network ?? generated?.options.network ?? 'custom';
  if (!isNetworkName(network)) throw new UsageError(`--network must be one of ${NETWORK_NAMES.join(', ')}`);
  if (generated !== undefined && generated.options.network !== network) {
    throw new UsageError(
      `--network ${network} differs from the generated chain's network ${generated.options.network}`,
    );
  }
  const port = integer(values.port, '--port');
  const forgeInterval = integer(values['block-interval'], '--block-interval');

  let file = values.chain;
  if (generated !== undefined) {
    file = generated.out ?? join(mkdtempSync(join(tmpdir(), 'devnet-')), 'chain.jsonl');
    console.error(`devnet: generating the chain into ${file}`);
    const summary = await writeChain({ ...generated, out: file });
    console.error(`devnet: generated ${summary.blocks} blocks in ${summary.seconds.toFixed(1)} s`);
  }
  const devnet = await startDevnet({
    chain: { file: file! },
    network,
    port,
    host: values.host,
    forgeInterval,
    evaluation: !values['no-evaluation'],
    systemStart: values['system-start'] === undefined ? undefined : wholeSecond(values['system-start']),
  });
  console.error(`devnet: Ogmios v6.14 protocol on ${devnet.url} (${network}), serving ${file}`);
  // npm scripts forward a signal the whole process group already received: stop once.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void devnet.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  devnet.replayed.then(
    () =>
      console.error(
        `devnet: chain replayed, tip ${JSON.stringify(devnet.tip(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      ),
    (error: Error) => {
      console.error(`devnet: ${error.message}`);
      void devnet.close().then(() => process.exit(1));
    },
  );
}

async function printSystemStart(args: string[]): Promise<void> {
  const { values } = parseOptions({
    args,
    options: { chain: { type: 'string' }, network: { type: 'string', default: 'custom' } },
  });
  if (values.chain === undefined) throw new UsageError('system-start needs --chain FILE');
  if (!isNetworkName(values.network))
    throw new UsageError(`--network must be one of ${NETWORK_NAMES.join(', ')}`);
  const network = loadNetwork(values.network);
  const chain = new Chain();
  await replay(readChainFile(values.chain, byronEpochLength(network)), chain, new Ledger(chain, network), {
    blockInterval: 0,
  });
  const tip = chain.tip();
  chain.close();
  const start = systemStartEndingAt(network, tip === 'origin' ? 0 : tip.slot, new Date());
  console.log(start.toISOString().replace('.000Z', 'Z'));
}

function wholeSecond(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || date.getTime() % 1000 !== 0)
    throw new UsageError('--system-start must be a date and time in whole seconds (ISO 8601)');
  return date;
}

async function generate(args: string[]): Promise<void> {
  const summary = await writeChain(generateOptions(args));
  console.error(
    `devnet: generated ${summary.blocks} blocks (${summary.lines} lines) in ${summary.seconds.toFixed(1)} s`,
  );
}

/** Generator options are a usage matter: a bad one exits with 2 and the usage text. */
function generateOptions(args: string[]): GenerateCommand {
  try {
    return parseGenerateOptions(args);
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

function convert(args: string[]): void {
  const { values, positionals } = parseOptions({
    args,
    allowPositionals: true,
    options: { era: { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('convert needs at least one FILE');
  const era = values.era as EraName | undefined;
  for (const file of positionals) {
    const blocks = file.endsWith('.chunk')
      ? readImmutableChunk(readFileSync(file))
      : [Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')];
    for (const cbor of blocks) process.stdout.write(`${stringifyOgmios(convertBlock(cbor, { era }))}\n`);
  }
}

/** Malformed options are usage errors (exit code 2), like every other misuse of the CLI. */
function parseOptions<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

/** parseArgs refuses an option value starting with a dash, as generator options always do. */
function joinGenerateValue(args: string[]): string[] {
  const index = args.indexOf('--generate');
  if (index === -1 || index + 1 >= args.length) return args;
  return [...args.slice(0, index), `--generate=${args[index + 1]}`, ...args.slice(index + 2)];
}

function integer(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new UsageError(`${option} must be a non-negative integer`);
  return value;
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`devnet: ${error.message}`);
  if (error instanceof UsageError) console.error(USAGE);
  process.exit(error instanceof UsageError ? 2 : 1);
});
