import type {
  EvaluationOutcome,
  ExecutionUnits,
  OutputReference,
  RpcError,
  ScriptFailure,
  Validator,
} from './ogmios-types.js';
import type { EvaluationResultV5, TxInV5 } from './ogmios-v5-types.js';

// v5 has no name for Conway's vote/propose purposes; keeping the v6 names is our assumption
// (no source settles it, docs/ogmios.md#the-v5-evaluation-format).
const V5_PURPOSES: Record<Validator['purpose'], string> = {
  spend: 'spend',
  mint: 'mint',
  publish: 'certificate',
  withdraw: 'withdrawal',
  vote: 'vote',
  propose: 'propose',
};

export const v5Pointer = (validator: Validator): string =>
  `${V5_PURPOSES[validator.purpose]}:${validator.index}`;

const txIn = (reference: OutputReference): TxInV5 => ({
  txId: reference.transaction.id,
  index: reference.index,
});

const capitalised = (era: string): string => era.charAt(0).toUpperCase() + era.slice(1);

/**
 * The v5 `EvaluateTx` result for a v6 outcome (docs/ogmios.md#the-v5-evaluation-format). -32602 has no v5
 * result: it is a jsonwsp/fault, see `v5Response`.
 */
export function toV5Result(outcome: EvaluationOutcome): EvaluationResultV5 {
  if ('result' in outcome) {
    return {
      EvaluationResult: Object.fromEntries(
        outcome.result.map(({ validator, budget }) => [
          v5Pointer(validator),
          { memory: budget.memory, steps: budget.cpu },
        ]),
      ),
    };
  }
  return { EvaluationFailure: toV5Failure(outcome.error) };
}

function toV5Failure(error: RpcError): Record<string, unknown> {
  const data = error.data as Record<string, never>;
  switch (error.code) {
    case 3000:
      return { IncompatibleEra: capitalised(data.incompatibleEra) };
    case 3002:
      return { AdditionalUtxoOverlap: (data.overlappingOutputReferences as OutputReference[]).map(txIn) };
    case 3003:
      return {
        NotEnoughSynced: {
          currentNodeEra: capitalised(data.currentNodeEra),
          minimumRequiredEra: capitalised(data.minimumRequiredEra),
        },
      };
    case 3010:
      return { ScriptFailures: scriptFailures(error.data as ScriptFailure[]) };
    default:
      return {
        CannotCreateEvaluationContext: { reason: (data?.reason as string | undefined) ?? error.message },
      };
  }
}

// v5.6 lists failures per pointer. A context error inside a script failure has no v5.6 form; hosted
// Blockfrost answers it as a bare {CannotCreateEvaluationContext} object, which is copied here.
function scriptFailures(failures: ScriptFailure[]): Record<string, unknown> {
  const byPointer: Record<string, unknown> = {};
  for (const { validator, error } of failures) {
    const pointer = v5Pointer(validator);
    if (error.code === 3004) {
      byPointer[pointer] = toV5Failure(error);
    } else {
      const listed = Array.isArray(byPointer[pointer]) ? (byPointer[pointer] as unknown[]) : [];
      byPointer[pointer] = [...listed, ...toV5ScriptFailures(error)];
    }
  }
  return byPointer;
}

function toV5ScriptFailures(error: RpcError): unknown[] {
  const data = error.data as Record<string, never>;
  switch (error.code) {
    case 3011:
      return [
        {
          missingRequiredScripts: {
            missing: (data.missingScripts as Validator[]).map(v5Pointer),
            resolved: {},
          },
        },
      ];
    case 3012:
      return [{ validatorFailed: { error: data.validationError, traces: data.traces } }];
    case 3013:
      return [{ nonScriptInputReferencedByRedeemer: txIn(data.unsuitableOutputReference) }];
    case 3110:
      return [{ extraRedeemers: (data.extraneousRedeemers as Validator[]).map(v5Pointer) }];
    case 3111:
      return [{ missingRequiredDatums: { missing: data.missingDatums } }];
    case 3115:
      return (data.missingCostModels as string[]).map((language) => ({ noCostModelForLanguage: language }));
    case 3117:
      return (data.unknownOutputReferences as OutputReference[]).map((reference) => ({
        unknownInputReferencedByRedeemer: txIn(reference),
      }));
    case 3161: {
      const used = data.budgetUsed as ExecutionUnits;
      return [{ illFormedExecutionBudget: { memory: used.memory, steps: used.cpu } }];
    }
    default:
      return [{ validatorFailed: { error: error.message, traces: [] } }];
  }
}
