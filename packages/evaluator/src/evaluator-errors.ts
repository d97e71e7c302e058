import {
  cannotCreateEvaluationContext,
  extraneousRedeemers,
  missingCostModels,
  missingDatums,
  missingScripts,
  scriptExecutionFailure,
  validationFailure,
} from './ogmios-errors.js';
import type { PlutusLanguage, RedeemerPurpose, RpcError, Validator } from './ogmios-types.js';

// The Aiken evaluator (uplc 1.1.21, uplc::tx::error::Error) reports failures as Display strings only.
// A failure inside one redeemer reads
//   "failed script execution\n      Mint[0] <inner error>"
// and evaluation stops there, so at most one validator is ever reported (Ogmios reports them all).
// Some errors (e.g. a missing cost model) come without the redeemer wrapper.
const REDEEMER_ERROR = /^failed script execution\n\s*(\w+)\[(\d+)\] ([\s\S]*)$/;

// uplc names purposes after its own RedeemerTag/ScriptPurpose variants.
const PURPOSES: Record<string, RedeemerPurpose> = {
  spend: 'spend',
  mint: 'mint',
  cert: 'publish',
  publish: 'publish',
  reward: 'withdraw',
  withdraw: 'withdraw',
  vote: 'vote',
  propose: 'propose',
};

const LANGUAGES: Record<string, PlutusLanguage> = {
  PlutusV1: 'plutus:v1',
  PlutusV2: 'plutus:v2',
  PlutusV3: 'plutus:v3',
};

// Headlines of the evaluator's "cannot build a script context" errors. Where the ledger has an
// equivalent ContextError, Ogmios' wording of it is used; otherwise the evaluator's text is kept.
const CONTEXT_ERRORS: Record<string, string | undefined> = {
  'inline datum not allowed when PlutusV1 scripts are present':
    'Inline datums not supported in plutus:v1. Use plutus:v2 or higher.',
  'script and input reference not allowed in PlutusV1':
    'Reference inputs not supported in plutus:v1. Use plutus:v2 or higher.',
  'byron address not allowed when PlutusV2 scripts are present':
    "Found inputs locked by a (legacy) Byron/Bootstrap address. Don't use those.",
  'redeemer points to an unsupported certificate type':
    "A certificate in the transaction isn't supported in neither plutus:v1 nor plutus:v2. Use plutus:v3 or higher.",
  "address doesn't contain a payment credential": undefined,
  'missing required inline datum or datum hash in script input': undefined,
  'validity start or end too far in the past': undefined,
  'the designated procedure defines no guardrail script': undefined,
  'only shelley reward addresses can be a part of withdrawals': undefined,
};

/**
 * Ogmios error for a failure the evaluator threw. `redeemers` (witness-set order) receive an
 * error that the evaluator did not attribute to one redeemer, as the ledger does for context errors.
 */
export function toOgmiosError(failure: unknown, redeemers: readonly Validator[]): RpcError {
  // A non-string is a wasm trap (a Rust panic), not an evaluation verdict.
  if (typeof failure !== 'string') {
    return cannotCreateEvaluationContext(`The evaluator aborted: ${String(failure)}`);
  }
  const wrapped = REDEEMER_ERROR.exec(failure);
  if (wrapped) {
    const validator = { purpose: PURPOSES[wrapped[1].toLowerCase()], index: Number(wrapped[2]) };
    const error = classify(wrapped[3], validator) ?? machineFailure(wrapped[3]);
    return scriptExecutionFailure([{ validator, error }]);
  }
  const perRedeemer = redeemers.flatMap((validator) => {
    const error = classify(failure, validator);
    return error ? [{ validator, error }] : [];
  });
  return perRedeemer.length > 0
    ? scriptExecutionFailure(perRedeemer)
    : cannotCreateEvaluationContext(failure);
}

/** Errors of the transaction/context layer; undefined means the script itself failed. */
function classify(message: string, validator: Validator): RpcError | undefined {
  const [headline, ...details] = message.split('\n');
  // Detail lines look like "        Datum <hash>": the value is the last word.
  const detail = details.join(' ').trim().split(/\s+/).pop() ?? '';
  switch (headline) {
    case 'missing required script':
    case 'missing script for redeemer':
      return missingScripts([validator]);
    case 'missing required datum':
      return missingDatums([detail]);
    case 'extraneous redeemer':
    case 'redeemer points to a non-script withdrawal':
    case 'stake credential points to a non-script withdrawal':
      return extraneousRedeemers([validator]);
    case 'cost model not found for language':
      return missingCostModels([LANGUAGES[detail] ?? (detail as PlutusLanguage)]);
  }
  return headline in CONTEXT_ERRORS
    ? cannotCreateEvaluationContext(CONTEXT_ERRORS[headline] ?? headline)
    : undefined;
}

// A machine error is "<error>" followed by "\n        Trace <line>" per trace; a multi-line trace
// continues on lines indented by 14 spaces.
const TRACE_SEPARATOR = '\n        Trace ';

function machineFailure(message: string): RpcError {
  const [validationError, ...traces] = message.split(TRACE_SEPARATOR);
  return validationFailure(
    validationError,
    traces.map((trace) => trace.replace(/\n {14}/g, '\n')),
  );
}
