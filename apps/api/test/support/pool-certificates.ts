import { Encoder, Tag } from 'cbor-x';
import { poolIdToHash, rewardAddressBech32ToHex } from '@frostline/model';
import type { ChainSeed } from './seed.js';

/** Pool registration certificates as blockfrost-tests' /txs/{hash}/pool_updates fixtures give them. */
export type PoolUpdates = {
  cert_index: number;
  pool_id: string;
  vrf_key: string;
  pledge: string;
  margin_cost: number;
  fixed_cost: string;
  reward_account: string;
  owners: string[];
  metadata: { url: string | null; hash: string | null; ticker: string | null; name: string | null };
  relays: { ipv4: string | null; ipv6: string | null; dns: string | null; port: number }[];
  active_epoch: number;
}[];

/**
 * The body CBOR of a transaction holding these pool registrations at their certificate indexes (stake
 * registrations elsewhere), as the ledger's CDDL gives them: what tx_cbor holds for it.
 */
export function poolRegistrationsCbor(certificates: PoolUpdates): string {
  const bytes = (hex: string) => Buffer.from(hex, 'hex');
  const filler = [0, [0, Buffer.alloc(28)]];
  const list: unknown[] = [];
  for (const cert of certificates) {
    while (list.length < cert.cert_index) list.push(filler);
    const decimals = String(cert.margin_cost).split('.')[1]?.length ?? 0;
    const denominator = 10 ** decimals;
    list.push([
      3,
      bytes(poolIdToHash(cert.pool_id)!),
      bytes(cert.vrf_key),
      BigInt(cert.pledge),
      BigInt(cert.fixed_cost),
      new Tag([Math.round(cert.margin_cost * denominator), denominator], 30),
      bytes(rewardAddressBech32ToHex(cert.reward_account)!),
      new Tag(
        cert.owners.map((owner) => bytes(rewardAddressBech32ToHex(owner)!.slice(2))),
        258,
      ),
      cert.relays.map((relay) =>
        relay.dns !== null
          ? [1, relay.port, relay.dns]
          : [
              0,
              relay.port,
              relay.ipv4 === null ? null : Buffer.from(relay.ipv4.split('.').map(Number)),
              null,
            ],
      ),
      cert.metadata.url === null ? null : [cert.metadata.url, bytes(cert.metadata.hash!)],
    ]);
  }
  const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
  return Buffer.from(encoder.encode([new Map([[4, list]]), new Map(), true, null])).toString('hex');
}

/** What a single registration declares; it stands at certificate 0 with no relays. */
export type PoolDeclaration = Pick<
  PoolUpdates[number],
  'pool_id' | 'vrf_key' | 'pledge' | 'margin_cost' | 'fixed_cost' | 'reward_account' | 'owners'
> & { url: string | null; hash: string | null };

/** A transaction `txHash` in the latest block registering one pool, as the indexer stores it; its id. */
export async function seedPoolRegistration(
  seed: ChainSeed,
  txHash: string,
  { url, hash, ...pool }: PoolDeclaration,
): Promise<number> {
  const cbor = poolRegistrationsCbor([
    {
      ...pool,
      cert_index: 0,
      metadata: { url, hash, ticker: null, name: null },
      relays: [],
      active_epoch: 0,
    },
  ]);
  const txId = await seed.tx(txHash, { cbor });
  await seed.poolRegistration(txId, poolIdToHash(pool.pool_id)!);
  return txId;
}
