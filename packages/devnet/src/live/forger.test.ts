/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { Chain } from '../chain/chain.js';
import type { OgmiosTransaction } from '../convert/index.js';
import { parseJsonFast } from '../chain/json.js';
import { memoryEntry } from '../chain/memory-source.js';
import { keyPair, toHex } from '../generate/keys.js';
import { genesisPoolKeys } from '../generate/wallets.js';
import { poolStakes } from '../ledger/epoch-boundary.js';
import { Ledger } from '../ledger/ledger.js';
import { LedgerState } from '../ledger/ledger-state.js';
import { demoWallets } from '../networks/demo-wallets.js';
import { shelleySlotConfig, slotInfo } from '../networks/era-summaries.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { byronEpochLength, loadNetwork } from '../networks/networks.js';
import { Forger } from './forger.js';

// The live forger's leader schedule: pools whose keys the devnet holds make blocks by the stake of the
// epoch's `set` snapshot, and those blocks earn their rewards at the boundaries after.

const network = loadNetwork('custom');
const ADA = 1_000_000n;
const GENESIS_POOLS = genesisPoolKeys().map(({ id }) => id);
const DEMO_POOL = demoWallets(0)[0]!.pool;
/** Custom network: epoch e ≥ 2 holds slots [100(e − 1), 100e). */
const epochStart = (epoch: number) => 100 * (epoch - 1);
/** The delegation's epoch: its stake is in mark at the next boundary and leads two epochs on. */
const DELEGATED_IN = 5;

const alice = keyPair('test/forger/alice');
const bob = keyPair('test/forger/bob');
const operator = keyPair('test/forger/operator');
const credential = (key: typeof alice) => ({ from: 'verificationKey' as const, credential: key.hashHex });
const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

const baseAddress = (key: typeof alice) =>
  CSL.BaseAddress.new(0, CSL.Credential.from_keyhash(key.hash), CSL.Credential.from_keyhash(key.hash))
    .to_address()
    .to_bech32();

/**
 * Registers demo wallet 1's pool with the keys the devnet hands out, Alice's 20M ada delegated to it
 * and Bob's 10M ada to the first genesis pool.
 */
function registrationBlock() {
  return {
    type: 'praos',
    era: 'conway',
    id: 'f1'.repeat(32),
    ancestor: 'genesis',
    height: 1,
    slot: epochStart(DELEGATED_IN) + 10,
    issuer: { verificationKey: toHex(genesisPoolKeys()[0]!.cold.publicKey.as_bytes()) },
    transactions: [
      {
        id: 'a1'.repeat(32),
        spends: 'inputs',
        inputs: [],
        outputs: [
          { address: baseAddress(alice), value: lovelace(20_000_000n * ADA) },
          { address: baseAddress(bob), value: lovelace(10_000_000n * ADA) },
        ],
        fee: lovelace(ADA),
        certificates: [
          { type: 'stakeCredentialRegistration', ...credential(alice), deposit: lovelace(2n * ADA) },
          { type: 'stakeCredentialRegistration', ...credential(operator), deposit: lovelace(2n * ADA) },
          { type: 'stakeCredentialRegistration', ...credential(bob), deposit: lovelace(2n * ADA) },
          {
            type: 'stakePoolRegistration',
            stakePool: {
              id: DEMO_POOL.id,
              vrfVerificationKeyHash: DEMO_POOL.vrfKeyHash,
              owners: [operator.hashHex],
              cost: lovelace(340n * ADA),
              margin: '0/1',
              pledge: lovelace(0n),
              rewardAccount: CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(operator.hash))
                .to_address()
                .to_bech32(),
              relays: [],
            },
          },
          { type: 'stakeDelegation', ...credential(alice), stakePool: { id: DEMO_POOL.id } },
          { type: 'stakeDelegation', ...credential(bob), stakePool: { id: GENESIS_POOLS[0] } },
        ],
      },
    ],
  };
}

describe('LedgerState.crossEpochs', () => {
  it('crosses a long run of empty epochs at once to the state crossing them one by one leaves', () => {
    const atOnce = LedgerState.genesis(network);
    const oneByOne = LedgerState.genesis(network);
    const parameters = genesisProtocolParameters(network);
    // A delegation (without a fee: every boundary is quiet) the snapshots take one boundary after another.
    const { fee: _, ...delegation } = registrationBlock().transactions[0]!;
    for (const state of [atOnce, oneByOne]) state.applyServed(delegation as unknown as OgmiosTransaction);
    atOnce.crossEpochs(500, parameters);
    for (let epoch = 1; epoch <= 500; epoch++) oneByOne.crossEpochs(epoch, parameters);
    expect(atOnce.epochState()).toEqual(oneByOne.epochState());
    expect(atOnce.epochState().epoch).toBe(500);
    expect(poolStakes(atOnce.epochState().snapshots.go).get(DEMO_POOL.id)).toBe(20_000_000n * ADA);
  });
});

