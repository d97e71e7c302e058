import { decodeStakeAddress, rewardAddressBech32ToHex, type Certificate } from '@frostline/model';
import type { BatchState, TxInBlock } from './batch-state.js';
import { pointerKey } from './keys.js';

/**
 * What the transaction does to stake accounts and pools: certificates (registrations, delegations
 * to pools and DReps, pool registrations, MIRs), withdrawals, and the stake addresses governance
 * proposals name. DRep and committee certificates: governance-certificates.ts.
 */
export function projectAccounts(state: BatchState, at: TxInBlock): void {
  const { blockId, tx, txId } = at;
  for (const cert of tx.certificates) projectCertificate(state, at, cert);
  for (const withdrawal of tx.withdrawals) {
    const raw = rewardAddressBech32ToHex(withdrawal.rewardAddress);
    if (!raw) continue;
    const stakeAddressId = state.stakeAddressId(raw, blockId);
    state.rows.rewardAccounts.add(stakeAddressId);
    state.rows.withdrawals.push({
      id: state.ids.take('withdrawal'),
      txId,
      stakeAddressId,
      amount: withdrawal.amount,
    });
  }
  for (const address of tx.proposalStakeAddresses) {
    if (decodeStakeAddress(address)) state.stakeAddressId(rewardAddressBech32ToHex(address)!, blockId);
  }
}

function projectCertificate(
  state: BatchState,
  { block, blockId, txId, blockIndex }: TxInBlock,
  cert: Certificate,
) {
  const { rows, ids } = state;
  const certIndex = cert.index;
  switch (cert.kind) {
    case 'stakeRegistration':
    case 'stakeDeregistration': {
      const stakeAddressId = state.rewardAccountId(cert.credential, blockId);
      const deregistration = cert.kind === 'stakeDeregistration';
      rows.stakeRegistrations.push({
        id: ids.take('stake_registration'),
        txId,
        certIndex,
        stakeAddressId,
        deregistration,
      });
      // Later outputs of the batch may point to this registration.
      if (!deregistration)
        state.pointers.set(pointerKey({ slot: block.slot, txIndex: blockIndex, certIndex }), stakeAddressId);
      break;
    }
    case 'stakeDelegation':
      rows.delegations.push({
        id: ids.take('delegation'),
        txId,
        certIndex,
        stakeAddressId: state.rewardAccountId(cert.credential, blockId),
        poolHash: cert.poolHash,
      });
      break;
    case 'voteDelegation':
      rows.voteDelegations.push({
        id: ids.take('delegation_vote'),
        txId,
        certIndex,
        stakeAddressId: state.rewardAccountId(cert.credential, blockId),
        drepKind: cert.drep.kind,
        drepHash: 'hash' in cert.drep ? cert.drep.hash : null,
      });
      break;
    case 'poolRegistration':
      rows.poolRegistrations.push({
        id: ids.take('pool_registration'),
        txId,
        certIndex,
        poolHash: cert.poolHash,
      });
      state.stakeAddressId(cert.rewardAccount, blockId);
      for (const owner of cert.owners) state.rewardAccountId({ type: 'key', hash: owner }, blockId);
      break;
    case 'poolRetirement':
      rows.poolRetirements.push({
        id: ids.take('pool_retire'),
        txId,
        certIndex,
        poolHash: cert.poolHash,
        retiringEpoch: cert.epoch,
      });
      break;
    case 'mir':
      for (const reward of cert.rewards) {
        rows.mirs.push({
          id: ids.take('mir'),
          txId,
          certIndex,
          stakeAddressId: state.rewardAccountId(reward.credential, blockId),
          pot: cert.pot,
          amount: reward.amount,
        });
      }
      break;
  }
}
