import type { Builder } from '../context.js';
import type { OutputDraft } from '../tx.js';
import { ada, randomRecipient } from './funding.js';

/** Byron inputs per sweep: with a bootstrap witness per address the transaction stays well under 16 kB. */
const SWEPT_PER_TX = 40;

/**
 * After the hard fork, moves what the Byron era left at icarus addresses into Shelley wallets, signed
 * with bootstrap witnesses; the outputs of the first Byron wallet stay at its Byron address for good.
 */
export const sweepByron: Builder = (g) => {
  const kept = g.actors.byron?.wallets[0]!.name;
  const inputs = g.state.utxos
    .items('byron')
    .filter((utxo) => utxo.owner !== kept && g.wallet(utxo.owner).spender.byron?.kind === 'icarus')
    .slice(0, SWEPT_PER_TX);
  if (inputs.length === 0) return undefined;
  const total = inputs.reduce((sum, utxo) => sum + utxo.lovelace, 0n);
  const outputs: OutputDraft[] =
    total < ada(100)
      ? []
      : Array.from({ length: 3 }, () => ({ to: randomRecipient(g), lovelace: total / 4n }));
  return { draft: { inputs, outputs, change: randomRecipient(g) } };
};
