import type { AddressRow, AddressUtxoRow } from '@frostline/db';
import {
  bech32Prefix,
  decodeShelleyAddress,
  stakeAddressFromCredential,
  type AddressContent,
  type AddressParam,
  type AddressUtxo,
} from '@frostline/model';

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

/**
 * The stake address Blockfrost shows for an address: a base address's own stake part, a pointer address's
 * resolved one (from its outputs), none for enterprise and Byron addresses or a payment credential.
 */
function stakeAddressOf(param: AddressParam, row: AddressRow): string | null {
  if (param.kind !== 'address' || param.era === 'byron') return null;
  const decoded = decodeShelleyAddress(param.address);
  if (decoded?.type === 'base') return stakeAddressFromCredential(decoded.stake, decoded.networkId);
  return decoded?.type === 'pointer' ? row.live_stake_address : null;
}

/** Whether the selection's payment credential is a script (a Byron address's never is). */
function isScript(input: string, param: AddressParam): boolean {
  if (param.kind === 'paymentCredential') return bech32Prefix(input) === 'script';
  if (param.era === 'byron') return false;
  const decoded = decodeShelleyAddress(param.address);
  return decoded !== null && 'payment' in decoded && decoded.payment.type === 'script';
}

/** The selection as RYO answers it, under the address asked for (a payment credential in its bech32 form). */
export function toAddressContent(input: string, param: AddressParam, row: AddressRow): AddressContent {
  return {
    address: input,
    amount: [{ unit: 'lovelace', quantity: row.lovelace }, ...(row.assets ?? [])],
    stake_address: stakeAddressOf(param, row),
    type: param.kind === 'address' ? param.era : 'shelley',
    script: isScript(input, param),
  };
}
