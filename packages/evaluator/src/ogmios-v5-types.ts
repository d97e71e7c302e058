// Ogmios v5 (JSON-WSP) shapes of EvaluateTx, as Blockfrost speaks them (docs/ogmios.md#the-v5-evaluation-format).
// Values are the normalised form produced by parseEvaluateRequest: lenient client spellings are already
// resolved.

export interface TxInV5 {
  txId: string;
  index: number;
}

/** v5 native script: a key hash, all/any lists, `{"<n>": [...]}` n-of-k, or a time lock. */
export type NativeScriptV5 =
  | string
  | { all: NativeScriptV5[] }
  | { any: NativeScriptV5[] }
  | { expiresAt: number }
  | { startsAt: number }
  | { [atLeast: string]: NativeScriptV5[] };

export type ScriptV5 =
  { 'plutus:v1': string } | { 'plutus:v2': string } | { 'plutus:v3': string } | { native: NativeScriptV5 };

export interface TxOutV5 {
  address: string;
  /** Asset keys are `<policyId>.<assetNameHex>`, or `<policyId>` for the empty asset name. */
  value: { coins: bigint; assets?: Record<string, bigint> };
  datumHash?: string;
  /** Inline datum, CBOR hex. */
  datum?: string;
  /** Plutus scripts hold the ledger script bytes, any `[language, bytes]`/tag-24 wrapper removed. */
  script?: ScriptV5;
}

export interface EvaluateRequestV5 {
  /** Transaction CBOR, hex. */
  cbor: string;
  additionalUtxoSet: [TxInV5, TxOutV5][];
}

export interface ExecutionUnitsV5 {
  memory: number;
  steps: number;
}

export type EvaluationResultV5 =
  { EvaluationResult: Record<string, ExecutionUnitsV5> } | { EvaluationFailure: Record<string, unknown> };
