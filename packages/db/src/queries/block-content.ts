/** The block columns, already in Blockfrost's field order and types (prisma/sql/fragments/block_content.sql). */
export interface BlockRow {
  time: number;
  height: number | null;
  hash: string;
  slot: number | null;
  epoch: number | null;
  epoch_slot: number | null;
  slot_leader: string;
  size: number;
  tx_count: number;
  output: string | null;
  fees: string | null;
  block_vrf: string | null;
  op_cert: string | null;
  op_cert_counter: string | null;
  previous_block: string | null;
  next_block: string | null;
  confirmations: number;
}
