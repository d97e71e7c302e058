import type { NativeScriptJson, ScriptJson, UtxoJson, ValueJson } from './ogmios-types.js';
import type { EvaluateRequestV5, NativeScriptV5, ScriptV5, TxInV5, TxOutV5 } from './ogmios-v5-types.js';

/**
 * `evaluateTransaction` params for Ogmios v6, from a parsed v5 request (the field mapping of
 * docs/ogmios.md#the-v5-evaluation-format).
 */
export function toEvaluateTransactionParams(request: EvaluateRequestV5): {
  transaction: { cbor: string };
  additionalUtxo: UtxoJson[];
} {
  return {
    transaction: { cbor: request.cbor },
    additionalUtxo: request.additionalUtxoSet.map(([input, output]) => toUtxo(input, output)),
  };
}

export function toUtxo(input: TxInV5, output: TxOutV5): UtxoJson {
  return {
    transaction: { id: input.txId },
    index: input.index,
    address: output.address,
    value: toValue(output.value),
    ...(output.datumHash !== undefined && { datumHash: output.datumHash }),
    ...(output.datum !== undefined && { datum: output.datum }),
    ...(output.script !== undefined && { script: toScript(output.script) }),
  };
}

function toValue(value: TxOutV5['value']): ValueJson {
  const result: ValueJson = { ada: { lovelace: value.coins } };
  for (const [key, quantity] of Object.entries(value.assets ?? {})) {
    const [policy, name = ''] = key.split('.');
    result[policy] = { ...result[policy], [name]: quantity };
  }
  return result;
}

function toScript(script: ScriptV5): ScriptJson {
  if ('native' in script) return { language: 'native', json: toNativeScript(script.native) };
  const [[language, cbor]] = Object.entries(script) as [['plutus:v1' | 'plutus:v2' | 'plutus:v3', string]];
  return { language, cbor };
}

function toNativeScript(script: NativeScriptV5): NativeScriptJson {
  if (typeof script === 'string') return { clause: 'signature', from: script };
  const [[clause, body]] = Object.entries(script);
  switch (clause) {
    case 'all':
    case 'any':
      return { clause, from: (body as NativeScriptV5[]).map(toNativeScript) };
    case 'expiresAt':
      return { clause: 'before', slot: body as number };
    case 'startsAt':
      return { clause: 'after', slot: body as number };
    default:
      return {
        clause: 'some',
        atLeast: Number(clause),
        from: (body as NativeScriptV5[]).map(toNativeScript),
      };
  }
}
