/// <reference types="jest" />
import { createLedgerStateQueryClient } from '@cardano-ogmios/client';
import { stakingChain } from '../ledger/test-support/staking-chain.js';
import { startDevnet, type Devnet } from './devnet.js';
import { connect } from './test-support/ogmios-client.js';
import { validated } from './test-support/validated.js';

describe('stake pool, stake distribution and pot queries from the ledger', () => {
  const { blocks, pool, operator } = stakingChain();
  let devnet: Devnet;
  beforeAll(async () => {
    // Up to epoch 6: the pool registered, delegated to and rewarded.
    devnet = await startDevnet({ chain: { blocks: blocks.slice(0, 5) }, port: 0 });
    await devnet.replayed;
  });
  afterAll(() => devnet.close());

  it('answers stakePools with the registered pools, their parameters and on request their stake', async () => {
    const response = await validated(
      devnet,
      'QueryLedgerStateStakePoolsResponse',
      'queryLedgerState/stakePools',
      {
        stakePools: [{ id: pool }],
        includeStake: true,
      },
    );
    expect(Object.keys(response.result)).toEqual([pool]);
    expect(response.result[pool]).toMatchObject({
      id: pool,
      pledge: { ada: { lovelace: 100_000_000 } },
      margin: '0/1',
      // Alice's 1,000 ada (the operator's rewards are not delegated).
      stake: { ada: { lovelace: 1_000_000_000 } },
    });
    const all = await validated(devnet, 'QueryLedgerStateStakePoolsResponse', 'queryLedgerState/stakePools');
    // The two genesis pools and the registered one, without stake unless asked.
    expect(Object.keys(all.result)).toHaveLength(3);
    expect(all.result[pool].stake).toBeUndefined();
  });

  it('answers liveStakeDistribution as each pool\u2019s share of the delegated stake', async () => {
    const response = await validated(
      devnet,
      'QueryLedgerStateLiveStakeDistributionResponse',
      'queryLedgerState/liveStakeDistribution',
    );
    expect(response.result[pool]).toEqual({ stake: '1/1', vrf: 'ee'.repeat(32) });
    expect(Object.values(response.result).filter(({ stake }: any) => stake === '0/1')).toHaveLength(2);
  });

  it('answers treasuryAndReserves, and the epoch and rewards through the Ogmios client', async () => {
    const response = await validated(
      devnet,
      'QueryLedgerStateTreasuryAndReservesResponse',
      'queryLedgerState/treasuryAndReserves',
    );
    expect(BigInt(response.result.treasury.ada.lovelace)).toBeGreaterThan(0n);
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    expect(await client.epoch()).toBe(6);
    const [summary] = await client.rewardAccountSummaries({ keys: [operator.credential] });
    expect(summary!.rewards.ada.lovelace).toBeGreaterThan(0n);
    await client.shutdown();
  });
});
