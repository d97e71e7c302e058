import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { DelegateRepresentative, StakePool } from '@cardano-ogmios/schema';
import type { RewardAccountSummary } from '../chain/events.js';
import { rewardCredential } from './delegation.js';
import { credentialKey } from './ledger-data.js';
import type { Utxo } from './outputs.js';

/**
 * What the ledger does at an epoch boundary (the Shelley NEWEPOCH rule, as Babbage and Conway keep it),
 * as pure functions: the reward update, the stake snapshots (mark, set, go) and the pool reap. The
 * ledger state (src/ledger/ledger-state.ts) applies them in the ledger's order: rewards first, then a
 * new mark snapshot (which counts them), then the retirements of the epoch.
 */

/** Stake delegated to pools: each delegating credential's stake and pool, and the pools' parameters. */
export interface StakeSnapshot {
  delegations: Map<string, { pool: string; stake: bigint }>;
  pools: Map<string, StakePool>;
}

export const emptySnapshot = (): StakeSnapshot => ({ delegations: new Map(), pools: new Map() });

/** The ledger's epoch bookkeeping. */
export interface EpochState {
  epoch: number;
  treasury: bigint;
  reserves: bigint;
  /** mark: taken at the last boundary; set: the one before (leader schedule); go: the one before that (rewards). */
  snapshots: { mark: StakeSnapshot; set: StakeSnapshot; go: StakeSnapshot };
  /** Fees collected in the epoch the go snapshot's rewards are for, and in this epoch. */
  snapshotFees: bigint;
  fees: bigint;
  /** Blocks made by each pool in the epoch before, and in this one. */
  previousBlocks: Map<string, number>;
  blocks: Map<string, number>;
}

/** What the reward formula reads of the protocol parameters and the genesis. */
export interface RewardParameters {
  /** ρ, τ and a0 as [numerator, denominator]. */
  monetaryExpansion: Ratio;
  treasuryExpansion: Ratio;
  pledgeInfluence: Ratio;
  desiredPools: number;
  /** Slots per epoch times the active slot coefficient: the blocks an epoch is expected to have. */
  expectedBlocks: Ratio;
  maxSupply: bigint;
}

export type Ratio = readonly [bigint, bigint];

export interface RewardUpdate {
  /** Lovelace per reward account (credential key): leader and member rewards, registered accounts only. */
  rewards: Map<string, bigint>;
  /** The reward of each pool (leader and members together), by pool id. */
  poolRewards: Map<string, bigint>;
  treasury: bigint;
  reserves: bigint;
}

/**
 * The rewards of the go snapshot's epoch, paid now: the monetary expansion (ρ of the reserves, scaled by
 * how many of the expected blocks were made) plus that epoch's fees make the pot; τ of it goes to the
 * treasury; each pool's share follows its stake and pledge (capped at 1/k), scaled by its performance
 * (its share of the blocks over its share of the active stake), and is split between the leader (cost,
 * margin, and the owners' part) and the members by stake. A pool whose owners do not hold its pledge
 * earns nothing. Rewards of unregistered accounts go to the treasury; what is not paid returns to the
 * reserves.
 */
