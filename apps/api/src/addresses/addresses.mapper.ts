import type { AddressUtxoRow } from '@frostline/db';
import type { AddressUtxo } from '@frostline/model';

/** Lovelace first, then every asset of the output; tx_index repeats output_index (deprecated, still required). */
export function toAddressUtxo(row: AddressUtxoRow): AddressUtxo {
  return {
    address: row.address,
    tx_hash: row.tx_hash,
    tx_index: row.output_index,
    output_index: row.output_index,
    amount: [{ unit: 'lovelace', quantity: row.lovelace }, ...(row.assets ?? [])],
    block: row.block,
    data_hash: row.data_hash,
    inline_datum: row.inline_datum,
    reference_script_hash: row.reference_script_hash,
  };
}
