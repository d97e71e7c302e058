export interface OutputReference {
  transaction: { id: string };
  index: number;
}

/** An unspent output as an Ogmios v6 `Utxo` item: the reference plus the output's JSON fields. */
export type Utxo = OutputReference & Record<string, unknown>;

/** What the UTxO rules read of a transaction (Ogmios JSON). */
export interface OgmiosTransaction {
  id: string;
  spends?: 'inputs' | 'collaterals';
  inputs?: OutputReference[];
  collaterals?: OutputReference[];
  outputs?: object[];
  collateralReturn?: object;
}

/**
 * The outputs a transaction consumes and creates. A phase-2-invalid transaction consumes its collaterals
 * and creates only the collateral return, whose index follows the outputs (Babbage ledger rule).
 */
export function transactionEffects(transaction: OgmiosTransaction): {
  consumed: OutputReference[];
  produced: Utxo[];
} {
  const valid = transaction.spends !== 'collaterals';
  const outputs = transaction.outputs ?? [];
  const produced = valid
    ? outputs.map((output, index) => ({ index, output }))
    : transaction.collateralReturn === undefined
      ? []
      : [{ index: outputs.length, output: transaction.collateralReturn }];
  return {
    consumed: (valid ? transaction.inputs : transaction.collaterals) ?? [],
    produced: produced.map(({ index, output }) => ({
      transaction: { id: transaction.id },
      index,
      ...output,
    })),
  };
}

export function referenceKey({ transaction, index }: OutputReference): string {
  return `${transaction.id}#${index}`;
}
