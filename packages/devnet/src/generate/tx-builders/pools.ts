import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder } from '../context.js';
import { blake2b256 } from '../keys.js';
import { bigNum } from '../tx.js';
import { FEE_RESERVE, ada, certificateDraft, gather } from './funding.js';

/** Registers the next pool (in index order); its owner's reward account is the pool's. */
export const registerPool: Builder = (g) => {
  const pool = g.actors.pools.find((candidate) => !g.state.ledger.poolRegistered(candidate.id));
  if (pool === undefined) return undefined;
  const deposit = g.parameters.poolDeposit;
  const funding = gather(g, FEE_RESERVE + deposit);
  if (funding === undefined) return undefined;
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(pool.owner.witness.keys[0]!.hash);
  const relays = CSL.Relays.new();
  relays.add(
    CSL.Relay.new_single_host_name(
      CSL.SingleHostName.new(3001, CSL.DNSRecordAorAAAA.new(`relay${pool.index}.frostline.invalid`)),
    ),
  );
  const metadataUrl = `https://frostline.invalid/pool${pool.index}.json`;
  const params = CSL.PoolParams.new(
    pool.cold.hash,
    CSL.VRFKeyHash.from_bytes(blake2b256(pool.vrfVerificationKey)),
    bigNum(ada(1_000)),
    bigNum(ada(340)),
    CSL.UnitInterval.new(bigNum(1n), bigNum(100n)),
    pool.owner.rewardAddress,
    owners,
    relays,
    CSL.PoolMetadata.new(
      CSL.URL.new(metadataUrl),
      CSL.PoolMetadataHash.from_bytes(blake2b256(new TextEncoder().encode(metadataUrl))),
    ),
  );
  return {
    draft: certificateDraft(funding, {
      certificates: [CSL.Certificate.new_pool_registration(CSL.PoolRegistration.new(params))],
      deposits: deposit,
      signers: [{ keys: [pool.cold] }, pool.owner.witness],
    }),
    // The reward account / owner becomes a known stake address (db-sync creates its row).
    apply: () => g.state.updateAccount(pool.owner.stakeAddress, {}),
  };
};
