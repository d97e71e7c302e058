import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { demoWallets } from '@frostline/devnet';
import {
  bigNum,
  certificates,
  demoAccount,
  poolRegistration,
  stakeRegistration,
  type Signer,
} from '@frostline/devnet/testing';
import { startLiveChain, type LiveChain } from './support/live-chain.js';

// Staking with a demo wallet on the live devnet, read back through the indexer and the API: register a
// stake key and the wallet's demo pool (the forger holds its keys, so it makes blocks once stake is
// delegated to it), delegate to it, turn epochs until its blocks earn rewards, withdraw them and retire
// the pool. Every figure is compared with what the devnet's ledger answers over Ogmios. The steps
// follow one another: each reads the chain the ones before it made.

const account = demoAccount(demoWallets(0)[0]!);
const stakeAddress = account.rewardAddress.to_address().to_bech32();
const poolId = account.pool.id;

interface Account {
  stake_address: string;
  active: boolean;
  active_epoch: number | null;
  controlled_amount: string;
  rewards_sum: string;
  withdrawals_sum: string;
  withdrawable_amount: string;
  pool_id: string | null;
}
interface EpochStake {
  stake_address: string;
  pool_id?: string;
  amount: string;
}

interface Reward {
  epoch: number;
  amount: string;
  pool_id: string;
  type: string;
}

let chain: LiveChain;
let registeredIn: number;
let registration: string;

beforeAll(async () => {
  chain = await startLiveChain();
}, 180_000);
afterAll(async () => {
  await chain?.stop();
});

const ledgerRewards = () => chain.rewards(account);
const ledgerBalance = async () => {
  const utxo: { value: { ada: { lovelace: number } } }[] = await chain.ogmios('queryLedgerState/utxo', {
    addresses: [account.wallet.mnemonicAddress],
  });
  return utxo.reduce((sum, { value }) => sum + BigInt(value.ada.lovelace), 0n);
};
const parameters = () => chain.ogmios('queryLedgerState/protocolParameters');
const submit = (extend: (builder: CSL.TransactionBuilder) => void, signers: Signer[]) =>
  chain.submit(account, extend, signers);

