import { additionalUtxoBesideLedger } from './additional-utxo-overlap.js';
import { v5Fault, v6Response } from './envelopes.js';
import {
  cannotCreateEvaluationContext,
  executionBudgetOutOfBounds,
  extraneousRedeemers,
  incompatibleEra,
  missingCostModels,
  missingDatums,
  missingScripts,
  scriptExecutionFailure,
  unsuitableOutputReference,
  validationFailure,
} from './ogmios-errors.js';
import { toV5Result } from './v6-to-v5-result.js';
import type { RpcError } from './ogmios-types.js';

const REF = { transaction: { id: 'aa'.repeat(32) }, index: 1 };

describe('toV5Result', () => {
  it('renames purposes (publish→certificate, withdraw→withdrawal; vote/propose kept) and cpu→steps', () => {
    const purposes = ['spend', 'mint', 'publish', 'withdraw', 'vote', 'propose'] as const;
    const result = purposes.map((purpose, index) => ({
      validator: { purpose, index },
      budget: { memory: 1, cpu: 2 },
    }));
    expect(toV5Result({ result })).toEqual({
      EvaluationResult: Object.fromEntries(
        ['spend:0', 'mint:1', 'certificate:2', 'withdrawal:3', 'vote:4', 'propose:5'].map((key) => [
          key,
          { memory: 1, steps: 2 },
        ]),
      ),
    });
  });

  it('maps top-level errors', () => {
    expect(toV5Result({ error: incompatibleEra('mary') })).toEqual({
      EvaluationFailure: { IncompatibleEra: 'Mary' },
    });
    expect(toV5Result({ error: cannotCreateEvaluationContext('why') })).toEqual({
      EvaluationFailure: { CannotCreateEvaluationContext: { reason: 'why' } },
    });
  });

  it('maps nested script failures per pointer', () => {
    const spend = { purpose: 'spend', index: 0 } as const;
    const mint = { purpose: 'mint', index: 1 } as const;
    const error = scriptExecutionFailure([
      { validator: spend, error: missingScripts([spend]) },
      { validator: spend, error: validationFailure('boom', ['t']) },
      { validator: spend, error: unsuitableOutputReference(REF) },
      { validator: mint, error: extraneousRedeemers([mint]) },
      { validator: mint, error: missingDatums(['dd']) },
      { validator: mint, error: missingCostModels(['plutus:v3']) },
      { validator: mint, error: executionBudgetOutOfBounds({ memory: 1, cpu: 2 }) },
    ]);
    expect(toV5Result({ error })).toEqual({
      EvaluationFailure: {
        ScriptFailures: {
          'spend:0': [
            { missingRequiredScripts: { missing: ['spend:0'], resolved: {} } },
            { validatorFailed: { error: 'boom', traces: ['t'] } },
            { nonScriptInputReferencedByRedeemer: { txId: REF.transaction.id, index: 1 } },
          ],
          'mint:1': [
            { extraRedeemers: ['mint:1'] },
            { missingRequiredDatums: { missing: ['dd'] } },
            { noCostModelForLanguage: 'plutus:v3' },
            { illFormedExecutionBudget: { memory: 1, steps: 2 } },
          ],
        },
      },
    });
  });
});

describe('envelopes and overlap', () => {
  it('builds a jsonwsp/fault and a v6 JSON-RPC answer', () => {
    expect(v5Fault('bad')).toEqual({
      type: 'jsonwsp/fault',
      version: '1.0',
      servicename: 'ogmios',
      fault: { code: 'client', string: 'bad' },
      reflection: { id: expect.any(String) },
    });
    expect(v6Response({ result: [] }, 7)).toEqual({
      jsonrpc: '2.0',
      method: 'evaluateTransaction',
      result: [],
      id: 7,
    });
  });

  it('drops additional UTxOs equal to the live output, reports differing ones as 3002 and translates it to v5', async () => {
    const address = 'addr_test1wrzqlyffcf5yq3htqge9h9k29zv6d7ny0rqam6d4c5eqdfgg0h7yw';
    const onChain = { ...REF, address, value: { ada: { lovelace: 2_000_000n } } };
    const spent = { ...onChain, transaction: { id: 'bb'.repeat(32) }, index: 0 };
    const liveOutput = (reference: typeof REF) =>
      reference.transaction.id === REF.transaction.id ? onChain : undefined;

    expect(await additionalUtxoBesideLedger([{ ...onChain }, spent], liveOutput)).toEqual({
      ok: true,
      additional: [spent],
    });
    const shadow = { ...onChain, value: { ada: { lovelace: 3_000_000n } } };
    const refused = await additionalUtxoBesideLedger([shadow, spent], liveOutput);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 3002, data: { overlappingOutputReferences: [REF] } },
    });
    expect(toV5Result({ error: (refused as { error: RpcError }).error })).toEqual({
      EvaluationFailure: { AdditionalUtxoOverlap: [{ txId: REF.transaction.id, index: 1 }] },
    });
  });
});
