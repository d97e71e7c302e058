import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder } from '../context.js';
import { blake2b256 } from '../keys.js';
import { bigNum } from '../tx.js';
import { FEE_RESERVE, certificateDraft, gather } from './funding.js';
import { pickAccount } from './stake.js';

/** Registers a DRep that is not registered (again), with an anchor. */
export const registerDRep: Builder = (g) => {
  const drep = g.actors.dreps.find((candidate) => g.state.dreps.get(candidate.index)?.registered !== true);
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
    apply: (tx) => g.state.dreps.set(drep.index, { registered: true, registrationTx: tx.ordinal, deposit }),
  };
};

/** Retires a registered DRep: delegations to it stop counting (until a later delegation after re-registration). */
export const retireDRep: Builder = (g) => {
  const registered = g.actors.dreps.filter(
    (candidate) => g.state.dreps.get(candidate.index)?.registered === true,
  );
  if (registered.length < 2) return undefined;
  const drep = g.random.pick(registered);
  const record = g.state.dreps.get(drep.index)!;
  const funding = gather(g, FEE_RESERVE);
  if (funding === undefined) return undefined;
  const certificate = CSL.Certificate.new_drep_deregistration(
    CSL.DRepDeregistration.new(drep.credential, bigNum(record.deposit)),
  );
  return {
    draft: certificateDraft(funding, {
      certificates: [certificate],
      refunds: record.deposit,
      signers: [drep.witness],
    }),
    apply: () => {
      g.state.dreps.set(drep.index, { ...record, registered: false });
      for (const [stakeAddress, account] of g.state.accounts)
        if (account.drep?.drepIndex === drep.index) g.touchAccount(stakeAddress);
    },
  };
};

export type VoteTarget = 'registered' | 'abstain' | 'noConfidence' | 'any';

/**
 * Delegates a registered account's vote: to a registered key or script DRep, to always-abstain or to
 * always-no-confidence ('any': one of these at random).
 */
export function delegateVote(target: VoteTarget): Builder {
  return (g) => {
    const account = pickAccount(g, (record) => record.registered);
    if (account === undefined) return undefined;
    const registered = g.actors.dreps.filter(
      (candidate) => g.state.dreps.get(candidate.index)?.registered === true,
    );
    const kind =
      target !== 'any'
        ? target
        : g.random.pick<VoteTarget>(
            registered.length > 0
              ? ['registered', 'registered', 'abstain', 'noConfidence']
              : ['abstain', 'noConfidence'],
          );
    if (kind === 'registered' && registered.length === 0) return undefined;
    const drep = kind === 'registered' ? registered[g.random.int(registered.length)]! : undefined;
    const cslTarget =
      drep !== undefined
        ? CSL.DRep.new_from_credential(drep.credential)
        : kind === 'abstain'
          ? CSL.DRep.new_always_abstain()
          : CSL.DRep.new_always_no_confidence();
    const id = drep?.id ?? (kind === 'abstain' ? 'drep_always_abstain' : 'drep_always_no_confidence');
    const funding = gather(g, FEE_RESERVE);
    if (funding === undefined) return undefined;
    const certificate = CSL.Certificate.new_vote_delegation(
      CSL.VoteDelegation.new(account.credential, cslTarget),
    );
    return {
      draft: certificateDraft(funding, { certificates: [certificate], signers: [account.witness] }),
      apply: (tx) => {
        g.state.updateAccount(account.stakeAddress, {
          drep: { id, ...(drep === undefined ? {} : { drepIndex: drep.index }), txOrdinal: tx.ordinal },
        });
        g.touchAccount(account.stakeAddress);
      },
    };
  };
}
