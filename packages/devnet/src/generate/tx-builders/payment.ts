import type { Builder } from '../context.js';
import type { OutputDraft } from '../tx.js';
import { FEE_RESERVE, ada, gather, randomRecipient } from './funding.js';

/** Recipients per faucet transaction: keeps it well below the 16 kB transaction size limit. */
const FUNDED_PER_TX = 40;
const FAUCET_SHARE = 250_000_000_000n;

/** Splits the faucet's genesis output among the wallets and oracles, two outputs each. */
export const fundWallets: Builder = (g) => {
  const faucet = g.state.utxos.items('faucet')[0];
  const recipients = [...g.actors.wallets, ...g.actors.oracles];
  const done = g.state.funded;
  if (faucet === undefined || done >= recipients.length) return undefined;
  const batch = recipients.slice(done, done + FUNDED_PER_TX);
  const share = bigMin(FAUCET_SHARE, faucet.lovelace / BigInt(2 * recipients.length + 2));
  const outputs: OutputDraft[] = batch.flatMap((to) => {
    const pool = g.actors.oracles.includes(to) ? 'oracle' : 'ada';
    return [
      { to, lovelace: share, pool },
      { to, lovelace: share / 2n, pool },
    ];
  });
  return {
    draft: { inputs: [faucet], outputs, change: g.actors.faucet, changePool: 'faucet' },
    apply: () => (g.state.funded = done + batch.length),
  };
};

/**
 * An ordinary payment to one to outputsPerTx recipients, paid from random ADA outputs (one more when the
 * set has grown large, which keeps it bounded); sometimes a token output joins and one of its assets
 * (half of a fungible amount) moves to a recipient.
 */
export const payment: Builder = (g) => {
  const outputs: OutputDraft[] = [];
  const recipients = g.random.between(1, g.options.outputsPerTx);
  for (let i = 0; i < recipients; i++)
    outputs.push({ to: randomRecipient(g), lovelace: g.random.lovelace(ada(1), ada(500)) });
  const total = outputs.reduce((sum, output) => sum + output.lovelace, 0n);
  const funding = gather(g, total + FEE_RESERVE + ada(3));
  if (funding === undefined) return undefined;
  const inputs = [...funding.inputs];
  const pool = g.state.utxos.items('ada');
  if (pool.length > 8 * g.actors.wallets.length) {
    const extra = pool[g.random.int(pool.length)]!;
    if (!inputs.includes(extra)) inputs.push(extra);
  }
  const tokens = g.state.utxos.items('tokens');
  if (tokens.length > 0 && g.random.chance(0.2)) {
    const holder = tokens[g.random.int(tokens.length)]!;
    inputs.push(holder);
    const units = Object.entries(holder.assets);
    if (units.length > 0) {
      const [unit, quantity] = g.random.pick(units);
      const moved = quantity > 1n ? quantity / 2n : quantity;
      outputs.push({ to: randomRecipient(g), lovelace: ada(2), assets: { [unit]: moved } });
      // The holder's other tokens get an output of their own: left in the change they would carry the
      // payment's ADA into the token pool, where payments never look, and the wallets would run dry
      // after a thousand blocks or so.
      const kept: Record<string, bigint> = { ...holder.assets, [unit]: quantity - moved };
      if (kept[unit] === 0n) delete kept[unit];
      if (Object.keys(kept).length > 0)
        outputs.push({ to: g.wallet(holder.owner), lovelace: ada(2), assets: kept });
    }
  }
  return { draft: { inputs, outputs, change: funding.owner } };
};

/** Pays 2 ADA to every pointer address (pointer outputs count for their account only before Conway). */
export const payPointers: Builder = (g) => {
  const pointers = g.state.pointerWallets;
  if (pointers.length === 0) return undefined;
  const funding = gather(g, FEE_RESERVE + ada(2) * BigInt(pointers.length));
  if (funding === undefined) return undefined;
  const outputs: OutputDraft[] = pointers.map((name) => ({ to: g.wallet(name), lovelace: ada(2) }));
  return { draft: { inputs: funding.inputs, outputs, change: funding.owner } };
};

export function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
