import type {
  ExecutionUnits,
  OutputReference,
  PlutusLanguage,
  RpcError,
  ScriptFailure,
  Validator,
} from './ogmios-types.js';

const ERAS = ['shelley', 'allegra', 'mary', 'alonzo', 'babbage', 'conway'] as const;

// Codes and messages of Ogmios v6.14 evaluateTransaction errors, copied from the server sources
// (Ogmios.Data.Json.Ledger.ScriptFailure / PredicateFailure) so that clients matching on them keep
// working against us.

export const incompatibleEra = (era: string): RpcError => ({
  code: 3000,
  message: 'Trying to evaluate a transaction from an old era (prior to Alonzo).',
  data: { incompatibleEra: era },
});

export const overlappingAdditionalUtxo = (references: OutputReference[]): RpcError => ({
  code: 3002,
  message: 'Some user-provided additional UTxO entries overlap with those that exist in the ledger.',
  data: { overlappingOutputReferences: references },
});

export const cannotCreateEvaluationContext = (reason: string): RpcError => ({
  code: 3004,
  message: 'Unable to create the evaluation context from the given transaction.',
  data: { reason },
});

export const scriptExecutionFailure = (failures: ScriptFailure[]): RpcError => ({
  code: 3010,
  message: 'Some scripts of the transactions terminated with error(s).',
  data: failures,
});

export const missingScripts = (validators: Validator[]): RpcError => ({
  code: 3011,
  message:
    'An associated script witness is missing. Indeed, any script used in a transaction (when spending, minting, withdrawing or publishing certificates) must be provided in full with the transaction. Scripts must therefore be added either to the witness set or provided as a reference inputs should you use Plutus V2+ and a format from Babbage and beyond.',
  data: { missingScripts: validators },
});

export const validationFailure = (validationError: string, traces: string[]): RpcError => ({
  code: 3012,
  message:
    "Some of the scripts failed to evaluate to a positive outcome. The field 'data.validationError' informs about the nature of the error, and 'data.traces' lists all the execution traces collected during the script execution.",
  data: { validationError, traces },
});

export const unsuitableOutputReference = (reference: OutputReference): RpcError => ({
  code: 3013,
  message:
    "A redeemer points to an input that isn't locked by a Plutus script. Double-check your redeemer pointers and note that, inputs are ordered lexicographically by the ledger (using their transaction id and output index). This order may differ from the one you originally defined in your transaction and may be the cause of misalignment of your redeemer pointers. The field 'data.unsuitableOutputReference' indicates which input was wrongly targeted by a redeemer.",
  data: { unsuitableOutputReference: reference },
});

export const extraneousRedeemers = (validators: Validator[]): RpcError => ({
  code: 3110,
  message:
    "Extraneous (non-required) redeemers found in the transaction. There are some redeemers that aren't pointing to any script. This could be because you've left some orphan redeemer behind, because they are pointing at the wrong thing or because you forgot to include their associated validator. Either way, the field 'data.extraneousRedeemers' lists the different orphan redeemer pointers.",
  data: { extraneousRedeemers: validators },
});

export const missingDatums = (hashes: string[]): RpcError => ({
  code: 3111,
  message:
    "Transaction failed because some Plutus scripts are missing their associated datums. 'data.missingDatums' contains a set of data hashes for the missing datums. Ensure all Plutus scripts have an associated datum in the transaction's witness set or, are provided through inline datums in reference inputs.",
  data: { missingDatums: hashes },
});

export const missingCostModels = (languages: PlutusLanguage[]): RpcError => ({
  code: 3115,
  message:
    "It seems like the transaction is using a Plutus version for which there's no available cost model yet. This could be because that language version is known of the ledger but hasn't yet been enabled through hard-fork. The field 'data.missingCostModels' lists all the languages for which a cost model is missing.",
  data: { missingCostModels: languages },
});

export const executionBudgetOutOfBounds = (budgetUsed: ExecutionUnits): RpcError => ({
  code: 3161,
  message:
    "The transaction ran out of execution budget! This means that the budget granted for the execution of a particular script was too small or exceeding the maximum value allowed by the protocol. The field 'data.budgetUsed' indicates the actual execution units used by the validator before it was interrupted.",
  data: { budgetUsed },
});

/**
 * JSON-RPC "invalid params": how Ogmios answers a transaction that decodes in no era. Ogmios runs one
 * decoder per era; we run a single Conway decoder (which also reads the older Alonzo+ formats), so its
 * reason is repeated for every era the schema requires.
 */
export const undecodableTransaction = (reason: string): RpcError => ({
  code: -32602,
  message:
    "Invalid transaction; It looks like the given transaction wasn't well-formed. Note that I try to decode the transaction in every possible era and it was malformed in ALL eras. Yet, I can't pinpoint the exact issue for I do not know in which era / format you intended the transaction to be. The 'data' field, therefore, contains errors for each era.",
  data: Object.fromEntries(ERAS.map((era) => [era, reason])),
});

/** Ogmios prints output references as `<txid>#<index>` inside reasons. */
export const unknownInputReason = (reference: OutputReference): string =>
  `Unknown transaction input (missing from UTxO set): ${reference.transaction.id}#${reference.index}`;
