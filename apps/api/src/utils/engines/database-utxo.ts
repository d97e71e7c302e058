import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { LiveUtxoRow } from '@frostline/db';
import type { NativeScriptJson, PlutusLanguage, ScriptJson, UtxoJson, ValueJson } from '@frostline/evaluator';

/** An unspent output as the indexer stored it, in the Ogmios v6 `Utxo` shape the evaluator resolves. */
export function toUtxoJson(row: LiveUtxoRow): UtxoJson {
  const utxo: UtxoJson = {
    transaction: { id: row.tx_hash },
    index: row.index,
    address: row.address,
    value: toValue(row),
  };
  // data_hash is also filled for inline datums (db-sync rule); Ogmios gives one or the other.
  if (row.inline_datum !== null) utxo.datum = row.inline_datum;
  else if (row.data_hash !== null) utxo.datumHash = row.data_hash;
  if (row.script_language !== null && row.script_bytes !== null) {
    utxo.script = toScript(row.script_language, row.script_bytes);
  }
  return utxo;
}

function toValue(row: LiveUtxoRow): ValueJson {
  const value: ValueJson = { ada: { lovelace: BigInt(row.lovelace) } };
  for (const { policy, name, quantity } of row.assets ?? []) {
    value[policy] = { ...value[policy], [name]: BigInt(quantity) };
  }
  return value;
}

function toScript(language: string, bytes: string): ScriptJson {
  if (language !== 'native') return { language: language as PlutusLanguage, cbor: bytes };
  // The stored bytes are the native script's CBOR; the evaluator builds native scripts from Ogmios' JSON.
  return { language: 'native', json: nativeScriptJson(CSL.NativeScript.from_hex(bytes)), cbor: bytes };
}

function nativeScriptJson(script: CSL.NativeScript): NativeScriptJson {
  const list = (scripts: CSL.NativeScripts): NativeScriptJson[] =>
    Array.from({ length: scripts.len() }, (_, i) => nativeScriptJson(scripts.get(i)));
  switch (script.kind()) {
    case CSL.NativeScriptKind.ScriptPubkey:
      return { clause: 'signature', from: script.as_script_pubkey()!.addr_keyhash().to_hex() };
    case CSL.NativeScriptKind.ScriptAll:
      return { clause: 'all', from: list(script.as_script_all()!.native_scripts()) };
    case CSL.NativeScriptKind.ScriptAny:
      return { clause: 'any', from: list(script.as_script_any()!.native_scripts()) };
    case CSL.NativeScriptKind.ScriptNOfK: {
      const nOfK = script.as_script_n_of_k()!;
      return { clause: 'some', atLeast: nOfK.n(), from: list(nOfK.native_scripts()) };
    }
    case CSL.NativeScriptKind.TimelockStart:
      return { clause: 'after', slot: Number(script.as_timelock_start()!.slot_bignum().to_str()) };
    case CSL.NativeScriptKind.TimelockExpiry:
      return { clause: 'before', slot: Number(script.as_timelock_expiry()!.slot_bignum().to_str()) };
  }
}
