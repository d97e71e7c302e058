import { createPrismaClient } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { BYRON_GENESIS_HASHES, PREPROD_CHAIN_TIME, type OgmiosBlock } from '@frostline/model';
import { connectOgmios, networkFacts } from '../chain-sync/ogmios.js';
import { ChainStore } from '../sink/chain-store.js';
import { dumpChainTables } from './compare-databases.js';

/**
 * The reference an indexer of preprod `blocks` must end with: the genesis funds and the same blocks
 * written straight through ChainStore, no chain-sync, with the network facts of the devnet at
 * `devnetUrl` that serves them.
 */
export async function preprodReferenceTables(
  blocks: OgmiosBlock[],
  devnetUrl: string,
): Promise<Record<string, string[]>> {
  const reference = await createTestDatabase();
  const prisma = createPrismaClient(reference.url);
  const ogmios = await connectOgmios(new URL(devnetUrl));
  try {
    const facts = await networkFacts(ogmios);
    const store = new ChainStore(prisma, {
      networkId: 0,
      chainTime: PREPROD_CHAIN_TIME,
      securityParameter: 2160,
      genesisDelegates: facts.genesisDelegates,
      genesisHash: BYRON_GENESIS_HASHES.preprod,
    });
    await store.load();
    await store.seedGenesis(facts.genesisFunds, facts.systemStartUnix);
    for (let i = 0; i < blocks.length; i += 300) await store.write(blocks.slice(i, i + 300));
    return await dumpChainTables(reference.url);
  } finally {
    ogmios.socket.close();
    await prisma.$disconnect();
    await reference.drop();
  }
}
