import type { Generation } from '../context.js';
import type { Utxo } from '../spendable.js';
import type { TxDraft } from '../tx.js';
import type { Wallet } from '../wallets.js';

/** Most inputs a transaction gathers to pay for something. */
const MAX_INPUTS = 12;

/**
 * ADA-only wallet outputs worth at least `lovelace` together: random picks until the sum is enough.
 * The change goes back to the first input's wallet.
 */
export function gather(g: Generation, lovelace: bigint): { inputs: Utxo[]; owner: Wallet } | undefined {
  const pool = g.state.utxos.items('ada');
  if (pool.length === 0) return undefined;
  const inputs: Utxo[] = [];
  const chosen = new Set<number>();
  let total = 0n;
  for (
    let attempt = 0;
    attempt < MAX_INPUTS * 2 && inputs.length < MAX_INPUTS && total < lovelace;
    attempt++
  ) {
    const position = g.random.int(pool.length);
    if (chosen.has(position)) continue;
    chosen.add(position);
    inputs.push(pool[position]!);
    total += pool[position]!.lovelace;
  }
  if (total < lovelace) return undefined;
  return { inputs, owner: g.wallet(inputs[0]!.owner) };
}

/**
 * A transaction that only carries certificates, withdrawals and their signers: it pays no one, and what
 * `funding` brings beyond fee and deposits goes back to its owner.
 */
export function certificateDraft(
  funding: { inputs: Utxo[]; owner: Wallet },
  parts: Pick<TxDraft, 'certificates' | 'deposits' | 'refunds' | 'withdrawals' | 'signers'>,
): TxDraft {
  return { inputs: funding.inputs, outputs: [], change: funding.owner, ...parts };
}

/** Wallets that receive payments: the seed's wallets plus the pointer wallets created so far. */
export function randomRecipient(g: Generation): Wallet {
  const pointers = g.state.pointerWallets;
  if (pointers.length > 0 && g.random.chance(0.08)) return g.wallet(g.random.pick(pointers));
  return g.random.pick(g.actors.wallets);
}

export function ada(amount: number): bigint {
  return BigInt(Math.round(amount * 1_000_000));
}

/** Fee headroom every builder reserves: the largest transactions here cost well under 2 ADA. */
export const FEE_RESERVE = ada(3);
