import { createLedgerStateQueryClient, Method, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import { poolIdToHash } from '@frostline/model';
import { atOneLedgerState } from '../../chain-sync/ogmios.js';

type Lovelace = { ada: { lovelace: bigint | number } };

export interface PoolSnapshot {
  epoch: number;
  /** the number of pools stored; 0 when the epoch already had its snapshot */
  pools: number;
}

/**
 * The ledger's pool snapshot of the epoch the node is in (docs/semantics.md#pools-what-comes-from-the-ledger):
 * each registered pool's stake (Ogmios stakePools with includeStake) and the treasury and reserves, stored
 * under that epoch, all three read from one ledger state. The first snapshot of an epoch is kept: the job
 * also runs at every restart, and a later read would be further from the epoch boundary the figures stand for.
 */
export async function snapshotPools(prisma: PrismaClient, ogmios: InteractionContext): Promise<PoolSnapshot> {
  const client = await createLedgerStateQueryClient(ogmios);
  const [epoch, stakePools, pots] = await atOneLedgerState(client, () =>
    Promise.all([
      client.epoch().then(Number),
      client.stakePools(undefined, true) as Promise<Record<string, { stake?: Lovelace }>>,
      Method<{ method: string }, { method: string }, { treasury: Lovelace; reserves: Lovelace }>(
        { method: 'queryLedgerState/treasuryAndReserves' },
        {},
        ogmios,
      ),
    ]),
  );
  const ids = Object.keys(stakePools);
  const stored = await prisma.$transaction([
    prisma.$executeRawUnsafe(
      `INSERT INTO pool_stake_snapshot (epoch, pool_hash, stake)
       SELECT $1, decode(p.hash, 'hex'), p.stake::int8 FROM unnest($2::text[], $3::text[]) AS p(hash, stake)
       WHERE NOT EXISTS (SELECT 1 FROM pool_snapshot_epoch WHERE epoch = $1)`,
      epoch,
      ids.map((id) => poolIdToHash(id)!),
      ids.map((id) => lovelace(stakePools[id]!.stake).toString()),
    ),
    prisma.$executeRawUnsafe(
      `INSERT INTO pool_snapshot_epoch (epoch, treasury, reserves) VALUES ($1, $2::int8, $3::int8)
       ON CONFLICT (epoch) DO NOTHING`,
      epoch,
      lovelace(pots.treasury).toString(),
      lovelace(pots.reserves).toString(),
    ),
  ]);
  return { epoch, pools: stored[0] };
}

/** A pool the ledger gives no stake for has none. */
function lovelace(value: Lovelace | undefined): bigint {
  return BigInt(value?.ada.lovelace ?? 0);
}
