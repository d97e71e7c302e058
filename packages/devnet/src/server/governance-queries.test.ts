/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { keyPair } from '../generate/keys.js';
import { demoWallets } from '../networks/demo-wallets.js';
import { stakingChain } from '../ledger/test-support/staking-chain.js';
import { startDevnet, type Devnet } from './devnet.js';
import { validated } from './test-support/validated.js';
import { RawClient } from './test-support/ws-client.js';

async function unvalidated(devnet: Devnet, method: string) {
  const raw = await RawClient.connect(devnet.url);
  raw.send({ jsonrpc: '2.0', method, id: 1 });
  const [text] = await raw.texts(1);
  raw.close();
  return JSON.parse(text!) as { result: any };
}

/**
 * The staking chain (a pool making a block in each epoch 2–8, Alice delegating to it) with governance:
 * in epoch 3 Bob registers as a DRep, Alice delegates her vote to him, the first demo wallet's
 * committee member authorises a hot key (the others have none: their votes are not counted), and Alice proposes an info action and a treasury withdrawal to Bob;
 * in epoch 4 Bob and the committee vote yes on the withdrawal and the pool votes on the info action.
 * The boundary into epoch 5 ratifies the withdrawal, the one into 6 enacts it; the info action (until
 * epoch 5 with the custom network's 2-epoch lifetime) expires at the boundary into 6 and leaves at 7.
 */
function governanceChain() {
  const chain = stakingChain();
  const bob = keyPair('test/governance/bob');
  const hot = keyPair('test/governance/committee-hot');
  const drep = { type: 'registered', from: 'verificationKey', id: bob.hash.to_hex() } as const;
  const aliceStake = CSL.RewardAddress.new(
    0,
    CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(chain.alice.credential)),
  )
    .to_address()
    .to_bech32();
  // Bob's stake account earns no rewards: what it holds is what the treasury paid.
  const bobStake = CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(bob.hash)).to_address().to_bech32();
  const bobCredential = { from: 'verificationKey', credential: bob.hash.to_hex() } as const;
  const ada = (quantity: bigint) => ({ ada: { lovelace: quantity * 1_000_000n } });
  const anchor = (name: string) => ({ url: `https://frostline.invalid/${name}.json`, hash: '11'.repeat(32) });
  const member = {
    from: 'verificationKey',
    id: demoWallets(0)[0]!.governance.committeeColdKeyHash,
  } as const;
  const proposeTx = 'b1'.repeat(32);
  const propose = {
    id: proposeTx,
    spends: 'inputs',
    inputs: [],
    outputs: [],
    fee: ada(1n),
    certificates: [
      { type: 'stakeCredentialRegistration', ...bobCredential, deposit: ada(2n) },
      {
        type: 'delegateRepresentativeRegistration',
        delegateRepresentative: drep,
        deposit: ada(500n),
        metadata: anchor('bob'),
      },
      { type: 'stakeDelegation', ...chain.alice, delegateRepresentative: drep },
      {
        type: 'constitutionalCommitteeDelegation',
        member,
        delegate: { status: 'authorized', from: 'verificationKey', id: hot.hash.to_hex() },
      },
    ],
    proposals: [
      {
        deposit: ada(100_000n),
        returnAccount: aliceStake,
        metadata: anchor('info'),
        action: { type: 'information' },
      },
      {
        deposit: ada(100_000n),
        returnAccount: aliceStake,
        metadata: anchor('withdrawal'),
        action: { type: 'treasuryWithdrawals', withdrawals: { [bobStake]: ada(10n) }, guardrails: null },
      },
    ],
  };
  const info = { transaction: { id: proposeTx }, index: 0 };
  const withdrawal = { transaction: { id: proposeTx }, index: 1 };
  const vote = {
    id: 'b2'.repeat(32),
    spends: 'inputs',
    inputs: [],
    outputs: [],
    fee: ada(1n),
    votes: [
      {
        issuer: { role: 'constitutionalCommittee', from: 'verificationKey', id: hot.hash.to_hex() },
        vote: 'yes',
        proposal: withdrawal,
      },
      {
        issuer: { role: 'delegateRepresentative', from: 'verificationKey', id: bob.hash.to_hex() },
        vote: 'yes',
        proposal: withdrawal,
      },
      {
        issuer: { role: 'delegateRepresentative', from: 'verificationKey', id: bob.hash.to_hex() },
        vote: 'abstain',
        proposal: info,
      },
      { issuer: { role: 'stakePoolOperator', id: chain.pool }, vote: 'no', proposal: info },
    ],
  };
  const blocks = chain.blocks.map((block) => ({
    ...block,
    transactions: [
      ...block.transactions,
      ...(block.slot === 250 ? [propose] : block.slot === 350 ? [vote] : []),
    ],
  }));
  return { ...chain, blocks, bob, bobCredential, hot, member, info, withdrawal, bobStake };
}