export function rewardUpdate(
  state: EpochState,
  parameters: RewardParameters,
  registered: (credentialKey: string) => boolean,
): RewardUpdate {
  const { go } = state.snapshots;
  const blocks = state.previousBlocks;
  const totalBlocks = sum([...blocks.values()].map(BigInt));
  // η = min(1, blocks / expected blocks); ΔR1 = ⌊η ρ reserves⌋
  const [expectedNumerator, expectedDenominator] = parameters.expectedBlocks;
  const [rhoNumerator, rhoDenominator] = parameters.monetaryExpansion;
  const eta: Ratio =
    totalBlocks * expectedDenominator >= expectedNumerator
      ? [1n, 1n]
      : [totalBlocks * expectedDenominator, expectedNumerator];
  const expansion = (eta[0] * rhoNumerator * state.reserves) / (eta[1] * rhoDenominator);
  const pot = expansion + state.snapshotFees;
  const [tauNumerator, tauDenominator] = parameters.treasuryExpansion;
  const toTreasury = (pot * tauNumerator) / tauDenominator;
  const available = pot - toTreasury;

  const totalStake = parameters.maxSupply - state.reserves;
  const poolStake = poolStakes(go);
  const activeStake = sum([...poolStake.values()]);

  const rewards = new Map<string, bigint>();
  const poolRewards = new Map<string, bigint>();
  let paid = 0n;
  let unregistered = 0n;
  const pay = (key: string, lovelace: bigint) => {
    if (lovelace === 0n) return;
    paid += lovelace;
    if (registered(key)) rewards.set(key, (rewards.get(key) ?? 0n) + lovelace);
    else unregistered += lovelace;
  };
  for (const [id, pool] of go.pools) {
    const stake = poolStake.get(id) ?? 0n;
    const made = BigInt(blocks.get(id) ?? 0);
    if (stake === 0n || made === 0n || totalStake === 0n) continue;
    const owners = new Set(
      pool.owners.map((owner) => credentialKey({ from: 'verificationKey', credential: owner })),
    );
    const members = [...go.delegations].filter(([, delegation]) => delegation.pool === id);
    const ownerStake = sum(members.filter(([key]) => owners.has(key)).map(([, { stake: owned }]) => owned));
    const pledge = BigInt(pool.pledge.ada.lovelace);
    const maximum =
      ownerStake < pledge ? 0n : maxPoolReward(available, stake, pledge, totalStake, parameters);
    // Performance β/σa = (made / total blocks) / (stake / active stake).
    const reward = (maximum * made * activeStake) / (totalBlocks * stake);
    poolRewards.set(id, reward);
    const cost = BigInt(pool.cost.ada.lovelace);
    const [marginNumerator, marginDenominator] = parseRatio(pool.margin);
    const leaderKey = credentialKey(rewardCredential(pool.rewardAccount));
    if (reward <= cost) {
      pay(leaderKey, reward);
      continue;
    }
    const profit = reward - cost;
    // Leader: c + ⌊(f − c)(m + (1 − m) s/σ)⌋, s/σ the owners' share of the pool's stake.
    pay(
      leaderKey,
      cost +
        (profit * (marginNumerator * stake + (marginDenominator - marginNumerator) * ownerStake)) /
          (marginDenominator * stake),
    );
    // Members (not owners): ⌊(f − c)(1 − m) t/σ⌋.
    for (const [key, { stake: memberStake }] of members) {
      if (owners.has(key)) continue;
      pay(key, (profit * (marginDenominator - marginNumerator) * memberStake) / (marginDenominator * stake));
    }
  }
  return {
    rewards,
    poolRewards,
    treasury: state.treasury + toTreasury + unregistered,
    reserves: state.reserves - expansion + (available - paid),
  };
}

/** The stake delegated to each pool in a snapshot: the leader schedule's and the rewards' distribution. */
export function poolStakes(snapshot: StakeSnapshot): Map<string, bigint> {
  const stakes = new Map<string, bigint>();
  snapshot.delegations.forEach(({ pool, stake }) => stakes.set(pool, (stakes.get(pool) ?? 0n) + stake));
  return stakes;
}

/**
 * maxPool = ⌊R/(1+a0) (σ' + s' a0 (σ' − s'(z0 − σ')/z0)/z0)⌋ with σ' = min(σ, z0), s' = min(s, z0),
 * z0 = 1/k, σ and s the pool's stake and pledge over the total stake; in exact rationals.
 */
function maxPoolReward(
  available: bigint,
  stake: bigint,
  pledge: bigint,
  totalStake: bigint,
  parameters: RewardParameters,
): bigint {
  const k = BigInt(parameters.desiredPools);
  const [a0n, a0d] = parameters.pledgeInfluence;
  // Work in units of 1/(totalStake·k): z0 = totalStake, σ' = min(stake·k, totalStake), s' likewise.
  const z0 = totalStake;
  const sigma = min(stake * k, z0);
  const s = min(pledge * k, z0);
  // σ' − s'(z0 − σ')/z0 over the unit, times z0 to stay integral.
  const inner = sigma * z0 - s * (z0 - sigma);
  // (σ' + s' a0 inner/z0²)·unit, all over the common denominator z0²·a0d.
  const numerator = sigma * z0 * z0 * a0d + s * a0n * inner;
  const denominator = z0 * z0 * a0d;
  // R/(1+a0) · numerator/denominator / (totalStake·k) = R·a0d·numerator / ((a0d+a0n)·denominator·z0·k)
  return (available * a0d * numerator) / ((a0d + a0n) * denominator * totalStake * k);
}