describe('Forger', () => {
  const chain = new Chain();
  const ledger = new Ledger(chain, network);
  const block = registrationBlock();
  chain.append(memoryEntry(block, undefined, byronEpochLength(network)));
  const { zeroTime, zeroSlot, slotLength } = shelleySlotConfig(network);
  // A clock standing at the registration block: each block is forged in the slot after the tip.
  const forger = new Forger({ chain, ledger, now: () => zeroTime + (block.slot - zeroSlot) * slotLength });
  /** Blocks forged per epoch and issuer. */
  const made = new Map<number, Map<string, number>>();
  const rewards = (key: typeof alice) =>
    BigInt(ledger.rewardAccounts([credential(key)])[0]!.rewards.ada.lovelace);
  /** Forges one block per slot up to the last slot before `epoch`, counting each block for its issuer. */
  const forgeUntil = (epoch: number) => {
    while (chain.length === 1 || Number((chain.tip() as { slot: bigint }).slot) + 1 < epochStart(epoch)) {
      forger.forge();
      const tip = chain.at(chain.length - 1);
      const forged = parseJsonFast(chain.blockBytes(tip).toString()) as {
        slot: number;
        issuer: { verificationKey: string };
      };
      const id = CSL.PublicKey.from_bytes(Buffer.from(forged.issuer.verificationKey, 'hex'))
        .hash()
        .to_bech32('pool');
      const perPool = made.get(slotInfo(network, forged.slot).epoch) ?? new Map<string, number>();
      made.set(slotInfo(network, forged.slot).epoch, perPool.set(id, (perPool.get(id) ?? 0) + 1));
    }
  };
  const count = (epoch: number, pool: string) => made.get(epoch)?.get(pool) ?? 0;

  it('lets the registered pools it holds take turns while no stake leads', () => {
    forgeUntil(DELEGATED_IN + 2);
    // The registration block was the first genesis pool's; the demo pool is registered after it.
    expect(made.get(DELEGATED_IN + 1)).toEqual(
      new Map([...GENESIS_POOLS, DEMO_POOL.id].map((pool) => [pool, expect.any(Number)])),
    );
    for (const pool of [...GENESIS_POOLS, DEMO_POOL.id]) {
      expect(count(DELEGATED_IN + 1, pool)).toBeGreaterThanOrEqual(33);
      expect(count(DELEGATED_IN + 1, pool)).toBeLessThanOrEqual(34);
    }
  });

  it('draws the leaders by the set snapshot once the delegations are in it: 20M ada to 10M, none unstaked', () => {
    forgeUntil(DELEGATED_IN + 4);
    for (const epoch of [DELEGATED_IN + 2, DELEGATED_IN + 3]) {
      const blocks = [...made.get(epoch)!.values()].reduce((a, b) => a + b);
      expect(blocks).toBe(100);
      expect(count(epoch, DEMO_POOL.id)).toBeGreaterThan(55);
      expect(count(epoch, DEMO_POOL.id)).toBeLessThan(78);
      expect(count(epoch, GENESIS_POOLS[0]!)).toBe(100 - count(epoch, DEMO_POOL.id));
      expect(count(epoch, GENESIS_POOLS[1]!)).toBe(0);
    }
  });

  it("pays the pool's blocks by the reward formula two boundaries later: cost to the leader, the rest to the member", () => {
    // Rewards for the first epoch it led are paid entering DELEGATED_IN + 4: margin 0, no owner stake.
    forgeUntil(DELEGATED_IN + 5);
    const leader = rewards(operator);
    const member = rewards(alice);
    expect(leader).toBe(340n * ADA);
    expect(member).toBeGreaterThan(0n);
    // Both pools hold more than 1/k of the stake, so both earn the capped maximum times their
    // performance (blocks made over stake): (Bob + cost)/(Alice + cost) = (b/10M)/(a/20M), but for rounding.
    const cost = 340n * ADA;
    const [a, b] = [DEMO_POOL.id, GENESIS_POOLS[0]!].map((pool) => BigInt(count(DELEGATED_IN + 2, pool)));
    const bobSide = (rewards(bob) + cost) * a * 10n;
    const aliceSide = (member + cost) * b * 20n;
    const difference = bobSide > aliceSide ? bobSide - aliceSide : aliceSide - bobSide;
    expect(difference * 1_000_000_000n).toBeLessThan(aliceSide);
    const state = ledger.tipState().epochState();
    expect(state.previousBlocks.get(DEMO_POOL.id)).toBe(count(DELEGATED_IN + 3, DEMO_POOL.id));
  });

  it('forges nothing for a pool registered with a VRF key hash other than the one it holds', () => {
    const state = ledger.tipState();
    const pool = [...state.allPools()].find(([id]) => id === DEMO_POOL.id)![1];
    state.record(() =>
      state.applyServed({
        id: 'a2'.repeat(32),
        spends: 'inputs',
        inputs: [],
        outputs: [],
        certificates: [
          { type: 'stakePoolRegistration', stakePool: { ...pool, vrfVerificationKeyHash: 'ee'.repeat(32) } },
        ],
      } as never),
    );
    const slot = Number((chain.tip() as { slot: bigint }).slot) + 1;
    const leaders = new Set(Array.from({ length: 50 }, () => forger.producer(slot, 0).id));
    expect([...leaders]).toEqual([GENESIS_POOLS[0]]);
  });
});
