/// <reference types="jest" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { stringifyJson } from '../chain/json.js';
import { demoKey, fundingBlock } from '../ledger/test-support/transactions.js';
import { demoWallets } from '../networks/demo-wallets.js';
import { startDevnet, type Devnet } from '../server/devnet.js';
import { RawClient } from '../server/test-support/ws-client.js';
import {
  certificates,
  committeeHotAuthorisation,
  demoAccount,
  drepRegistrationAndDelegation,
  infoAndTreasuryWithdrawal,
  poolRegistration,
  stakeRegistration,
  submitFromAccount,
  yesVotes,
} from '../testing/demo-account.js';

/**
 * Governance on the live devnet, at the Ogmios level, as a user of `npm start` does it with the first
 * demo wallet's mnemonic (CIP-1852/CIP-105 keys) and CSL's transaction builder: register a stake key,
 * a DRep, a stake pool (the wallet's plain signing key as its cold key) and the committee hot key,
 * delegate the vote to the DRep, propose an info action and a treasury withdrawal, vote as the DRep,
 * the committee member and the pool, then watch the boundaries: the withdrawal is ratified at the
 * next one and paid at the one after, the info action expires and its deposit comes back.
 * apps/api/test/live-governance.e2e.test.ts does the same through the indexer and the API.
 */

const account = demoAccount(demoWallets(0)[0]!);
const { payment, stake, drep, committeeCold: cold, committeeHot: hot, operator } = account;
const operatorHash = operator.key.to_public().hash();
const pool = operatorHash.to_bech32('pool');

