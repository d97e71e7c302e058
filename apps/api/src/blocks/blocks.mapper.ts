import type { BlockAddressRow, BlockRow, BlockTxCborRow } from '@frostline/db';
import type { Block, BlockAddress, BlockTxCbor } from '@frostline/model';

/** Copies the row into Blockfrost's field order (the SQL already casts every type). */
export function toBlock(row: BlockRow): Block {
  return {
    time: row.time,
    height: row.height,
    hash: row.hash,
    slot: row.slot,
    epoch: row.epoch,
    epoch_slot: row.epoch_slot,
    slot_leader: row.slot_leader,
    size: row.size,
    tx_count: row.tx_count,
    output: row.output,
    fees: row.fees,
    block_vrf: row.block_vrf,
    op_cert: row.op_cert,
    op_cert_counter: row.op_cert_counter,
    previous_block: row.previous_block,
    next_block: row.next_block,
    confirmations: row.confirmations,
  };
}

export function toBlockTxCbor(row: BlockTxCborRow): BlockTxCbor {
  return { tx_hash: row.tx_hash, cbor: row.cbor };
}

/** The SQL builds `transactions` in Blockfrost's shape already. */
export function toBlockAddress(row: BlockAddressRow): BlockAddress {
  return { address: row.address, transactions: row.transactions };
}
