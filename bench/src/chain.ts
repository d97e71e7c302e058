// The generated mainnet-like chain of the ingest benchmark, cached on disk by a hash of its options
// (generation runs at a few dozen blocks per second, far slower than indexing it).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { DEFAULT_OPTIONS, writeChain, type GenerateOptions } from '@frostline/devnet/generate';

/**
 * ≈20 tx per block (the ingest chain; 1 for the near-empty chain of the sync-time fit), payments with
 * several outputs, assets, metadata, certificates; no forks.
 */
export function chainOptions(blocks: number, txPerBlock = 20): GenerateOptions {
  return {
    ...DEFAULT_OPTIONS,
    seed: 7,
    network: 'custom',
    blocks,
    txPerBlock,
    outputsPerTx: 3,
    wallets: 2000,
    accounts: 1000,
    assetsPerMint: 3,
    pools: 20,
    dreps: 8,
    oracles: 2,
    forks: 0,
    includeCbor: true,
  };
}

export function chainFile(cacheDir: string, options: GenerateOptions): string {
  const hash = createHash('sha256').update(JSON.stringify(options)).digest('hex').slice(0, 12);
  return path.join(cacheDir, `chain-${options.blocks}-${hash}.jsonl`);
}

/** A chain of the cache, as the report describes it. */
export interface ChainInfo {
  file: string;
  blocks: number;
  bytes: number;
  /** generation time: of this run, or of the run that filled the cache (null when not recorded) */
  generatedSeconds: number | null;
  cached: boolean;
}

/** Returns the cached chain file, generating it first when missing. */
export async function ensureChain(
  cacheDir: string,
  options: GenerateOptions,
  log: (line: string) => void,
): Promise<ChainInfo> {
  mkdirSync(cacheDir, { recursive: true });
  const file = chainFile(cacheDir, options);
  // Generation takes long enough (minutes for the ingest chain) to be worth reporting in later runs too.
  const summaryFile = `${file}.summary.json`;
  const info = (generatedSeconds: number | null, cached: boolean) => ({
    file,
    blocks: options.blocks,
    bytes: statSync(file).size,
    generatedSeconds,
    cached,
  });
  if (existsSync(file)) {
    const summary = existsSync(summaryFile)
      ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as { seconds: number })
      : null;
    return info(summary?.seconds ?? null, true);
  }
  log(
    `generating a ${options.blocks}-block chain into ${path.relative(process.cwd(), file)} (cached for later runs)`,
  );
  const partial = `${file}.${process.pid}.partial`;
  const summary = await writeChain({ options, out: partial });
  renameSync(partial, file);
  writeFileSync(
    summaryFile,
    JSON.stringify({ blocks: summary.blocks, seconds: summary.seconds, date: new Date().toISOString() }),
  );
  log(
    `generated ${summary.blocks} blocks in ${summary.seconds.toFixed(0)} s (${(summary.blocks / summary.seconds).toFixed(0)} blocks/s)`,
  );
  return info(summary.seconds, false);
}

/**
 * A devnet serving `file` on the custom network (on a port of its own, without transaction evaluation,
 * which the benchmarks never ask for) once it has read the whole chain, and the height of its tip.
 */
export async function serveChain(file: string): Promise<{ devnet: Devnet; tipHeight: number }> {
  const devnet = await startDevnet({ chain: { file }, network: 'custom', port: 0, evaluation: false });
  try {
    await devnet.replayed;
  } catch (error) {
    await devnet.close();
    throw error;
  }
  const tip = devnet.tip();
  return { devnet, tipHeight: tip === 'origin' ? 0 : Number(tip.height) };
}