describe('governance with a demo wallet on the live devnet', () => {
  let devnet: Devnet;
  let client: RawClient;
  let requestId = 0;
  const call = async (method: string, params?: object) => {
    requestId += 1;
    client.send({ jsonrpc: '2.0', method, ...(params && { params }), id: requestId });
    const response = (await client.next()) as { result?: any; error?: { message: string } };
    if (response.error !== undefined) throw new Error(`${method}: ${JSON.stringify(response.error)}`);
    return response.result;
  };
  const epoch = () => call('queryLedgerState/epoch') as Promise<number>;
  /** Forges blocks (one slot each) until the tip is in `target`. */
  const forgeInto = async (target: number) => {
    while ((await epoch()) < target) devnet.forge();
  };
  const rewards = async () => {
    const [summary] = await call('queryLedgerState/rewardAccountSummaries', { keys: [stake.hash.to_hex()] });
    return BigInt(summary.rewards.ada.lovelace);
  };

  /** Submits a transaction from the wallet (see `submitFromAccount`) and forges it into a block. */
  async function submit(
    extend: (builder: CSL.TransactionBuilder) => void,
    signers: { key: CSL.PrivateKey }[],
  ): Promise<string> {
    const id = await submitFromAccount(call, account, extend, signers);
    devnet.forge();
    return id;
  }

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'devnet-governance-')), 'chain.jsonl');
    writeFileSync(file, stringifyJson(fundingBlock(demoKey(1), 100_000_000n)) + '\n');
    // A system start far ahead: the wall clock never passes the tip, so each forged block is the next
    // slot and the test turns epochs (100 slots) by forging.
    devnet = await startDevnet({
      chain: { file },
      port: 0,
      forgeInterval: 3_600_000,
      systemStart: new Date('2100-01-01T00:00:00Z'),
    });
    await devnet.replayed;
    client = await RawClient.connect(devnet.url);
  });
  afterAll(async () => {
    client.close();
    await devnet.close();
  });

  it('takes a treasury withdrawal from proposal to enactment, and an info action to expiry', async () => {
    const parameters = await call('queryLedgerState/protocolParameters');
    const drepDeposit = BigInt(parameters.delegateRepresentativeDeposit.ada.lovelace);
    const proposalDeposit = BigInt(parameters.governanceActionDeposit.ada.lovelace);

    // Stake key, DRep, vote delegation, committee hot key and a stake pool, in one transaction.
    await submit(
      (builder) => {
        builder.set_certs_builder(
          certificates(
            stakeRegistration(account, parameters.stakeCredentialDeposit.ada.lovelace),
            ...drepRegistrationAndDelegation(account, drepDeposit),
            committeeHotAuthorisation(account),
            poolRegistration(
              account,
              operatorHash,
              '33'.repeat(32),
              parameters.minStakePoolCost.ada.lovelace,
            ),
          ),
        );
      },
      [payment, stake, drep, cold, operator],
    );

    expect(Object.keys(await call('queryLedgerState/stakePools', { stakePools: [{ id: pool }] }))).toEqual([
      pool,
    ]);
    // The treasury fills from the rewards of the epochs with blocks: the first boundaries pay it nothing.
    await forgeInto((await epoch()) + 2);
    const { treasury } = await call('queryLedgerState/treasuryAndReserves');
    expect(BigInt(treasury.ada.lovelace)).toBeGreaterThan(10_000_000n);

    // An info action and a treasury withdrawal of 10 ada to the wallet's stake address.
    const proposed = await submit(
      (builder) =>
        builder.set_voting_proposal_builder(
          infoAndTreasuryWithdrawal(account, parameters.governanceActionDeposit.ada.lovelace, 10_000_000n),
        ),
      [payment],
    );
    const proposedIn = await epoch();
    // The body holds its proposals as a set (CSL writes them sorted): the ledger names each by its place.
    const indexOf = async (type: string) =>
      (await call('queryLedgerState/governanceProposals')).find(({ action }: any) => action.type === type)
        .proposal.index as number;
    const info = CSL.GovernanceActionId.new(
      CSL.TransactionHash.from_hex(proposed),
      await indexOf('information'),
    );
    const withdrawal = CSL.GovernanceActionId.new(
      CSL.TransactionHash.from_hex(proposed),
      await indexOf('treasuryWithdrawals'),
    );

    // Votes: the DRep and the committee member yes on the withdrawal; the DRep and the pool on the info action.
    await submit(
      (builder) => builder.set_voting_builder(yesVotes(account, { info, withdrawal }, operatorHash)),
      [payment, drep, hot, operator],
    );

    const [drepSummary] = await call('queryLedgerState/delegateRepresentatives', {
      keys: [drep.hash.to_hex()],
    });
    expect(drepSummary).toMatchObject({
      type: 'registered',
      id: drep.hash.to_hex(),
      deposit: { ada: { lovelace: Number(drepDeposit) } },
    });
    const held = await call('queryLedgerState/governanceProposals');
    expect(
      Object.fromEntries(
        held.map(({ action, votes }: any) => [action.type, votes.map(({ issuer }: any) => issuer.role)]),
      ),
    ).toEqual({
      information: ['delegateRepresentative', 'stakePoolOperator'],
      treasuryWithdrawals: ['constitutionalCommittee', 'delegateRepresentative'],
    });
    const before = await rewards();

    // The next boundary ratifies the withdrawal (the DRep holds all the delegated vote, the only member
    // with a hot key voted yes); the one after pays it and refunds its deposit.
    await forgeInto(proposedIn + 2);
    const remaining = await call('queryLedgerState/governanceProposals');
    expect(remaining.map(({ action }: any) => action.type)).toEqual(['information']);
    const paid = await rewards();
    expect(paid - before).toBe(10_000_000n + proposalDeposit);

    // The info action lives until its `until` epoch, is found expired at the boundary after it and
    // leaves at the next one, its deposit refunded.
    const { until } = remaining[0];
    await forgeInto(until.epoch + 1);
    expect((await call('queryLedgerState/governanceProposals')).length).toBe(1);
    await forgeInto(until.epoch + 2);
    expect(await call('queryLedgerState/governanceProposals')).toEqual([]);
    expect((await rewards()) - paid).toBe(proposalDeposit);
  });
});
