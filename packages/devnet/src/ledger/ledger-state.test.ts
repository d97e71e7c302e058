/// <reference types="jest" />
import type { Certificate } from '@cardano-ogmios/schema';
import type { OgmiosTransaction } from '../convert/index.js';
import { genesisStakePoolIds } from '../networks/genesis.js';
import { genesisUtxos } from '../networks/genesis-utxos.js';
import { loadNetwork } from '../networks/networks.js';
import { LedgerState } from './ledger-state.js';
import { utxo } from './test-support/transactions.js';

const network = loadNetwork('custom');
const funds = genesisUtxos(network)[0]!;
const GENESIS_POOL = genesisStakePoolIds(network)[0]!;
const alice = { from: 'verificationKey' as const, credential: 'aa'.repeat(28) };
const ADDRESS = funds.address as string;
const ada = (lovelace: bigint) => ({ ada: { lovelace } });

function transaction(
  id: string,
  fields: Partial<Record<keyof OgmiosTransaction, unknown>>,
): OgmiosTransaction {
  return { id: id.repeat(64), spends: 'inputs', ...fields } as unknown as OgmiosTransaction;
}

const registerAndDelegate: Certificate[] = [
  { type: 'stakeCredentialRegistration', ...alice },
  { type: 'stakeDelegation', ...alice, stakePool: { id: GENESIS_POOL } },
];

describe('LedgerState', () => {
  it('starts with the genesis funds and pools, and the extra funds it is given', () => {
    const extra = utxo('ee'.repeat(32), 0, ADDRESS, 5n);
    const ledger = LedgerState.genesis(network, [extra]);
    expect(ledger.utxo(funds)).toEqual(funds);
    expect(ledger.utxo(extra)).toEqual(extra);
    expect(ledger.poolRegistered(GENESIS_POOL)).toBe(true);
    expect(ledger.account(alice)).toBeUndefined();
  });

  it('applies a transaction to the UTxO set and the reward accounts; a copy goes its own way', () => {
    const ledger = LedgerState.genesis(network);
    const pay = transaction('1', {
      inputs: [funds],
      outputs: [{ address: ADDRESS, value: ada(1n) }],
      certificates: registerAndDelegate,
    });
    ledger.apply(pay);
    expect(ledger.utxo(funds)).toBeUndefined();
    expect(ledger.utxo({ transaction: { id: pay.id }, index: 0 })).toMatchObject({ value: ada(1n) });
    expect(ledger.account(alice)).toMatchObject({ stakePool: { id: GENESIS_POOL }, rewards: ada(0n) });

    const copy = ledger.copy();
    expect(copy.credit(alice, 7n)).toBe(true);
    copy.apply(transaction('2', { inputs: [{ transaction: { id: pay.id }, index: 0 }], outputs: [] }));
    expect(copy.account(alice)?.rewards).toEqual(ada(7n));
    expect(ledger.account(alice)?.rewards).toEqual(ada(0n));
    expect(ledger.utxo({ transaction: { id: pay.id }, index: 0 })).toBeDefined();
    expect(ledger.credit({ ...alice, credential: 'bb'.repeat(28) }, 7n)).toBe(false);
  });

  it('refuses a double spend or a broken delegation rule, changing nothing', () => {
    const ledger = LedgerState.genesis(network);
    ledger.apply(transaction('1', { inputs: [funds], outputs: [] }));
    expect(() =>
      ledger.apply(transaction('2', { inputs: [funds], certificates: registerAndDelegate })),
    ).toThrow(/spends unknown outputs/);
    expect(ledger.account(alice)).toBeUndefined();

    const spendable = utxo('ee'.repeat(32), 0, ADDRESS, 5n);
    const fresh = LedgerState.genesis(network, [spendable]);
    const delegateUnregistered = transaction('3', {
      inputs: [spendable],
      certificates: [registerAndDelegate[1]],
    });
    expect(() => fresh.apply(delegateUnregistered)).toThrow(/transaction 3{64}/);
    expect(fresh.utxo(spendable)).toBeDefined();
  });

  it('takes the collateral of a phase-2-invalid transaction and ignores its certificates', () => {
    const collateral = utxo('cc'.repeat(32), 0, ADDRESS, 5n);
    const ledger = LedgerState.genesis(network, [collateral]);
    const invalid = transaction('4', {
      spends: 'collaterals',
      inputs: [funds],
      collaterals: [collateral],
      outputs: [{ address: ADDRESS, value: ada(1n) }],
      collateralReturn: { address: ADDRESS, value: ada(2n) },
      certificates: registerAndDelegate,
    });
    ledger.apply(invalid);
    expect(ledger.utxo(funds)).toEqual(funds);
    expect(ledger.utxo(collateral)).toBeUndefined();
    expect(ledger.utxo({ transaction: { id: invalid.id }, index: 1 })).toMatchObject({ value: ada(2n) });
    expect(ledger.account(alice)).toBeUndefined();
  });
});