/**
 * The mark snapshot: each registered credential delegated to a registered pool, with the lovelace of
 * the outputs at base addresses carrying it plus its reward balance.
 */
export function stakeSnapshot(
  utxos: Iterable<Utxo>,
  accounts: Iterable<RewardAccountSummary>,
  pools: Iterable<[string, StakePool]>,
): StakeSnapshot {
  const registeredPools = new Map(pools);
  const delegations = new Map<string, { pool: string; stake: bigint }>();
  for (const account of accounts) {
    const pool = account.stakePool?.id;
    if (pool === undefined || !registeredPools.has(pool)) continue;
    delegations.set(credentialKey(account), { pool, stake: BigInt(account.rewards.ada.lovelace) });
  }
  // Nothing delegated (a public network's genesis): no output's address needs decoding.
  if (delegations.size === 0) return { delegations, pools: registeredPools };
  for (const utxo of utxos) {
    const key = stakeKeyOf(utxo.address as string);
    const delegation = key === undefined ? undefined : delegations.get(key);
    if (delegation === undefined) continue;
    delegation.stake += BigInt((utxo.value as { ada: { lovelace: number | bigint } }).ada.lovelace);
  }
  return { delegations, pools: registeredPools };
}

/**
 * The stake delegated to each DRep (credential key, 'abstain', 'noConfidence'): each delegating
 * account's outputs at base addresses, its rewards and the deposits of the proposals returning to it.
 */
export function drepStakes(
  utxos: Iterable<Utxo>,
  accounts: Iterable<RewardAccountSummary>,
  proposals: Iterable<{ returnAccount: string; deposit: bigint }>,
): Map<string, bigint> {
  const target = new Map<string, string>();
  const stake = new Map<string, bigint>();
  for (const account of accounts) {
    const drep = account.delegateRepresentative as DelegateRepresentative | undefined;
    if (drep === undefined) continue;
    const key = credentialKey(account);
    target.set(
      key,
      drep.type === 'registered' ? credentialKey({ from: drep.from, credential: drep.id }) : drep.type,
    );
    stake.set(key, BigInt(account.rewards.ada.lovelace));
  }
  if (stake.size === 0) return new Map();
  const add = (key: string | undefined, lovelace: bigint) => {
    if (key !== undefined && stake.has(key)) stake.set(key, stake.get(key)! + lovelace);
  };
  for (const utxo of utxos)
    add(
      stakeKeyOf(utxo.address as string),
      BigInt((utxo.value as { ada: { lovelace: number | bigint } }).ada.lovelace),
    );
  for (const { returnAccount, deposit } of proposals)
    add(credentialKey(rewardCredential(returnAccount)), deposit);
  const delegated = new Map<string, bigint>();
  stake.forEach((lovelace, key) => {
    const drep = target.get(key)!;
    delegated.set(drep, (delegated.get(drep) ?? 0n) + lovelace);
  });
  return delegated;
}

const stakeKeys = new Map<string, string | undefined>();

/** The credential key of a base address' stake part (others carry no stake the snapshot counts). */
function stakeKeyOf(address: string): string | undefined {
  if (stakeKeys.has(address)) return stakeKeys.get(address);
  let key: string | undefined;
  if (!CSL.ByronAddress.is_valid(address)) {
    const base = CSL.BaseAddress.from_address(CSL.Address.from_bech32(address));
    const credential = base?.stake_cred();
    if (credential !== undefined) {
      const hash = credential.to_keyhash();
      key = credentialKey(
        hash === undefined
          ? { from: 'script', credential: credential.to_scripthash()!.to_hex() }
          : { from: 'verificationKey', credential: hash.to_hex() },
      );
    }
  }
  stakeKeys.set(address, key);
  return key;
}

/** Ogmios writes ratios as "n/d". */
export function parseRatio(text: string): Ratio {
  const [numerator, denominator = '1'] = text.split('/');
  return [BigInt(numerator!), BigInt(denominator)];
}

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
