// Growth: the ingest's chain indexed into a database that already holds the API benchmark's
// populated history. The indexer resumes from its stored tip and the devnet's chain starts at
// genesis, so the chain's start is written first, beside the history, with the indexer's own
// ChainStore: the genesis pseudo-block (the initial funds the chain spends) and the chain's first
// blocks get the ids after the history's (ids follow max(id), see apps/indexer/src/project/ids.ts),
// so the stored tip is the chain's first block, the devnet finds it, and no rollback touches the
// history. The history's blocks move to far-away epoch numbers first: (epoch, epoch_slot) is
// unique and the history's slots would otherwise collide with the chain's.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { createPrismaClient } from '@frostline/db';
import { genesisBlock, parseOgmiosMessage, type GenesisFunds } from '@frostline/model';
import pg from 'pg';
import { serveChain } from './chain.js';
import type { ChainStoreConstructor } from './ingest.js';

const HISTORY_EPOCH_OFFSET = 1_000_000;
/** the EBB that opens the custom network's Byron era, then its first real block */
const CHAIN_START_BLOCKS = 2;

// The indexer's package exports only its entry points, so these are loaded from its build.
interface IndexerModules {
  store: {
    ChainStore: ChainStoreConstructor<{
      load(): Promise<void>;
      resetDecoding(): void;
      writeDecoded(blocks: unknown[], decodeMs: number): Promise<unknown>;
      write(blocks: unknown[]): Promise<unknown>;
    }>;
  };
  deferral: { DEFER_ADDRESS_UTXO_SQL: readonly string[] };
  ogmios: {
    connectOgmios(url: URL): Promise<{ socket: { close(): void } }>;
    networkFacts(context: unknown): Promise<{
      chainTime: unknown;
      securityParameter: number;
      genesisFunds: GenesisFunds;
      systemStartUnix: number;
      genesisDelegates: ReadonlySet<string>;
    }>;
  };
}

async function indexerModules(root: string): Promise<IndexerModules> {
  const load = (file: string) => import(pathToFileURL(path.join(root, 'apps/indexer/dist', file)).href);
  return {
    store: await load('sink/chain-store.js'),
    deferral: await load('sink/address-utxo-deferral.js'),
    ogmios: await load('chain-sync/ogmios.js'),
  };
}

/** The chain's first blocks, parsed as the indexer parses chain-sync messages (big integers kept). */
async function firstBlocks(
  chainFile: string,
  count: number,
  parse: (text: string) => unknown,
): Promise<unknown[]> {
  const lines = createInterface({ input: createReadStream(chainFile), crlfDelay: Infinity });
  const blocks: unknown[] = [];
  for await (const line of lines) {
    const value = parse(line) as Record<string, unknown>;
    if (!('event' in value)) blocks.push(value);
    if (blocks.length === count) break;
  }
  lines.close();
  return blocks;
}

export async function seedChainBesideHistory(
  root: string,
  databaseUrl: string,
  chainFile: string,
  log: (line: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE block SET epoch = epoch + ${HISTORY_EPOCH_OFFSET}`);
    await client.query('VACUUM ANALYZE block');
  } finally {
    await client.end();
  }
  const modules = await indexerModules(root);
  const { devnet } = await serveChain(chainFile);
  const prisma = createPrismaClient(databaseUrl, { maxConnections: 2 });
  try {
    const ogmios = await modules.ogmios.connectOgmios(new URL(devnet.url));
    const facts = await modules.ogmios.networkFacts(ogmios).finally(() => ogmios.socket.close());
    const store = new modules.store.ChainStore(prisma, {
      networkId: 0,
      chainTime: facts.chainTime,
      securityParameter: facts.securityParameter,
      genesisDelegates: facts.genesisDelegates,
    });
    await store.load();
    await store.writeDecoded([genesisBlock(facts.genesisFunds, facts.systemStartUnix)], 0);
    // Decoding continues from the genesis pseudo-block, not from the history's last slot.
    store.resetDecoding();
    await store.write(await firstBlocks(chainFile, CHAIN_START_BLOCKS, parseOgmiosMessage));
    // A sync from scratch empties address_utxo and drops the live outputs' address indexes at its first batch, and
    // fills and builds them at the tip (address-utxo-deferral.ts): a database this size in the middle of one has
    // neither. The ingest fills and builds them at the end, apart from its rate.
    for (const sql of modules.deferral.DEFER_ADDRESS_UTXO_SQL) await prisma.$executeRawUnsafe(sql);
    log(
      `growth: the chain's genesis and first ${CHAIN_START_BLOCKS} blocks stored after the populated history; address_utxo deferred as in a sync`,
    );
  } finally {
    await prisma.$disconnect();
    await devnet.close();
  }
}
