import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { demoWallets } from '@frostline/devnet';
import {
  certificates,
  committeeHotAuthorisation,
  demoAccount,
  drepRegistrationAndDelegation,
  infoAndTreasuryWithdrawal,
  poolRegistration,
  stakeRegistration,
  type Signer,
  yesVotes,
} from '@frostline/devnet/testing';
import { govActionId } from '@frostline/model';
import { startLiveChain, type LiveChain } from './support/live-chain.js';

// Governance with a demo wallet on the live devnet, read back through the indexer and the API: register
// a DRep, delegate the vote to it, authorise the committee hot key, register the wallet's demo pool,
// propose a treasury withdrawal and an info action, vote as the DRep, the committee member and the
// pool, and turn epochs until the withdrawal is enacted and the info action expires. Every figure is
// compared with what the devnet's ledger answers over Ogmios (packages/devnet/src/live/governance.test.ts
// walks the same steps at the Ogmios level). The steps follow one another.

const account = demoAccount(demoWallets(0)[0]!);
const stakeAddress = account.rewardAddress.to_address().to_bech32();
const poolId = account.pool.id;
const drepId = CSL.DRep.new_key_hash(account.drep.hash).to_bech32(true);

interface Proposal {
  id: string;
  tx_hash: string;
  cert_index: number;
  governance_type: string;
  deposit: string;
  return_address: string;
  ratified_epoch: number | null;
  enacted_epoch: number | null;
  dropped_epoch: number | null;
  expired_epoch: number | null;
  expiration: number;
}

let chain: LiveChain;
let proposed: string;
let proposedIn: number;
const index = { info: -1, withdrawal: -1 };

beforeAll(async () => {
  chain = await startLiveChain();
}, 180_000);
afterAll(async () => {
  await chain?.stop();
});

const ledgerRewards = () => chain.rewards(account);
const ledgerProposals = () => chain.ogmios('queryLedgerState/governanceProposals');
const parameters = () => chain.ogmios('queryLedgerState/protocolParameters');
const submit = (extend: (builder: CSL.TransactionBuilder) => void, signers: Signer[]) =>
  chain.submit(account, extend, signers);
const proposal = (at: number) => chain.api<Proposal>(`/governance/proposals/${proposed}/${at}`);

