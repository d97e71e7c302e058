// The subset of Ogmios v6 block/transaction JSON (docs/ogmios.md#blocks, docs/ogmios.md#transactions) the
// ledger decoders read. Kept structural and local so the model needs no Ogmios dependency. Amounts are
// bigint when parsed by @cardano-ogmios/client and number when parsed by JSON.parse: both are accepted.

export type Amount = bigint | number;

export interface OgmiosPoint {
  slot: number;
  id: string;
}

export interface OgmiosValue {
  ada: { lovelace: Amount };
  [policyId: string]: { [assetName: string]: Amount };
}

export interface OgmiosScript {
  language: 'native' | 'plutus:v1' | 'plutus:v2' | 'plutus:v3';
  cbor?: string;
  json?: unknown;
}

export interface OgmiosOutput {
  address: string;
  value: OgmiosValue;
  datumHash?: string;
  datum?: string;
  script?: OgmiosScript;
}

export interface OgmiosOutputReference {
  transaction: { id: string };
  index: number;
}

export interface OgmiosMetadatum {
  json?: unknown;
  cbor?: string;
}

/** A witness redeemer: the validator it is for (purpose, ledger index), its data's CBOR and budget. */
export interface OgmiosRedeemer {
  validator: { purpose: 'spend' | 'mint' | 'publish' | 'withdraw' | 'vote' | 'propose'; index: number };
  redeemer: string;
  executionUnits: { memory: Amount; cpu: Amount };
}

export interface OgmiosTransaction {
  id: string;
  spends: 'inputs' | 'collaterals';
  inputs: OgmiosOutputReference[];
  collaterals?: OgmiosOutputReference[];
  outputs: OgmiosOutput[];
  collateralReturn?: OgmiosOutput;
  totalCollateral?: { ada: { lovelace: Amount } };
  fee?: { ada: { lovelace: Amount } };
  mint?: { [policyId: string]: { [assetName: string]: Amount } };
  withdrawals?: { [rewardAddress: string]: { ada: { lovelace: Amount } } };
  certificates?: unknown[];
  metadata?: { hash: string; labels: { [label: string]: OgmiosMetadatum } };
  datums?: { [hash: string]: string };
  /** witness and auxiliary-data scripts by hash */
  scripts?: { [scriptHash: string]: OgmiosScript };
  proposals?: {
    returnAccount?: string;
    action?: { type: string; withdrawals?: Record<string, unknown>; guardrails?: { hash: string } | null };
  }[];
  /** one item per (voter, proposal); `from` tells a script credential from a key one */
  votes?: { issuer: { role: string; from?: string; id: string } }[];
  references?: OgmiosOutputReference[];
  validityInterval?: { invalidBefore?: Amount; invalidAfter?: Amount };
  redeemers?: OgmiosRedeemer[];
  /** key hashes the body requires signatures of (hex) */
  requiredExtraSignatories?: string[];
  treasury?: { value?: { ada: { lovelace: Amount } }; donation?: { ada: { lovelace: Amount } } };
  cbor?: string;
}

export interface OgmiosBlock {
  type: 'ebb' | 'bft' | 'praos';
  era: string;
  id: string;
  ancestor: string;
  height: number;
  slot?: number;
  size?: { bytes: number };
  transactions?: OgmiosTransaction[];
  issuer?: {
    verificationKey: string;
    vrfVerificationKey?: string;
    operationalCertificate?: { count: number | bigint; kes: { period: number; verificationKey: string } };
  };
}
