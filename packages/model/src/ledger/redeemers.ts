import type { OgmiosTransaction } from './ogmios-types.js';

/** Blockfrost's (db-sync's) names of the purposes Ogmios v6 calls publish and withdraw. */
const PURPOSES = {
  spend: 'spend',
  mint: 'mint',
  publish: 'cert',
  withdraw: 'reward',
  vote: 'vote',
  propose: 'propose',
} as const;

export type RedeemerPurpose = (typeof PURPOSES)[keyof typeof PURPOSES];

export interface DecodedRedeemer {
  /** the index the redeemer points at among the inputs, policies, certificates… of its purpose */
  index: number;
  purpose: RedeemerPurpose;
  memory: bigint;
  cpu: bigint;
}

/** A valid transaction's redeemers in Ogmios' (the ledger's) order; none for an invalid one, as db-sync. */
export function decodeRedeemers(tx: OgmiosTransaction): DecodedRedeemer[] {
  if (tx.spends !== 'inputs') return [];
  return (tx.redeemers ?? []).map(({ validator, executionUnits }) => ({
    index: validator.index,
    purpose: PURPOSES[validator.purpose],
    memory: BigInt(executionUnits.memory),
    cpu: BigInt(executionUnits.cpu),
  }));
}
