import type { GovActionType } from './ledger/governance.js';

/** What the chain and the snapshots tell of a proposal's end (docs/semantics.md#governance-proposals). */
export interface ProposalEvidence {
  type: GovActionType;
  expiration: number | null;
  /** the epoch at whose start the ledger no longer held it, when the snapshots of that epoch and the one before tell it */
  removedAt: number | null;
  /** a proposal proposed at or after the removal, or live in a snapshot from then on, names it as its previous action */
  namedAfterRemoval: boolean;
  /** a sibling (same purpose, same previous action) was live after the removal, or named so */
  siblingOutlived: boolean;
}

export interface ProposalOutcome {
  ratified_epoch: number | null;
  enacted_epoch: number | null;
  dropped_epoch: number | null;
  expired_epoch: number | null;
}

const UNKNOWN: ProposalOutcome = {
  ratified_epoch: null,
  enacted_epoch: null,
  dropped_epoch: null,
  expired_epoch: null,
};

/** Blockfrost's four epochs of a proposal where what is stored makes them certain; all null otherwise. */
export function proposalOutcome(evidence: ProposalEvidence): ProposalOutcome {
  const { type, expiration, removedAt } = evidence;
  if (removedAt === null) return UNKNOWN;
  const leftBeforeExpiring = expiration !== null && removedAt - 1 < expiration;
  const enacted = evidence.namedAfterRemoval || (type === 'treasury_withdrawals' && leftBeforeExpiring);
  const notEnacted = type === 'info_action' || evidence.siblingOutlived;
  if (enacted && !notEnacted) return { ...UNKNOWN, ratified_epoch: removedAt - 1, enacted_epoch: removedAt };
  if (notEnacted && !enacted) {
    const expired = expiration === removedAt - 1 ? expiration : null;
    return { ...UNKNOWN, dropped_epoch: removedAt, expired_epoch: expired };
  }
  return UNKNOWN;
}