describe('governance on the devnet ledger, answered in Ogmios v6 shapes', () => {
  const chain = governanceChain();
  let devnet: Devnet;
  const upTo = async (blocks: number) => {
    devnet = await startDevnet({ chain: { blocks: chain.blocks.slice(0, blocks) }, port: 0 });
    await devnet.replayed;
  };
  afterEach(() => devnet.close());

  it('holds both proposals with their votes in epoch 4, and the DRep with its deposit and delegator', async () => {
    await upTo(3);
    // Ogmios writes a withdrawal's account as a stake address (its encoder), where the 6.14 schema's
    // RewardTransfer asks for a 56-digit hash: the full list is read unvalidated, the info action validated.
    const proposals = await unvalidated(devnet, 'queryLedgerState/governanceProposals');
    expect(
      proposals.result.map(({ proposal, since, until }: any) => [proposal.index, since.epoch, until.epoch]),
    ).toEqual([
      [0, 3, 5],
      [1, 3, 5],
    ]);
    expect(proposals.result[1].action.withdrawals).toEqual({
      [chain.bobStake]: { ada: { lovelace: 10_000_000 } },
    });
    // Committee votes first, then DReps.
    expect(proposals.result[1].votes.map(({ issuer }: any) => issuer.role)).toEqual([
      'constitutionalCommittee',
      'delegateRepresentative',
    ]);
    const one = await validated(
      devnet,
      'QueryLedgerStateGovernanceProposalsResponse',
      'queryLedgerState/governanceProposals',
      {
        proposals: [chain.info],
      },
    );
    expect(one.result.map(({ votes }: any) => votes.map(({ vote }: any) => vote))).toEqual([
      ['abstain', 'no'],
    ]);
    const dreps = await validated(
      devnet,
      'QueryLedgerStateDelegateRepresentativesResponse',
      'queryLedgerState/delegateRepresentatives',
    );
    expect(dreps.result.map(({ type }: any) => type)).toEqual(['registered', 'abstain', 'noConfidence']);
    expect(dreps.result[0]).toMatchObject({
      id: chain.bob.hash.to_hex(),
      deposit: { ada: { lovelace: 500_000_000 } },
      // Registered in epoch 3, voted in epoch 4: the custom network's 20 idle epochs from the vote.
      mandate: { epoch: 24 },
      delegators: [chain.alice],
      metadata: { url: 'https://frostline.invalid/bob.json' },
    });
    const committee = await validated(
      devnet,
      'QueryLedgerStateConstitutionalCommitteeResponse',
      'queryLedgerState/constitutionalCommittee',
    );
    // The demo wallets' cold keys by hash; only the first wallet's member has a hot key.
    const cold = demoWallets(0).map(({ governance }) => governance.committeeColdKeyHash);
    expect(committee.result).toEqual({
      members: [...cold].sort().map((id) => ({
        id,
        from: 'verificationKey',
        delegate:
          id === chain.member.id
            ? { status: 'authorized', from: 'verificationKey', id: chain.hot.hash.to_hex() }
            : { status: 'none' },
        status: 'active',
        mandate: { epoch: 1000 },
      })),
      quorum: '2/3',
    });
    await validated(devnet, 'QueryLedgerStateConstitutionResponse', 'queryLedgerState/constitution');
  });

  it('pays the ratified withdrawal from the treasury at the second boundary and refunds its deposit', async () => {
    await upTo(4);
    const accounts = async () =>
      Object.fromEntries(
        (
          await validated(
            devnet,
            'QueryLedgerStateRewardAccountSummariesResponse',
            'queryLedgerState/rewardAccountSummaries',
            {
              keys: [chain.alice.credential, chain.bobCredential.credential],
            },
          )
        ).result.map((summary: any) => [summary.credential, summary]),
      );
    const before = await accounts();
    expect(before[chain.alice.credential].delegateRepresentative).toEqual({
      type: 'registered',
      from: 'verificationKey',
      id: chain.bob.hash.to_hex(),
    });
    // Epoch 5: ratified, not enacted yet; Bob's stake is Alice's 1,000 ada and her rewards.
    const dreps = await validated(
      devnet,
      'QueryLedgerStateDelegateRepresentativesResponse',
      'queryLedgerState/delegateRepresentatives',
    );
    expect(BigInt(dreps.result[0].stake.ada.lovelace)).toBeGreaterThanOrEqual(1_000_000_000n);
    devnet.close();
    await upTo(5);
    const after = await accounts();
    const remaining = await validated(
      devnet,
      'QueryLedgerStateGovernanceProposalsResponse',
      'queryLedgerState/governanceProposals',
    );
    expect(remaining.result.map(({ proposal }: any) => proposal.index)).toEqual([0]);
    const gain = (credential: string) =>
      BigInt(after[credential].rewards.ada.lovelace) - BigInt(before[credential].rewards.ada.lovelace);
    expect(gain(chain.bobCredential.credential)).toBe(10_000_000n);
    expect(gain(chain.alice.credential)).toBeGreaterThanOrEqual(100_000_000_000n);
    devnet.close();
    // Epoch 7: the info action, never ratified, expired and left; its deposit went back to Alice.
    await upTo(6);
    const none = await validated(
      devnet,
      'QueryLedgerStateGovernanceProposalsResponse',
      'queryLedgerState/governanceProposals',
    );
    expect(none.result).toEqual([]);
    const final = await accounts();
    expect(
      BigInt(final[chain.alice.credential].rewards.ada.lovelace) -
        BigInt(after[chain.alice.credential].rewards.ada.lovelace),
    ).toBeGreaterThanOrEqual(100_000_000_000n);
  });
});
