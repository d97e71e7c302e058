// Ogmios v6 JSON shapes used by evaluateTransaction (docs/ogmios.md#evaluating-a-transaction-v6). Only
// what this package produces or consumes is modelled here.

export type RedeemerPurpose = 'spend' | 'mint' | 'publish' | 'withdraw' | 'vote' | 'propose';

export interface Validator {
  purpose: RedeemerPurpose;
  index: number;
}

export interface ExecutionUnits {
  memory: number;
  cpu: number;
}

export interface EvaluationItem {
  validator: Validator;
  budget: ExecutionUnits;
}

export interface RpcError<D = unknown> {
  code: number;
  message: string;
  data?: D;
}

export interface ScriptFailure {
  validator: Validator;
  error: RpcError;
}

export type EvaluationOutcome = { result: EvaluationItem[] } | { error: RpcError };

export interface OutputReference {
  transaction: { id: string };
  index: number;
}

export type PlutusLanguage = 'plutus:v1' | 'plutus:v2' | 'plutus:v3';

/** v6 native script JSON (cardano.json `Script<Native>.json`). */
export type NativeScriptJson =
  | { clause: 'signature'; from: string }
  | { clause: 'all' | 'any'; from: NativeScriptJson[] }
  | { clause: 'some'; atLeast: number; from: NativeScriptJson[] }
  | { clause: 'before' | 'after'; slot: number };

export type ScriptJson =
  { language: 'native'; json: NativeScriptJson; cbor?: string } | { language: PlutusLanguage; cbor: string };

/** Quantities are bigint: lovelace and token amounts can exceed 2^53. */
export interface ValueJson {
  ada: { lovelace: bigint };
  [policyId: string]: { [assetName: string]: bigint };
}

/** v6 `Utxo` item, as in `evaluateTransaction.params.additionalUtxo`. */
export interface UtxoJson extends OutputReference {
  address: string;
  value: ValueJson;
  datumHash?: string;
  datum?: string;
  script?: ScriptJson;
}

/** `queryLedgerState/protocolParameters.plutusCostModels`. */
export type PlutusCostModels = Partial<Record<PlutusLanguage, readonly (number | bigint)[]>>;