describe('staking with a demo wallet on the live devnet, through the API', () => {
  it('registers a stake key and a pool and delegates to it: /accounts, /delegations, /pools/{id}, /delegators', async () => {
    const { stakeCredentialDeposit, minStakePoolCost } = await parameters();
    registration = await submit(
      (builder) =>
        builder.set_certs_builder(
          certificates(
            stakeRegistration(account, stakeCredentialDeposit.ada.lovelace),
            poolRegistration(
              account,
              account.pool.hash,
              account.wallet.pool.vrfKeyHash,
              minStakePoolCost.ada.lovelace,
            ),
            CSL.Certificate.new_stake_delegation(
              CSL.StakeDelegation.new(account.stakeCredential, account.pool.hash),
            ),
          ),
        ),
      [account.payment, account.stake, account.pool],
    );
    registeredIn = await chain.epoch();

    const summary = await chain.api<Account>(`/accounts/${stakeAddress}`);
    expect(summary).toMatchObject({ stake_address: stakeAddress, active: true, pool_id: poolId });
    expect(BigInt(summary.controlled_amount)).toBe((await ledgerBalance()) + (await ledgerRewards()));

    expect(await chain.api(`/accounts/${stakeAddress}/delegations`)).toEqual([
      expect.objectContaining({ active_epoch: registeredIn + 2, tx_hash: registration, pool_id: poolId }),
    ]);

    const ledgerPool = (await chain.ogmios('queryLedgerState/stakePools', { stakePools: [{ id: poolId }] }))[
      poolId
    ];
    const pool = await chain.api<Record<string, unknown>>(`/pools/${poolId}`);
    expect(pool).toMatchObject({
      pool_id: poolId,
      vrf_key: ledgerPool.vrfVerificationKeyHash,
      declared_pledge: String(ledgerPool.pledge.ada.lovelace),
      fixed_cost: String(ledgerPool.cost.ada.lovelace),
      margin_cost: 0,
      reward_account: stakeAddress,
      owners: [stakeAddress],
      registration: [registration],
      retirement: [],
    });
    expect(await chain.api(`/pools/${poolId}/delegators`)).toEqual([
      expect.objectContaining({ address: stakeAddress }),
    ]);
  }, 60_000);

  it('counts the delegation in the epoch it takes effect: /epochs/{n}/stakes, /stakes/{pool}, /accounts/{s}/history', async () => {
    const active = registeredIn + 2;
    await chain.forgeInto(active);
    const expected = {
      stake_address: stakeAddress,
      amount: String((await ledgerBalance()) + (await ledgerRewards())),
    };
    const stakes = await chain.until<EpochStake[]>(
      `/epochs/${active}/stakes/${poolId}`,
      (rows) => rows.length > 0,
      `the epoch ${active} stake snapshot`,
    );
    expect(stakes).toEqual([expected]);
    const all = await chain.api<EpochStake[]>(`/epochs/${active}/stakes?count=100`);
    expect(all.filter(({ pool_id }) => pool_id === poolId)).toEqual([{ ...expected, pool_id: poolId }]);

    const live = await chain.ogmios('queryLedgerState/liveStakeDistribution');
    const [numerator, denominator] = (live[poolId].stake as string).split('/').map(Number);
    // The account is the pool's one delegator, and nothing moved its funds since the boundary.
    expect(await chain.api(`/pools/${poolId}`)).toMatchObject({
      live_stake: expected.amount,
      live_size: numerator! / denominator!,
      live_delegators: 1,
      active_stake: expected.amount,
    });

    // The boundary into the epoch also took the next epoch's distribution, which the history lists too.
    expect(await chain.api(`/accounts/${stakeAddress}/history`)).toEqual([
      { active_epoch: active, amount: expected.amount, pool_id: poolId },
      { active_epoch: active + 1, amount: expected.amount, pool_id: poolId },
    ]);

    // The network's active stake is the epoch's whole snapshot, every pool's delegators counted.
    const snapshot = all.reduce((sum, { amount }) => sum + BigInt(amount), 0n);
    expect(all.length).toBeLessThan(100);
    expect(await chain.api(`/network`)).toMatchObject({ stake: { active: String(snapshot) } });
  }, 120_000);

  it('forges blocks with the pool and pays its rewards: /pools/{id}/blocks, withdrawable_amount', async () => {
    const active = registeredIn + 2;
    // Rewards for the blocks of an epoch are paid at the start of the second epoch after it.
    await chain.forgeInto(active + 2);
    const blocks = await chain.api<string[]>(`/pools/${poolId}/blocks?count=100`);
    expect(blocks.length).toBeGreaterThan(0);
    for (const hash of blocks.slice(0, 3)) {
      expect(await chain.api(`/blocks/${hash}`)).toMatchObject({ slot_leader: poolId });
    }
    const rewards = await ledgerRewards();
    expect(rewards).toBeGreaterThan(0n);
    const summary = await chain.until<Account>(
      `/accounts/${stakeAddress}`,
      ({ withdrawable_amount }) => withdrawable_amount !== '0',
      'the rewards in the account',
    );
    expect(summary.withdrawable_amount).toBe(String(rewards));
    expect(summary.rewards_sum).toBe(String(rewards));
  }, 120_000);

  it("lists the rewards the boundaries paid and the pool's epochs: /accounts/{s}/rewards, /pools/{id}/history", async () => {
    const active = registeredIn + 2;
    // The boundary into active + 2 paid the blocks of `active`; the account is the pool's reward account and its
    // owner, so all of it is the leader's. Nothing was paid before: the ledger's balance is that reward.
    const paid = String(await ledgerRewards());
    const rewards = await chain.until<Reward[]>(
      `/accounts/${stakeAddress}/rewards`,
      (rows) => rows.length > 0,
      'the rewards of the boundary',
    );
    expect(rewards).toEqual([{ epoch: active, amount: paid, pool_id: poolId, type: 'leader' }]);
    expect(await chain.api(`/accounts/${stakeAddress}/rewards?order=desc&count=1&page=2`)).toEqual([]);

    // The epochs before the newest whose distribution holds the pool: `active` (its blocks paid) and the next
    // (its blocks paid at the boundary to come).
    const row = async (epoch: number, rewardsOf: string) => {
      const [stake] = await chain.api<{ amount: string }[]>(`/epochs/${epoch}/stakes/${poolId}`);
      const total = (await chain.api<{ active_stake: string }>(`/epochs/${epoch}`)).active_stake;
      const blocks = await chain.api<string[]>(`/epochs/${epoch}/blocks/${poolId}?count=100`);
      const { fixed_cost } = await chain.api<{ fixed_cost: string }>(`/pools/${poolId}`);
      return {
        epoch,
        blocks: blocks.length,
        active_stake: stake!.amount,
        active_size: Number(stake!.amount) / Number(total),
        delegators_count: 1,
        rewards: rewardsOf,
        // Below the pool's fixed cost, the operator's fees are all of it.
        fees: BigInt(rewardsOf) < BigInt(fixed_cost) ? rewardsOf : expect.any(String),
      };
    };
    const history = await chain.api<unknown[]>(`/pools/${poolId}/history`);
    expect(history).toEqual([await row(active, paid), await row(active + 1, '0')]);
    expect(await chain.api(`/pools/${poolId}/history?order=desc&count=1`)).toEqual([history[1]]);
  }, 60_000);

  it('withdraws the rewards: /accounts/{s}/withdrawals, /txs/{hash}/withdrawals', async () => {
    const rewards = await ledgerRewards();
    const withdrawal = await submit(
      (builder) => {
        const withdrawals = CSL.WithdrawalsBuilder.new();
        withdrawals.add(account.rewardAddress, bigNum(rewards));
        builder.set_withdrawals_builder(withdrawals);
      },
      [account.payment, account.stake],
    );
    expect(await ledgerRewards()).toBe(0n);
    expect(await chain.api(`/txs/${withdrawal}/withdrawals`)).toEqual([
      { address: stakeAddress, amount: String(rewards) },
    ]);
    expect(await chain.api(`/accounts/${stakeAddress}/withdrawals`)).toEqual([
      expect.objectContaining({ tx_hash: withdrawal, amount: String(rewards) }),
    ]);
    const summary = await chain.until<Account>(
      `/accounts/${stakeAddress}`,
      ({ withdrawable_amount }) => withdrawable_amount === '0',
      'the withdrawal in the account',
    );
    expect(summary.withdrawals_sum).toBe(String(rewards));
    expect(BigInt(summary.controlled_amount)).toBe(await ledgerBalance());
  }, 60_000);

  it('retires the pool: /pools/retiring, /txs/{hash}/pool_retires, /pools/retired, the deposit refunded', async () => {
    const { stakePoolDeposit } = await parameters();
    const retiring = (await chain.epoch()) + 1;
    const retirement = await submit(
      (builder) =>
        builder.set_certs_builder(
          certificates(
            CSL.Certificate.new_pool_retirement(CSL.PoolRetirement.new(account.pool.hash, retiring)),
          ),
        ),
      [account.payment, account.pool],
    );
    expect(await chain.api(`/txs/${retirement}/pool_retires`)).toEqual([
      { cert_index: 0, pool_id: poolId, retiring_epoch: retiring },
    ]);
    expect(await chain.api(`/pools/retiring`)).toEqual([
      expect.objectContaining({ pool_id: poolId, epoch: retiring }),
    ]);
    expect(await chain.api(`/pools/${poolId}`)).toMatchObject({ retirement: [retirement] });

    const before = await ledgerRewards();
    await chain.forgeInto(retiring);
    expect(await chain.ogmios('queryLedgerState/stakePools', { stakePools: [{ id: poolId }] })).toEqual({});
    const refunded = await ledgerRewards();
    expect(refunded - before).toBeGreaterThanOrEqual(BigInt(stakePoolDeposit.ada.lovelace));
    expect(await chain.api(`/pools/retired`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ pool_id: poolId, epoch: retiring })]),
    );
    expect(await chain.api(`/pools/retiring`)).toEqual([]);
    const summary = await chain.until<Account>(
      `/accounts/${stakeAddress}`,
      ({ withdrawable_amount }) => withdrawable_amount === String(refunded),
      'the pool deposit in the account',
    );
    expect(BigInt(summary.controlled_amount)).toBe((await ledgerBalance()) + refunded);
    // The boundary's refund is a reward of its own, earned in the epoch the pool retired at.
    const rewards = await chain.until<Reward[]>(
      `/accounts/${stakeAddress}/rewards?order=desc`,
      (rows) => rows.some(({ type }) => type === 'pool_deposit_refund'),
      'the refund in the rewards',
    );
    expect(rewards).toContainEqual({
      epoch: retiring,
      amount: String(stakePoolDeposit.ada.lovelace),
      pool_id: poolId,
      type: 'pool_deposit_refund',
    });
    const rest = rewards.filter(({ epoch }) => epoch === retiring - 2);
    expect(rest.reduce((sum, { amount }) => sum + BigInt(amount), 0n)).toBe(
      refunded - before - BigInt(stakePoolDeposit.ada.lovelace),
    );
  }, 120_000);
});
