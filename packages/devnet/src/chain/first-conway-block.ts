/**
 * A chain's first block, Conway (protocol 10) at slot 400 and height 1, holding `transactions` (Ogmios JSON):
 * the start of a chain to submit transactions after, for a devnet started on it (a `chain.blocks` entry or a
 * chain file line).
 */
export function firstConwayBlock(transactions: object[] = []) {
  return {
    type: 'praos',
    era: 'conway',
    id: 'f0'.repeat(32),
    ancestor: 'genesis',
    height: 1,
    slot: 400,
    size: { bytes: 0 },
    protocol: { version: { major: 10, minor: 0 } },
    transactions,
  };
}
