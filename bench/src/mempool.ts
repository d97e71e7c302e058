// GET /mempool with a full mempool (issue #52). The API's mempool is the node's, read by Ogmios' mempool
// monitoring (apps/api/src/mempool/mempool-snapshots.ts), so the row runs against a devnet holding a full one:
// live, forging no block while the row runs, its mempool filled by chained payments from a genesis demo
// wallet until it refuses more (twice the maximum block body size, as a node's).
import { demoWallets, startDevnet } from '@frostline/devnet';
import { chainedPayments, devnetLedger, isMempoolFull, type LedgerUtxo } from './live.js';

/** More payments than a full mempool holds. */
const PAYMENTS = 2000;

/** Runs `use` with the Ogmios URL of a devnet whose mempool is full, and how many transactions it holds. */
export async function withFullMempool<T>(
  log: (line: string) => void,
  use: (ogmiosUrl: string, transactions: number) => Promise<T>,
): Promise<T> {
  const devnet = await startDevnet({
    chain: { blocks: [] },
    network: 'custom',
    port: 0,
    // No block while the row runs: it would take the mempool's transactions.
    forgeInterval: 3_600_000,
  });
  try {
    await devnet.replayed;
    const { ledger, parameters } = await devnetLedger(devnet);
    const [payer, payee] = demoWallets(0);
    const [funds] = (await ledger.utxo({ addresses: [payer!.signingKeyAddress] })) as unknown as LedgerUtxo[];
    await ledger.shutdown();
    let held = 0;
    for (const payment of chainedPayments(
      funds!,
      payer!.signingKey,
      payee!.signingKeyAddress,
      parameters,
      PAYMENTS,
    )) {
      const outcome = devnet.submitTransaction(payment.cbor);
      if ('error' in outcome) {
        if (isMempoolFull(outcome.error)) break;
        throw new Error(`payment ${payment.id} refused: ${JSON.stringify(outcome.error)}`);
      }
      held += 1;
    }
    if (held === PAYMENTS) throw new Error(`the mempool took all ${PAYMENTS} payments: it is not full`);
    log(`  the devnet's mempool is full: ${held} transactions`);
    return await use(devnet.url, held);
  } finally {
    await devnet.close();
  }
}