describe('governance with a demo wallet on the live devnet, through the API', () => {
  it('registers a DRep and delegates the vote to it: /governance/dreps/{id}, /delegators, /accounts/{s}, /committee', async () => {
    const p = await parameters();
    const drepDeposit = p.delegateRepresentativeDeposit.ada.lovelace;
    const registration = await submit(
      (builder) =>
        builder.set_certs_builder(
          certificates(
            stakeRegistration(account, p.stakeCredentialDeposit.ada.lovelace),
            ...drepRegistrationAndDelegation(account, drepDeposit),
            committeeHotAuthorisation(account),
            poolRegistration(
              account,
              account.pool.hash,
              account.wallet.pool.vrfKeyHash,
              p.minStakePoolCost.ada.lovelace,
            ),
          ),
        ),
      [account.payment, account.stake, account.drep, account.committeeCold, account.pool],
    );
    const [ledgerDrep] = await chain.ogmios('queryLedgerState/delegateRepresentatives', {
      keys: [account.drep.hash.to_hex()],
    });
    expect(ledgerDrep).toMatchObject({ type: 'registered', deposit: { ada: { lovelace: drepDeposit } } });

    expect(await chain.api(`/governance/dreps/${drepId}`)).toMatchObject({
      drep_id: drepId,
      // Asked by its CIP-129 id, the hex is CIP-129's too: the key-hash DRep header byte, then the hash.
      hex: `22${account.drep.hash.to_hex()}`,
      has_script: false,
      retired: false,
    });
    expect(await chain.api(`/governance/dreps/${drepId}/updates`)).toEqual([
      expect.objectContaining({ tx_hash: registration, cert_index: 1, action: 'registered' }),
    ]);
    expect(await chain.api(`/governance/dreps/${drepId}/delegators`)).toEqual([
      expect.objectContaining({ address: stakeAddress }),
    ]);
    expect(await chain.api(`/accounts/${stakeAddress}`)).toMatchObject({ drep_id: drepId });

    const ledgerCommittee = await chain.ogmios('queryLedgerState/constitutionalCommittee');
    const committee = await chain.api<{ members: { cc_cold_hex: string }[] }>('/governance/committee');
    expect(committee.members.map(({ cc_cold_hex }) => cc_cold_hex).sort()).toEqual(
      ledgerCommittee.members.map(({ id }: { id: string }) => id).sort(),
    );
  }, 60_000);

  it('shows the proposals: /governance/proposals, /{tx}/{i} and its CIP-129 form, /withdrawals', async () => {
    // The treasury fills from the rewards of the epochs with blocks: the first boundaries pay it nothing.
    await chain.forgeInto((await chain.epoch()) + 2);
    const { treasury } = await chain.ogmios('queryLedgerState/treasuryAndReserves');
    expect(BigInt(treasury.ada.lovelace)).toBeGreaterThan(10_000_000n);
    const deposit = (await parameters()).governanceActionDeposit.ada.lovelace;
    proposed = await submit(
      (builder) =>
        builder.set_voting_proposal_builder(infoAndTreasuryWithdrawal(account, deposit, 10_000_000n)),
      [account.payment],
    );
    proposedIn = await chain.epoch();
    const held = await ledgerProposals();
    const indexOf = (type: string) =>
      held.find(({ action }: { action: { type: string } }) => action.type === type).proposal.index as number;
    index.info = indexOf('information');
    index.withdrawal = indexOf('treasuryWithdrawals');

    const listed = await chain.api<Proposal[]>('/governance/proposals');
    expect(
      listed.map(({ tx_hash, cert_index, governance_type }) => ({ tx_hash, cert_index, governance_type })),
    ).toEqual(
      expect.arrayContaining([
        { tx_hash: proposed, cert_index: index.info, governance_type: 'info_action' },
        { tx_hash: proposed, cert_index: index.withdrawal, governance_type: 'treasury_withdrawals' },
      ]),
    );
    for (const at of [index.info, index.withdrawal]) {
      const ledger = held.find(({ proposal }: { proposal: { index: number } }) => proposal.index === at);
      const byTx = await proposal(at);
      expect(byTx).toMatchObject({
        id: govActionId(proposed, at),
        deposit: String(ledger.deposit.ada.lovelace),
        return_address: stakeAddress,
        // db-sync's expiration: the first epoch in which the proposal can no longer be ratified.
        expiration: ledger.until.epoch + 1,
        ratified_epoch: null,
        enacted_epoch: null,
        expired_epoch: null,
      });
      expect(await chain.api(`/governance/proposals/${byTx.id}`)).toEqual(byTx);
    }
    expect(await chain.api(`/governance/proposals/${proposed}/${index.withdrawal}/withdrawals`)).toEqual([
      { stake_address: stakeAddress, amount: '10000000' },
    ]);
  }, 120_000);

  it('records the votes: /proposals/{tx}/{i}/votes, /governance/dreps/{id}/votes, /pools/{id}/votes', async () => {
    const info = CSL.GovernanceActionId.new(CSL.TransactionHash.from_hex(proposed), index.info);
    const withdrawal = CSL.GovernanceActionId.new(CSL.TransactionHash.from_hex(proposed), index.withdrawal);
    const voting = await submit(
      (builder) => builder.set_voting_builder(yesVotes(account, { info, withdrawal }, account.pool.hash)),
      [account.payment, account.drep, account.committeeHot, account.pool],
    );
    const ledgerVoters = Object.fromEntries(
      (await ledgerProposals()).map(
        ({ proposal, votes }: { proposal: { index: number }; votes: { issuer: { role: string } }[] }) => [
          proposal.index,
          votes.map(({ issuer }) => issuer.role).sort(),
        ],
      ),
    );
    const roles = {
      delegateRepresentative: 'drep',
      constitutionalCommittee: 'constitutional_committee',
      stakePoolOperator: 'spo',
    };
    for (const at of [index.info, index.withdrawal]) {
      const votes = await chain.api<{ tx_hash: string; voter_role: string; vote: string }[]>(
        `/governance/proposals/${proposed}/${at}/votes`,
      );
      expect(votes.every(({ tx_hash, vote }) => tx_hash === voting && vote === 'yes')).toBe(true);
      expect(votes.map(({ voter_role }) => voter_role).sort()).toEqual(
        ledgerVoters[at].map((role: keyof typeof roles) => roles[role]).sort(),
      );
    }
    const drepVotes = await chain.api<object[]>(`/governance/dreps/${drepId}/votes`);
    expect(drepVotes).toHaveLength(2);
    expect(drepVotes).toEqual(
      expect.arrayContaining(
        [index.withdrawal, index.info].map((at) =>
          expect.objectContaining({
            tx_hash: voting,
            proposal_id: govActionId(proposed, at),
            proposal_tx_hash: proposed,
            proposal_cert_index: at,
            vote: 'yes',
          }),
        ),
      ),
    );
    expect(await chain.api(`/pools/${poolId}/votes`)).toEqual([
      expect.objectContaining({ tx_hash: voting, vote: 'yes' }),
    ]);
  }, 60_000);

  it('enacts the withdrawal into the reward balance and expires the info action, its deposit back', async () => {
    const deposit = BigInt((await parameters()).governanceActionDeposit.ada.lovelace);
    const before = await ledgerRewards();
    // The next boundary ratifies the withdrawal, the one after enacts (pays) it and refunds its deposit.
    await chain.forgeInto(proposedIn + 2);
    const paid = await ledgerRewards();
    expect(paid - before).toBe(10_000_000n + deposit);
    expect((await ledgerProposals()).map(({ action }: { action: { type: string } }) => action.type)).toEqual([
      'information',
    ]);
    const enacted = await chain.until<Proposal>(
      `/governance/proposals/${proposed}/${index.withdrawal}`,
      ({ enacted_epoch }) => enacted_epoch !== null,
      'the withdrawal enacted',
    );
    expect(enacted).toMatchObject({ ratified_epoch: proposedIn + 1, enacted_epoch: proposedIn + 2 });
    // Blockfrost's rewards_sum counts treasury withdrawals and refunds; its treasury_sum only MIR certificates.
    expect(
      await chain.until<Record<string, string>>(
        `/accounts/${stakeAddress}`,
        ({ withdrawable_amount }) => withdrawable_amount === String(paid),
        'the treasury withdrawal in the reward balance',
      ),
    ).toMatchObject({ rewards_sum: String(paid), treasury_sum: '0', drep_id: drepId });
    // The supply's pots are the ledger's at this epoch's boundary, the withdrawal already out of the treasury.
    const pots = await chain.ogmios('queryLedgerState/treasuryAndReserves');
    const { supply } = await chain.api<{ supply: Record<string, string> }>('/network');
    const reserves = BigInt(pots.reserves.ada.lovelace);
    expect(supply).toMatchObject({
      treasury: String(pots.treasury.ada.lovelace),
      reserves: String(reserves),
      total: String(BigInt(supply.max!) - reserves),
    });
    // The DRep's voting power: the stake delegated to it as the ledger counts it.
    const [ledgerDrep] = await chain.ogmios('queryLedgerState/delegateRepresentatives', {
      keys: [account.drep.hash.to_hex()],
    });
    expect(await chain.api(`/governance/dreps/${drepId}`)).toMatchObject({
      amount: String(ledgerDrep.stake.ada.lovelace),
      active: true,
      expired: ledgerDrep.mandate.epoch < (await chain.epoch()),
      retired: false,
    });

    const { expiration } = await proposal(index.info);
    await chain.forgeInto(expiration + 1);
    expect(await ledgerProposals()).toEqual([]);
    const refunded = await ledgerRewards();
    expect(refunded - paid).toBe(deposit);
    const expired = await chain.until<Proposal>(
      `/governance/proposals/${proposed}/${index.info}`,
      ({ expired_epoch }) => expired_epoch !== null,
      'the info action expired',
    );
    expect(expired).toMatchObject({
      ratified_epoch: null,
      enacted_epoch: null,
      expired_epoch: expiration,
    });
    await chain.until<{ withdrawable_amount: string }>(
      `/accounts/${stakeAddress}`,
      ({ withdrawable_amount }) => withdrawable_amount === String(refunded),
      "the info action's deposit in the reward balance",
    );
  }, 180_000);
});
