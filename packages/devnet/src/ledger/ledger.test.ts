/// <reference types="jest" />
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, isBlock } from '../generate/test-support/chain.js';
import { demoWallets } from '../networks/demo-wallets.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import { byronEpochLength, loadNetwork } from '../networks/networks.js';
import { Chain } from '../chain/chain.js';
import { readChainFile } from '../chain/chain-file.js';
import { replay } from '../chain/replay.js';
import { rewardCredential } from './delegation.js';
import { Ledger } from './ledger.js';
import { referenceKey } from './outputs.js';

describe('the ledger following a generated chain (forks, rollbacks, phase-2-invalid transactions)', () => {
  it('holds exactly the outputs and accounts the generator expects, genesis funds included', async () => {
    const { lines, text, expected } = await generate({ blocks: 120, forks: 4, seed: 5 });
    const file = join(mkdtempSync(join(tmpdir(), 'devnet-utxo-')), 'chain.jsonl');
    writeFileSync(file, text + '\n');
    const network = loadNetwork('custom');
    const chain = new Chain();
    // Undo logs of one block: the generator's forks are up to 3 deep, so both undo paths run.
    const ledger = new Ledger(chain, {
      ...network,
      genesis: { ...network.genesis, shelley: { ...network.genesis.shelley, securityParam: 1 } },
    });
    // Interleave lookups with the replay so that the rollbacks hit a partly caught-up ledger.
    chain.on('update', () => ledger.utxo({ transaction: { id: '00'.repeat(32) }, index: 0 }));
    await replay(readChainFile(file, byronEpochLength(network)), chain, ledger, { blockInterval: 0 });

    // The generator never touches the demo wallets' genesis funds, which the expected state lists
    // with the genesis distribution only.
    const demoAddresses = new Set(demoWallets(0).flatMap((w) => [w.mnemonicAddress, w.signingKeyAddress]));
    const unspent = new Set([
      ...Object.values(expected.addresses).flatMap(({ utxos }) =>
        utxos.map(({ txHash, index }) => `${txHash}#${index}`),
      ),
      ...expected.genesisUtxos
        .filter(({ address }) => demoAddresses.has(address))
        .map(({ txHash, index }) => `${txHash}#${index}`),
    ]);
    const everCreated = [
      ...genesisUtxos(network),
      ...lines.filter(isBlock).flatMap((block) =>
        (block.transactions ?? []).flatMap((transaction) =>
          [
            ...transaction.outputs,
            ...(transaction.collateralReturn ? [transaction.collateralReturn] : []),
          ].map((_, index) => ({
            transaction: { id: transaction.id },
            index,
          })),
        ),
      ),
    ];
    const found = everCreated.filter((reference) => ledger.utxo(reference) !== undefined).map(referenceKey);
    expect(new Set(found)).toEqual(unspent);
    expect(unspent.size).toBeGreaterThan(100);
    // The accounts the chain's certificates, withdrawals and stated rewards leave.
    const accounts = Object.entries(expected.accounts);
    const stated = accounts.map(([stakeAddress]) => {
      const summary = ledger.rewardAccounts([rewardCredential(stakeAddress)])[0];
      return [
        stakeAddress,
        summary === undefined
          ? null
          : { pool: summary.stakePool?.id ?? null, rewards: String(summary.rewards.ada.lovelace) },
      ];
    });
    expect(stated).toEqual(
      accounts.map(([stakeAddress, account]) => [
        stakeAddress,
        account.registered ? { pool: account.poolId, rewards: account.withdrawableAmount } : null,
      ]),
    );
    expect(accounts.filter(([, account]) => account.poolId !== null).length).toBeGreaterThan(0);
    // The chain exercises what the index must get right.
    const transactions = lines.filter(isBlock).flatMap((block) => block.transactions ?? []);
    expect(
      transactions.some(
        (transaction) => transaction.spends === 'collaterals' && transaction.collateralReturn,
      ),
    ).toBe(true);
    expect(
      lines.filter((line) => 'event' in line && (line.event === 'fork' || line.event === 'rollback')),
    ).toHaveLength(4);
    chain.close();
  });
});
