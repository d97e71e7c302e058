import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { convertTransaction, type OgmiosTransaction } from '../../convert/index.js';

// `(program 1.1.0 (lam x (con unit ())))` flat-encoded inside a CBOR byte string: an always-succeeding
// Plutus V3 validator (as in packages/evaluator's V3 test).
const script = CSL.PlutusScript.new_v3(Buffer.from('450101002499', 'hex'));
const scriptAddress = CSL.EnterpriseAddress.new(
  0,
  CSL.Credential.from_scripthash(script.hash()),
).to_address();
const lovelace = (amount: number) => CSL.BigNum.from_str(String(amount));
const input = (id: string, index: number) =>
  CSL.TransactionInput.new(CSL.TransactionHash.from_hex(id), index);

/** A transaction locking 10 ada at the script (inline unit datum), as the Ogmios JSON of a block. */
export function lockAtScript(from: { transaction: { id: string }; index: number }): OgmiosTransaction {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(input(from.transaction.id, from.index));
  const locked = CSL.TransactionOutput.new(scriptAddress, CSL.Value.new(lovelace(10_000_000)));
  locked.set_plutus_data(CSL.PlutusData.from_hex('d87980'));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(locked);
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, lovelace(200_000));
  const transaction = CSL.Transaction.new(body, CSL.TransactionWitnessSet.new());
  return convertTransaction(transaction.to_bytes(), 'conway');
}

/** Spends output 0 of `lockId` with the script (witnessed in the transaction) and a unit redeemer. */
export function spendFromScript(lockId: string): string {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(input(lockId, 0));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(scriptAddress, CSL.Value.new(lovelace(9_000_000))));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, lovelace(1_000_000));
  const scripts = CSL.PlutusScripts.new();
  scripts.add(script);
  const redeemers = CSL.Redeemers.new();
  const zero = CSL.BigNum.zero();
  redeemers.add(
    CSL.Redeemer.new(
      CSL.RedeemerTag.new_spend(),
      zero,
      CSL.PlutusData.from_hex('d87980'),
      CSL.ExUnits.new(zero, zero),
    ),
  );
  const witnesses = CSL.TransactionWitnessSet.new();
  witnesses.set_plutus_scripts(scripts);
  witnesses.set_redeemers(redeemers);
  return CSL.Transaction.new(body, witnesses).to_hex();
}
