import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder, Generation } from '../context.js';
import { blake2b256 } from '../keys.js';
import { bigNum } from '../tx.js';
import { ledgerCredential, type DRep } from '../wallets.js';
import { FEE_RESERVE, certificateDraft, gather } from './funding.js';
import { pickAccount } from './stake.js';

/** Registers a DRep that is not registered (again), with an anchor. */
export const registerDRep: Builder = (g) => {
  const drep = g.actors.dreps.find((candidate) => !registered(g, candidate));
  if (drep === undefined) return undefined;
  const deposit = g.parameters.drepDeposit;
  const funding = gather(g, FEE_RESERVE + deposit);
  if (funding === undefined) return undefined;
  const url = `https://frostline.invalid/drep${drep.index}.jsonld`;
  const anchor = CSL.Anchor.new(
    CSL.URL.new(url),
    CSL.AnchorDataHash.from_bytes(blake2b256(new TextEncoder().encode(url))),
  );
  const certificate = CSL.Certificate.new_drep_registration(
    CSL.DRepRegistration.new_with_anchor(drep.credential, bigNum(deposit), anchor),
  );
  return {
    draft: certificateDraft(funding, {
      certificates: [certificate],
      deposits: deposit,
      signers: [drep.witness],
    }),
    apply: (tx) => g.state.drepRegistrations.set(drep.index, tx.ordinal),
  };
};

/** Retires a registered DRep: the ledger clears the vote delegations to it. */
export const retireDRep: Builder = (g) => {
  const candidates = g.actors.dreps.filter((candidate) => registered(g, candidate));
  if (candidates.length < 2) return undefined;
  const drep = g.random.pick(candidates);
  // The generator's DReps all registered with the deposit the network asks for.
  const deposit = g.parameters.drepDeposit;
  const funding = gather(g, FEE_RESERVE);
  if (funding === undefined) return undefined;
  const certificate = CSL.Certificate.new_drep_deregistration(
    CSL.DRepDeregistration.new(drep.credential, bigNum(deposit)),
  );
  const voters = new Set(
    g.state.ledger.drepDelegators(ledgerCredential(drep)).map(({ credential }) => credential),
  );
  const delegators = g.actors.accounts.filter((account) => voters.has(ledgerCredential(account).credential));
  return {
    draft: certificateDraft(funding, {
      certificates: [certificate],
      refunds: deposit,
      signers: [drep.witness],
    }),
    // The ledger clears the vote delegations to it: their accounts change.
    apply: () => delegators.forEach((account) => g.touchAccount(account.stakeAddress)),
  };
};

export type VoteTarget = 'registered' | 'abstain' | 'noConfidence' | 'any';

/**
 * Delegates a registered account's vote: to a registered key or script DRep, to always-abstain or to
 * always-no-confidence ('any': one of these at random).
 */
export function delegateVote(target: VoteTarget): Builder {
  return (g) => {
    const account = pickAccount(g, (summary) => summary !== undefined);
    if (account === undefined) return undefined;
    const candidates = g.actors.dreps.filter((candidate) => registered(g, candidate));
    const kind =
      target !== 'any'
        ? target
        : g.random.pick<VoteTarget>(
            candidates.length > 0
              ? ['registered', 'registered', 'abstain', 'noConfidence']
              : ['abstain', 'noConfidence'],
          );
    if (kind === 'registered' && candidates.length === 0) return undefined;
    const drep = kind === 'registered' ? candidates[g.random.int(candidates.length)]! : undefined;
    const cslTarget =
      drep !== undefined
        ? CSL.DRep.new_from_credential(drep.credential)
        : kind === 'abstain'
          ? CSL.DRep.new_always_abstain()
          : CSL.DRep.new_always_no_confidence();
    const funding = gather(g, FEE_RESERVE);
    if (funding === undefined) return undefined;
    const certificate = CSL.Certificate.new_vote_delegation(
      CSL.VoteDelegation.new(account.credential, cslTarget),
    );
    return {
      draft: certificateDraft(funding, { certificates: [certificate], signers: [account.witness] }),
      apply: (tx) => {
        g.state.updateAccount(account.stakeAddress, { voteDelegationTx: tx.ordinal });
        g.touchAccount(account.stakeAddress);
      },
    };
  };
}

function registered(g: Generation, drep: DRep): boolean {
  return g.state.ledger.drepRegistered(ledgerCredential(drep));
}
