import type { Builder } from '../context.js';
import type { Utxo } from '../spendable.js';
import { transactionMetadata, tickerPost } from '../metadata.js';
import { alwaysFails } from '../plutus.js';
import { ada } from './funding.js';

/**
 * A phase-2-invalid transaction (isValid = false): it spends an output of the always-failing script, so
 * the ledger takes only its collateral and creates only the collateral return. Half of them are oracle
 * posts (label 1968, collateral returned to the oracle), which must leave no ticker behind.
 */
export const phase2Invalid: Builder = (g) => {
  const locked = g.state.utxos.items('locked');
  if (locked.length === 0) return undefined;
  const scriptInput = locked[g.random.int(locked.length)]!;
  const oracle =
    g.state.oracles.size > 0 && g.random.chance(0.5) ? g.random.pick(g.actors.oracles) : undefined;
  // The ledger takes collateral only from outputs a key (not a script) locks.
  const keyLocked = (utxo: Utxo) => g.wallet(utxo.owner).spender.script === undefined;
  const collateral =
    oracle === undefined
      ? richEnough(g.state.utxos.items('ada'), keyLocked, g.random.int.bind(g.random))
      : largest(oracleOutputs(g.state.utxos.items('oracle'), oracle.name).filter(keyLocked));
  if (collateral === undefined) return undefined;
  const owner = g.wallet(collateral.owner);
  return {
    draft: {
      inputs: [scriptInput],
      outputs: [{ to: owner, lovelace: ada(5) }],
      change: owner,
      changePool: oracle === undefined ? 'ada' : 'oracle',
      ...(oracle === undefined
        ? {}
        : {
            metadata: transactionMetadata({
              1968: tickerPost({ ADAUSD: [{ source: 'invalid', value: '0' }] }),
            }),
          }),
      invalid: { collateral, script: alwaysFails, costModels: g.parameters.costModels, scriptInput },
    },
  };
};

function richEnough(
  pool: readonly Utxo[],
  suitable: (utxo: Utxo) => boolean,
  int: (n: number) => number,
): Utxo | undefined {
  for (let attempt = 0; attempt < 8 && pool.length > 0; attempt++) {
    const candidate = pool[int(pool.length)]!;
    if (candidate.lovelace >= ada(10) && suitable(candidate)) return candidate;
  }
  return undefined;
}

export function oracleOutputs(pool: readonly Utxo[], owner: string): Utxo[] {
  return pool.filter((utxo) => utxo.owner === owner);
}

function largest(utxos: Utxo[]): Utxo | undefined {
  return utxos.reduce<Utxo | undefined>(
    (best, utxo) => (best === undefined || utxo.lovelace > best.lovelace ? utxo : best),
    undefined,
  );
}
