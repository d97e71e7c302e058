import { proposalOutcome, type ProposalEvidence } from './proposal-outcome.js';

const evidence = (fields: Partial<ProposalEvidence>): ProposalEvidence => ({
  type: 'parameter_change',
  expiration: 172,
  removedAt: 173,
  namedAfterRemoval: false,
  siblingOutlived: false,
  ...fields,
});
const none = { ratified_epoch: null, enacted_epoch: null, dropped_epoch: null, expired_epoch: null };

describe('proposalOutcome', () => {
  // blockfrost-tests' preprod info action: expiration 172, expired 172, dropped 173.
  it('an information action that left was never enacted: dropped, and expired when it left after its last epoch', () => {
    expect(proposalOutcome(evidence({ type: 'info_action' }))).toEqual({
      ...none,
      dropped_epoch: 173,
      expired_epoch: 172,
    });
  });

  // blockfrost-tests' preprod hard fork: ratified 180, enacted 181.
  it('a proposal a later one builds on was enacted at the boundary it left at, ratified in the epoch before', () => {
    expect(
      proposalOutcome(
        evidence({ type: 'hard_fork_initiation', expiration: 185, removedAt: 181, namedAfterRemoval: true }),
      ),
    ).toEqual({ ...none, ratified_epoch: 180, enacted_epoch: 181 });
  });

  it('a treasury withdrawal that left before expiring was enacted; one that left after its last epoch is unknown', () => {
    expect(proposalOutcome(evidence({ type: 'treasury_withdrawals', removedAt: 170 }))).toEqual({
      ...none,
      ratified_epoch: 169,
      enacted_epoch: 170,
    });
    expect(proposalOutcome(evidence({ type: 'treasury_withdrawals', removedAt: 173 }))).toEqual(none);
  });

  it('a proposal whose sibling outlived it was dropped, not expired when it left before its last epoch', () => {
    expect(proposalOutcome(evidence({ removedAt: 165, siblingOutlived: true }))).toEqual({
      ...none,
      dropped_epoch: 165,
    });
  });

  it('is unknown without a witness either way, or without the snapshots around its removal', () => {
    expect(proposalOutcome(evidence({}))).toEqual(none);
    expect(proposalOutcome(evidence({ removedAt: null, type: 'info_action' }))).toEqual(none);
  });
});
