import type { BatchState, TxInBlock } from './batch-state.js';

/**
 * A transaction's governance procedures: its proposals with their treasury withdrawals, and its votes. Invalid
 * transactions carry none (the decoder keeps none for them, as db-sync).
 */
export function projectGovernance(state: BatchState, { blockId, tx, txId }: TxInBlock): void {
  const { rows, ids } = state;
  for (const proposal of tx.proposals) {
    const { action } = proposal;
    const proposalId = ids.take('gov_action_proposal');
    rows.proposals.push({
      id: proposalId,
      txId,
      index: proposal.index,
      deposit: proposal.deposit,
      returnAddressId: state.stakeAddressId(proposal.returnAccount, blockId),
      type: action.type,
      prevTxHash: action.previous?.txHash ?? null,
      prevIndex: action.previous?.index ?? null,
      paramUpdate: action.parameterUpdate,
      policyHash: action.policyHash,
      anchorUrl: proposal.anchor.url,
      anchorHash: proposal.anchor.hash,
    });
    for (const withdrawal of action.withdrawals) {
      rows.treasuryWithdrawals.push({
        id: ids.take('treasury_withdrawal'),
        txId,
        proposalId,
        stakeAddressId: state.stakeAddressId(withdrawal.rewardAccount, blockId),
        amount: withdrawal.amount,
      });
    }
  }
  for (const vote of tx.votes) {
    rows.votes.push({
      id: ids.take('voting_procedure'),
      txId,
      index: vote.index,
      voterRole: vote.voterRole,
      voterHash: vote.voter.hash,
      voterHasScript: vote.voter.type === 'script',
      govActionTxHash: vote.action.txHash,
      govActionIndex: vote.action.index,
      vote: vote.vote,
      anchorUrl: vote.anchor?.url ?? null,
      anchorHash: vote.anchor?.hash ?? null,
    });
  }
}
