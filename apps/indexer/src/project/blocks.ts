import {
  poolIdFromHash,
  shelleyGenesisSlotLeader,
  type BlockIssuer,
  type DecodedBlock,
} from '@frostline/model';
import type { BatchState, TxInBlock } from './batch-state.js';
import { transactionDetailColumns } from './transactions.js';

/**
 * Blockfrost's `slot_leader`: who made the block. A Shelley-or-later block is made by a stake pool
 * unless its issuer is one of the Shelley genesis delegates (the BFT overlay of the early Shelley
 * eras), which the genesis names: the rule needs no history, so it holds after a mid-chain start.
 */
export function slotLeader(issuer: BlockIssuer, genesisDelegates: ReadonlySet<string>): string {
  switch (issuer.kind) {
    case 'praos':
      return genesisDelegates.has(issuer.coldKeyHash)
        ? shelleyGenesisSlotLeader(issuer.coldKeyHash)
        : poolIdFromHash(issuer.coldKeyHash);
    case 'byron':
      return issuer.slotLeader;
    case 'genesis':
      return 'Genesis slot leader';
    case 'ebb':
      return 'Epoch boundary slot leader';
  }
}

/** Lovelace totals of a block's transactions; null for a block without transactions, as db-sync. */
export interface BlockTotals {
  outSum: bigint | null;
  fees: bigint | null;
}

/**
 * The transaction's row. Byron transactions carry no fee, nor do invalid ones without
 * totalCollateral: their fee is inputs − outputs (0 when an input is unknown). Returns the fee.
 */
export function projectTransaction(
  state: BatchState,
  { blockId, tx, txId, blockIndex }: TxInBlock,
  spentValue: bigint | null,
  outSum: bigint,
): bigint {
  const fee = tx.fee ?? (spentValue === null ? 0n : spentValue - outSum);
  state.rows.txs.push({
    id: txId,
    hash: tx.hash,
    blockId,
    blockIndex,
    valid: tx.valid,
    fee,
    outSum,
    ...transactionDetailColumns(tx, spentValue, outSum, fee),
  });
  return fee;
}

export function projectBlock(
  state: BatchState,
  block: DecodedBlock,
  blockId: bigint,
  totals: BlockTotals,
  leader: string,
): void {
  const praos = block.issuer.kind === 'praos' ? block.issuer : null;
  state.rows.blocks.push({
    id: blockId,
    hash: block.hash,
    height: block.height,
    slot: block.slot,
    isEbb: block.isEbb,
    epoch: block.epoch,
    epochSlot: block.epochSlot,
    time: block.time,
    size: block.size,
    txCount: block.transactions.length,
    outSum: totals.outSum,
    fees: totals.fees,
    slotLeader: leader,
    blockVrf: praos?.vrfKey ?? null,
    opCert: praos?.opCert ?? null,
    opCertCounter: praos?.opCertCounter ?? null,
    previousHash: block.previousHash,
    era: block.era,
  });
}
