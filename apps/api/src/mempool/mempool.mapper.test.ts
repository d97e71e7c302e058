import { readFileSync } from 'node:fs';
import { decodeTransaction, type OgmiosTransaction } from '@frostline/model';
import { schemaErrors } from '../../test/support/openapi-schemas.js';
import { toMempoolTx } from './mempool.mapper.js';
import { pendingTransaction, type PendingInput } from './mempool-snapshots.js';

// A mainnet Conway block as Ogmios shows it (SOURCES.md), its transactions taken as pending ones.
const { block } = JSON.parse(
  readFileSync(new URL('../../test-data/conway_block.json', import.meta.url), 'utf8'),
) as { block: { transactions: OgmiosTransaction[] } };

/** The transaction pending, each input resolved to an output of 2 ADA at `address`, or unknown (null). */
function shown(transaction: OgmiosTransaction, address: string | null) {
  const tx = decodeTransaction(transaction);
  const output = address === null ? null : { address, lovelace: 2_000_000n };
  const inputs: PendingInput[] = [
    ...tx.details.references.map((reference) => ({ reference, kind: 'reference' as const, output })),
    ...tx.spends.map((reference) => ({ reference, kind: 'spend' as const, output })),
    ...tx.details.collaterals.map((reference) => ({ reference, kind: 'collateral' as const, output })),
  ];
  return toMempoolTx(pendingTransaction(tx, tx.details.redeemers, inputs));
}

describe('toMempoolTx', () => {
  it.each(block.transactions.map((transaction) => [transaction.id, transaction] as const))(
    '%s matches mempool_tx_content with its inputs known and unknown',
    (_, transaction) => {
      for (const address of ['addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8', null])
        expect(schemaErrors('/mempool/{hash}', 200, shown(transaction, address))).toEqual([]);
    },
  );

  it('lists reference, spent and collateral inputs in that order, with the redeemers in db-sync’s words', () => {
    const transaction = block.transactions.find((t) => t.redeemers?.length && t.references?.length)!;
    const body = shown(transaction, null);
    const kinds = body.inputs.map((input) =>
      input.reference ? 'reference' : input.collateral ? 'collateral' : 'spend',
    );
    expect(kinds).toEqual([
      ...transaction.references!.map(() => 'reference'),
      ...transaction.inputs.map(() => 'spend'),
      ...transaction.collaterals!.map(() => 'collateral'),
    ]);
    expect(body.inputs.every((input) => !('address' in input))).toBe(true);
    expect(body.redeemers).toEqual(
      transaction.redeemers!.map(({ validator, executionUnits }) => ({
        tx_index: validator.index,
        purpose: {
          spend: 'spend',
          mint: 'mint',
          publish: 'cert',
          withdraw: 'reward',
          vote: 'vote',
          propose: 'propose',
        }[validator.purpose],
        unit_mem: String(executionUnits.memory),
        unit_steps: String(executionUnits.cpu),
      })),
    );
    expect(body.tx.redeemer_count).toBe(transaction.redeemers!.length);
    // Unknown inputs: no balance, so no deposit.
    expect(body.tx.deposit).toBe('0');
  });

  it('sums the outputs’ lovelace and shows the collateral return again, lovelace only, as a collateral output', () => {
    const transaction = block.transactions.find((t) => t.collateralReturn)!;
    const body = shown(transaction, null);
    const lovelace = transaction.outputs.reduce((sum, output) => sum + BigInt(output.value.ada.lovelace), 0n);
    expect(body.tx.output_amount[0]).toEqual({ unit: 'lovelace', quantity: String(lovelace) });
    expect(body.outputs.at(-1)).toMatchObject({
      output_index: transaction.outputs.length,
      collateral: true,
      amount: [{ unit: 'lovelace', quantity: String(transaction.collateralReturn!.value.ada.lovelace) }],
    });
    expect(body.outputs.filter((output) => !output.collateral)).toHaveLength(transaction.outputs.length);
  });
});
