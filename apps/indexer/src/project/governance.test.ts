import { decodedTransaction, emptyBatch, hash28, hash32, txInBlock } from '../test-support/decoded.js';
import { projectGovernance } from './governance.js';

const returnAccount = 'e0' + hash28(0xa1);
const payee = 'f0' + hash28(0xb0);
const none = { previous: null, parameterUpdate: null, withdrawals: [], policyHash: null, description: null };

describe('projectGovernance', () => {
  it('writes proposals with their return address and treasury withdrawals, and votes with their voter', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      proposals: [
        {
          index: 0,
          deposit: 100_000_000_000n,
          returnAccount,
          action: { ...none, type: 'info_action' },
          anchor: { url: 'https://example.com/a.json', hash: hash32(1) },
        },
        {
          index: 1,
          deposit: 100_000_000_000n,
          returnAccount,
          action: {
            ...none,
            type: 'treasury_withdrawals',
            withdrawals: [{ rewardAccount: payee, amount: 5_000_000n }],
            policyHash: hash28(0xcc),
          },
          anchor: { url: 'https://example.com/b.json', hash: hash32(2) },
        },
      ],
      votes: [
        {
          index: 0,
          voterRole: 'drep',
          voter: { type: 'script', hash: hash28(0xd0) },
          action: { txHash: hash32(9), index: 1 },
          vote: 'yes',
          anchor: null,
        },
      ],
    });
    projectGovernance(state, txInBlock(tx, undefined, { txId: 7n }));
    expect(state.rows.stakeAddresses.map((s) => [s.id, s.hashRaw])).toEqual([
      [1n, returnAccount],
      [2n, payee],
    ]);
    expect(state.rows.proposals.map((p) => [p.id, p.txId, p.index, p.type, p.returnAddressId])).toEqual([
      [1n, 7n, 0, 'info_action', 1n],
      [2n, 7n, 1, 'treasury_withdrawals', 1n],
    ]);
    expect(state.rows.proposals[1]).toMatchObject({
      policyHash: hash28(0xcc),
      anchorUrl: 'https://example.com/b.json',
      anchorHash: hash32(2),
    });
    expect(state.rows.treasuryWithdrawals).toEqual([
      { id: 1n, txId: 7n, proposalId: 2n, stakeAddressId: 2n, amount: 5_000_000n },
    ]);
    expect(state.rows.votes).toEqual([
      {
        id: 1n,
        txId: 7n,
        index: 0,
        voterRole: 'drep',
        voterHash: hash28(0xd0),
        voterHasScript: true,
        govActionTxHash: hash32(9),
        govActionIndex: 1,
        vote: 'yes',
        anchorUrl: null,
        anchorHash: null,
      },
    ]);
  });
});
