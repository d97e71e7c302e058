import { createPrismaClient } from '@frostline/db';
import { createTestDatabase } from '@frostline/db/testing';
import { startDevnet } from '@frostline/devnet';
import { MAINNET_CHAIN_TIME } from '@frostline/model';
import { connectOgmios, networkFacts } from './chain-sync/ogmios.js';
import { ChainStore } from './sink/chain-store.js';
import { mainnetPraosBlocks } from './test-support/chains.js';
import { historyAndRecomputation } from './test-support/database.js';

// Slot leaders worked out apart from our code (Python: bech32 of blake2b-224 of each header's issuer
// key; the genesis delegates are mainnet's Shelley genesis `genDelegs`). Blockfrost names the same
// overlay delegate "ShelleyGenesis-7f72a1826ae3b279" on mainnet.
const EXPECTED_SLOT_LEADERS: Record<number, string> = {
  4563840: 'ShelleyGenesis-7f72a1826ae3b279',
  4691580: 'ShelleyGenesis-69ae12f9e45c0c91',
  7948610: 'ShelleyGenesis-7f72a1826ae3b279',
  18748707: 'pool1l37xvdpcl49kr3wscpjp9pr854g06nnjrlndtu3h7k6pvfapgap',
  23068573: 'pool1hqlvn3qndgkne52uhe5347nlysmmec73ys9vduk96rs4jzjjyxm',
  26250031: 'pool1rkyc3ss904h066sffergss99r9p2kqa4k6ds0g4u5ud4x7yaajd',
  27388606: 'pool1a2nh3ktswllhwf07fjahpdg5mpqyq7j950pyftq9765r6t4cefl',
  47771157: 'pool1vdcu0y6ujrwmnv4u50j6upxkjug7cx7zsaynjvgkcm2ycmajelc',
  72316767: 'pool18jqumjfevywycjj54m62g74ghds4mmuyqynpwfkaem0xktazlqw',
  101516417: 'pool1ld9hkah2dkzh73pvh9tf6xr0x28us34msv3zcv2sase5vhvq962',
  159835207: 'pool1qa6lqyu67ghpa0evxfu9nzqkj3h82qpfku82ec79zdwru4pd25m',
};

describe('an index started mid-chain', () => {
  it('names every Praos block by its pool, or by its genesis delegate in the Shelley overlay, and keeps every input', async () => {
    // The genesis delegates come from the node, as the indexer asks for them (here the devnet serving
    // mainnet's genesis files).
    const devnet = await startDevnet({ chain: { blocks: [] }, network: 'mainnet', port: 0 });
    const ogmios = await connectOgmios(new URL(devnet.url));
    const facts = await networkFacts(ogmios).finally(async () => {
      ogmios.socket.close();
      await devnet.close();
    });
    expect(facts.genesisDelegates.size).toBe(7);

    const db = await createTestDatabase();
    const prisma = createPrismaClient(db.url);
    try {
      const store = new ChainStore(prisma, {
        networkId: 1,
        chainTime: MAINNET_CHAIN_TIME,
        securityParameter: 2160,
        genesisDelegates: facts.genesisDelegates,
      });
      await store.load();
      const blocks = mainnetPraosBlocks();
      await store.write(blocks);
      const rows = await prisma.$queryRawUnsafe<{ slot: bigint; slot_leader: string }[]>(
        `SELECT slot, slot_leader FROM block ORDER BY id`,
      );
      expect(Object.fromEntries(rows.map((row) => [Number(row.slot), row.slot_leader]))).toEqual(
        EXPECTED_SLOT_LEADERS,
      );
      // Nothing in the index registers any of these pools.
      const [{ count }] = await prisma.$queryRawUnsafe<{ count: bigint }[]>(
        `SELECT count(*) AS count FROM pool_registration`,
      );
      expect(count).toBe(0n);
      // Each input is kept, also one spending an output the index never saw (by its output reference).
      const spent = blocks
        .flatMap((block) => block.transactions ?? [])
        .map((tx) => `${tx.id} ${(tx.spends === 'inputs' ? tx.inputs : (tx.collaterals ?? [])).length}`);
      const stored = await prisma.$queryRawUnsafe<{ hash: string; inputs: number }[]>(
        `SELECT encode(t.hash, 'hex') AS hash,
           ((SELECT count(*) FROM tx_out_spend s WHERE s.tx_id = t.id)
             + (SELECT count(*) FROM tx_input i WHERE i.tx_id = t.id AND i.kind = 'spend'))::int AS inputs
         FROM tx t ORDER BY t.id`,
      );
      expect(stored.map((row) => `${row.hash} ${row.inputs}`)).toEqual(spent);
      // Such spends name no address or value the index knows: they add nothing to the histories and totals,
      // which hold what the outputs the index saw received, and never more sent than received.
      const history = await historyAndRecomputation(db.url);
      expect(history.stored).toEqual(history.recomputed);
      expect(history.stored.address_tx.length).toBeGreaterThan(0);
      // rows "(id,position)": some redeemers run a script the index knows, and are numbered
      expect(
        history.stored['redeemer.script_position']!.filter((r) => !r.endsWith(',)')).length,
      ).toBeGreaterThan(0);
      expect(history.stored['tx_metadata_cbor.label_position']!.length).toBeGreaterThan(0);
      const [{ overspent }] = await prisma.$queryRawUnsafe<{ overspent: bigint }[]>(
        `SELECT (SELECT count(*) FROM address_total WHERE sent > received OR sent < 0)
              + (SELECT count(*) FROM account_total WHERE sent > received OR sent < 0)
              + (SELECT count(*) FROM address_asset_total WHERE sent > received OR sent < 0)
              + (SELECT count(*) FROM account_asset_total WHERE sent > received OR sent < 0) AS overspent`,
      );
      expect(overspent).toBe(0n);
    } finally {
      await prisma.$disconnect();
      await db.drop();
    }
  }, 60_000);
});
