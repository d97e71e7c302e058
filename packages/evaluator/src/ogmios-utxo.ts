import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { ResolvedUtxo } from './evaluate.js';
import type { NativeScriptJson, RpcError, ScriptJson, UtxoJson, ValueJson } from './ogmios-types.js';

export type ResolvedUtxos = { ok: true; utxos: ResolvedUtxo[] } | { ok: false; error: RpcError };

/**
 * CBOR pairs for `evaluate` from Ogmios v6 `Utxo` objects (the devnet's and a proxy's
 * `additionalUtxo`, or UTxOs a caller looked up). An entry CSL rejects gives -32602, which is how
 * Ogmios answers params it cannot read.
 */
export function resolveOgmiosUtxos(utxos: readonly UtxoJson[]): ResolvedUtxos {
  const resolved: ResolvedUtxo[] = [];
  for (const utxo of utxos) {
    try {
      resolved.push({ input: encodeInput(utxo), output: encodeOutput(utxo) });
    } catch (error) {
      const reference = `${utxo.transaction.id}#${utxo.index}`;
      return {
        ok: false,
        error: { code: -32602, message: `Invalid additional UTxO ${reference}: ${String(error)}` },
      };
    }
  }
  return { ok: true, utxos: resolved };
}

function encodeInput(utxo: UtxoJson): Uint8Array {
  return CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.transaction.id), utxo.index).to_bytes();
}

function encodeOutput(utxo: UtxoJson): Uint8Array {
  const output = CSL.TransactionOutput.new(address(utxo.address), value(utxo.value));
  if (utxo.datumHash !== undefined) output.set_data_hash(CSL.DataHash.from_hex(utxo.datumHash));
  if (utxo.datum !== undefined) output.set_plutus_data(CSL.PlutusData.from_hex(utxo.datum));
  if (utxo.script !== undefined) output.set_script_ref(scriptRef(utxo.script));
  return output.to_bytes();
}

// Byron addresses are base58 in Ogmios JSON, everything later is bech32.
function address(text: string): CSL.Address {
  return CSL.ByronAddress.is_valid(text)
    ? CSL.ByronAddress.from_base58(text).to_address()
    : CSL.Address.from_bech32(text);
}

function value(json: ValueJson): CSL.Value {
  const { ada, ...policies } = json;
  const result = CSL.Value.new(CSL.BigNum.from_str(ada.lovelace.toString()));
  const multiAsset = CSL.MultiAsset.new();
  for (const [policy, tokens] of Object.entries(policies)) {
    const assets = CSL.Assets.new();
    for (const [name, quantity] of Object.entries(tokens)) {
      assets.insert(CSL.AssetName.new(Buffer.from(name, 'hex')), CSL.BigNum.from_str(quantity.toString()));
    }
    multiAsset.insert(CSL.ScriptHash.from_hex(policy), assets);
  }
  if (multiAsset.len() > 0) result.set_multiasset(multiAsset);
  return result;
}

const PLUTUS_LANGUAGES = {
  'plutus:v1': () => CSL.Language.new_plutus_v1(),
  'plutus:v2': () => CSL.Language.new_plutus_v2(),
  'plutus:v3': () => CSL.Language.new_plutus_v3(),
};

function scriptRef(script: ScriptJson): CSL.ScriptRef {
  if (script.language === 'native') return CSL.ScriptRef.new_native_script(nativeScript(script.json));
  // Ogmios' `cbor` is the script as the ledger hashes it (the flat program inside a CBOR byte
  // string); new_with_version keeps those bytes as they are, from_bytes would strip the byte string.
  const language = PLUTUS_LANGUAGES[script.language]();
  return CSL.ScriptRef.new_plutus_script(
    CSL.PlutusScript.new_with_version(Buffer.from(script.cbor, 'hex'), language),
  );
}

function nativeScript(json: NativeScriptJson): CSL.NativeScript {
  const list = (from: NativeScriptJson[]): CSL.NativeScripts => {
    const scripts = CSL.NativeScripts.new();
    from.forEach((item) => scripts.add(nativeScript(item)));
    return scripts;
  };
  switch (json.clause) {
    case 'signature':
      return CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(CSL.Ed25519KeyHash.from_hex(json.from)));
    case 'all':
      return CSL.NativeScript.new_script_all(CSL.ScriptAll.new(list(json.from)));
    case 'any':
      return CSL.NativeScript.new_script_any(CSL.ScriptAny.new(list(json.from)));
    case 'some':
      return CSL.NativeScript.new_script_n_of_k(CSL.ScriptNOfK.new(json.atLeast, list(json.from)));
    case 'after':
      return CSL.NativeScript.new_timelock_start(
        CSL.TimelockStart.new_timelockstart(CSL.BigNum.from_str(String(json.slot))),
      );
    case 'before':
      return CSL.NativeScript.new_timelock_expiry(
        CSL.TimelockExpiry.new_timelockexpiry(CSL.BigNum.from_str(String(json.slot))),
      );
  }
}
