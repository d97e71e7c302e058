/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import type { Slot } from '../chain/point.js';
import { generate, isEvent, isPraos } from '../generate/test-support/chain.js';
import { byronEpochLength, loadNetwork } from '../networks/networks.js';
import type { RpcError } from '../server/rpc.js';
import { Ledger } from './ledger.js';
import { validateTransaction } from './validate.js';

const network = loadNetwork('custom');

/** The same transaction claiming that its scripts succeed (isValid sits outside the signed body). */
function declaredValid(cbor: Uint8Array): Uint8Array {
  const transaction = CSL.Transaction.from_bytes(cbor);
  transaction.set_is_valid(true);
  return transaction.to_bytes();
}

describe('a generated chain through the live validation', () => {
  it('accepts every Babbage and Conway transaction; the phase-2-invalid ones fail phase 2 only', async () => {
    // Byron, Babbage and Conway eras, stake pools, DReps, withdrawals, reference scripts and
    // phase-2-invalid transactions, in a few seconds.
    const { lines } = await generate({ blocks: 150, forks: 0, seed: 1 });
    const chain = new Chain();
    let slot: Slot = 0;
    const ledger = new Ledger(chain, network, () => slot);
    const refused: { id: string; error: RpcError }[] = [];
    const phaseTwoVerdicts: (number | 'accepted')[] = [];
    let accepted = 0;
    let previousSlot: Slot | undefined;
    for (const line of lines) {
      if (isEvent(line)) {
        if (line.event === 'rewardAccounts') ledger.setRewardAccounts(line.accounts);
        if (line.event === 'protocolParameters')
          ledger.data.setProtocolParameters(line.slot!, line.parameters);
        continue;
      }
      // Each Praos block's transactions are submitted at its slot, against the chain before it.
      if (isPraos(line)) {
        slot = line.slot;
        for (const { id, cbor: hex } of line.transactions ?? []) {
          const cbor = Buffer.from(hex!, 'hex');
          if (!CSL.Transaction.from_bytes(cbor).is_valid()) {
            const outcome = validateTransaction(declaredValid(cbor), ledger.view());
            phaseTwoVerdicts.push(outcome.ok ? 'accepted' : outcome.error.code);
          }
          const outcome = ledger.submit(cbor);
          if ('error' in outcome) refused.push({ id, error: outcome.error });
        }
        const forged = ledger.mempool.list().map(({ id }) => id);
        accepted += forged.length;
        ledger.mempool.remove(forged);
      }
      const entry = memoryEntry(line, previousSlot, byronEpochLength(network));
      previousSlot = entry.slot;
      chain.append(entry);
    }

    expect(refused).toEqual([]);
    expect(accepted).toBeGreaterThan(500);
    // Declared valid, they pass every phase-1 rule and their scripts fail (3136).
    expect(phaseTwoVerdicts.length).toBeGreaterThan(0);
    expect(new Set(phaseTwoVerdicts)).toEqual(new Set([3136]));
  }, 60_000);
});
