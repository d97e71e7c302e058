import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { OgmiosTransaction } from '../convert/index.js';
import { DEMO_WALLET_LOVELACE, demoWallets } from '../networks/demo-wallets.js';
import { DEFAULT_OPTIONS } from './options.js';
import { generate, isBlock, isEvent, type GeneratedBlock } from './test-support/chain.js';

/**
 * Replays the generated JSON the way an indexer would, independently of the generator's own state,
 * and checks it against the ledger rules and against the expected state.
 */
const KEY_DEPOSIT = 2_000_000n;
const POOL_DEPOSIT = 500_000_000n;

interface Output {
  address: string;
  lovelace: bigint;
  assets: Map<string, bigint>;
}

interface Undo {
  spent: [string, Output][];
  created: string[];
  fees: bigint;
  deposits: bigint;
  withdrawals: bigint;
}

const chain = await generate();
const utxos = new Map<string, Output>();
for (const genesis of chain.expected.genesisUtxos) {
  utxos.set(`${genesis.txHash}#${genesis.index}`, {
    address: genesis.address,
    lovelace: BigInt(genesis.lovelace),
    assets: new Map(),
  });
}
const pools = new Set<string>();
const undo: { block: GeneratedBlock; undo: Undo }[] = [];
const problems: string[] = [];

function output(json: OgmiosTransaction['outputs'][number]): Output {
  const assets = new Map<string, bigint>();
  for (const [policy, names] of Object.entries(json.value)) {
    if (policy === 'ada') continue;
    for (const [name, quantity] of Object.entries(names as Record<string, bigint>))
      assets.set(policy + name, BigInt(quantity));
  }
  return { address: json.address, lovelace: BigInt(json.value.ada.lovelace), assets };
}

function sumAssets(target: Map<string, bigint>, from: Map<string, bigint>, sign: bigint): void {
  for (const [unit, quantity] of from) target.set(unit, (target.get(unit) ?? 0n) + sign * quantity);
}

function applyTransaction(tx: OgmiosTransaction, log: Undo): void {
  const take = (references: OgmiosTransaction['inputs']) =>
    references.map(({ transaction, index }) => {
      const key = `${transaction.id}#${index}`;
      const spent = utxos.get(key);
      if (spent === undefined) {
        problems.push(`${tx.id} spends missing or spent ${key}`);
        return { address: '', lovelace: 0n, assets: new Map() };
      }
      utxos.delete(key);
      log.spent.push([key, spent]);
      return spent;
    });
  const create = (outputs: Output[], firstIndex: number) =>
    outputs.forEach((created, i) => {
      const key = `${tx.id}#${firstIndex + i}`;
      utxos.set(key, created);
      log.created.push(key);
    });

  if (tx.spends === 'collaterals') {
    const collateral = take(tx.collaterals!).reduce((sum, spent) => sum + spent.lovelace, 0n);
    const back = output(tx.collateralReturn!);
    if (collateral !== back.lovelace + BigInt(tx.totalCollateral!.ada.lovelace))
      problems.push(`${tx.id}: collateral not preserved`);
    create([back], tx.outputs.length);
    log.fees += BigInt(tx.totalCollateral!.ada.lovelace);
    return;
  }
  const inputs = take(tx.inputs);
  const outputs = tx.outputs.map(output);
  let deposits = 0n;
  for (const certificate of tx.certificates ?? []) {
    const paid =
      'deposit' in certificate && certificate.deposit !== undefined
        ? BigInt((certificate.deposit as { ada: { lovelace: bigint } }).ada.lovelace)
        : undefined;
    switch (certificate.type) {
      case 'stakeCredentialRegistration':
        deposits += paid ?? KEY_DEPOSIT;
        break;
      case 'stakeCredentialDeregistration':
        deposits -= paid ?? KEY_DEPOSIT;
        break;
      case 'stakePoolRegistration':
        if (!pools.has(certificate.stakePool.id)) deposits += POOL_DEPOSIT;
        pools.add(certificate.stakePool.id);
        break;
      case 'delegateRepresentativeRegistration':
        deposits += paid!;
        break;
      case 'delegateRepresentativeRetirement':
        deposits -= paid!;
        break;
    }
  }
  const withdrawals = Object.values(tx.withdrawals ?? {}).reduce(
    (sum, amount) => sum + BigInt(amount.ada.lovelace),
    0n,
  );
  const lovelaceIn = inputs.reduce((sum, spent) => sum + spent.lovelace, 0n) + withdrawals;
  const paid = outputs.reduce((sum, created) => sum + created.lovelace, 0n);
  // Byron transactions state no fee: it is what the outputs leave.
  const fee = tx.fee === undefined ? lovelaceIn - paid : BigInt(tx.fee.ada.lovelace);
  if (fee <= 0n) problems.push(`${tx.id}: no fee`);
  const lovelaceOut = paid + fee + deposits;
  if (lovelaceIn !== lovelaceOut) problems.push(`${tx.id}: ${lovelaceIn} in ≠ ${lovelaceOut} out`);
  const balance = new Map<string, bigint>();
  inputs.forEach((spent) => sumAssets(balance, spent.assets, 1n));
  for (const [policy, names] of Object.entries(tx.mint ?? {})) {
    for (const [name, quantity] of Object.entries(names))
      balance.set(policy + name, (balance.get(policy + name) ?? 0n) + BigInt(quantity));
  }
  outputs.forEach((created) => sumAssets(balance, created.assets, -1n));
  for (const [unit, quantity] of balance)
    if (quantity !== 0n) problems.push(`${tx.id}: ${unit} off by ${quantity}`);
  create(outputs, 0);
  log.fees += fee;
  log.deposits += deposits;
  log.withdrawals += withdrawals;
}

function rollBackTo(id: string): void {
  while (undo.at(-1)!.block.id !== id) {
    const { undo: log } = undo.pop()!;
    // Re-add before deleting: an output created and spent within the block must end up absent.
    log.spent.forEach(([key, spent]) => utxos.set(key, spent));
    log.created.forEach((key) => utxos.delete(key));
  }
}

for (const line of chain.lines) {
  if (isBlock(line)) {
    const log: Undo = { spent: [], created: [], fees: 0n, deposits: 0n, withdrawals: 0n };
    (line.transactions ?? []).forEach((tx) => applyTransaction(tx, log));
    undo.push({ block: line, undo: log });
  } else if (isEvent(line) && (line.event === 'rollback' || line.event === 'fork')) {
    rollBackTo((line.point as { id: string }).id);
  }
}
const final = undo.map(({ undo: log }) => log);
const total = (pick: (log: Undo) => bigint) => final.reduce((sum, log) => sum + pick(log), 0n);

describe('ledger consistency of the generated JSON', () => {
  it('spends only existing, unspent outputs and preserves value in every transaction', () => {
    expect(problems).toEqual([]);
  });

  it('conserves lovelace over the final chain: genesis + withdrawals = UTxO + fees + deposits', () => {
    const genesis = chain.expected.genesisUtxos.reduce((sum, utxo) => sum + BigInt(utxo.lovelace), 0n);
    const held = [...utxos.values()].reduce((sum, utxo) => sum + utxo.lovelace, 0n);
    expect(genesis + total((log) => log.withdrawals)).toBe(
      held + total((log) => log.fees) + total((log) => log.deposits),
    );
  });
});

describe('expected state', () => {
  const expected = chain.expected;
  const expectedUtxos = Object.entries(expected.addresses).flatMap(([address, { utxos: list }]) =>
    list.map((utxo) => ({ address, ...utxo })),
  );

  it('lists exactly the unspent outputs of the final chain, with their values', () => {
    // Genesis outputs the chain never spends (the demo wallets') are only in genesisUtxos.
    const genesis = new Set(expected.genesisUtxos.map(({ txHash, index }) => `${txHash}#${index}`));
    const created = [...utxos.keys()].filter((key) => !genesis.has(key));
    expect(expectedUtxos.length).toBe(created.length);
    for (const utxo of expectedUtxos) {
      const replayed = utxos.get(`${utxo.txHash}#${utxo.index}`);
      expect(replayed?.address).toBe(utxo.address);
      expect(replayed?.lovelace.toString()).toBe(utxo.lovelace);
      expect(
        Object.fromEntries([...replayed!.assets].map(([unit, quantity]) => [unit, quantity.toString()])),
      ).toEqual(utxo.assets);
    }
  });

  it("knows the demo wallets' stake addresses from their genesis outputs, with those outputs' lovelace", () => {
    for (const { mnemonicAddress } of demoWallets(0)) {
      const base = CSL.BaseAddress.from_address(CSL.Address.from_bech32(mnemonicAddress))!;
      const stake = CSL.RewardAddress.new(0, base.stake_cred()).to_address().to_bech32();
      expect(expected.accounts[stake]).toMatchObject({
        registered: false,
        utxoLovelace: DEMO_WALLET_LOVELACE.toString(),
      });
    }
  });

  it('has per-block fees, outputs and transaction counts that match the final chain', () => {
    const blocks = undo.map(({ block }) => block);
    expect(expected.blocks.length).toBe(DEFAULT_OPTIONS.blocks);
    expected.blocks.forEach((record, i) => {
      const block = blocks[i]!;
      expect(record.hash).toBe(block.id);
      expect(record.txCount).toBe(block.transactions?.length ?? 0);
      expect(record.fees).toBe(record.txCount === 0 ? null : final[i]!.fees.toString());
      const created = final[i]!;
      expect(record.output).toBe(
        record.txCount === 0
          ? null
          : created.created.reduce((sum, key) => sum + utxoValue(key, blocks[i]!), 0n).toString(),
      );
    });
  });

  it('sums the base-address UTxOs of each stake credential into utxoLovelace (pointers add to it before Conway)', () => {
    const byStake = new Map<string, bigint>();
    for (const utxo of expectedUtxos) {
      if (CSL.ByronAddress.is_valid(utxo.address)) continue;
      const base = CSL.BaseAddress.from_address(CSL.Address.from_bech32(utxo.address));
      if (base === undefined) continue;
      const stake = CSL.RewardAddress.new(base.network_id(), base.stake_cred()).to_address().to_bech32();
      byStake.set(stake, (byStake.get(stake) ?? 0n) + BigInt(utxo.lovelace));
    }
    for (const [stakeAddress, account] of Object.entries(expected.accounts)) {
      const base = byStake.get(stakeAddress) ?? 0n;
      expect(BigInt(account.utxoLovelace)).toBeGreaterThanOrEqual(base);
      expect(BigInt(account.controlledAmount)).toBe(
        BigInt(account.utxoLovelace) + BigInt(account.withdrawableAmount),
      );
      expect(BigInt(account.rewardsSum)).toBe(
        BigInt(account.withdrawableAmount) + BigInt(account.withdrawalsSum),
      );
      if (!account.registered) expect(account.poolId).toBeNull();
    }
    expect([...byStake.keys()].every((stakeAddress) => stakeAddress in expected.accounts)).toBe(true);
  });

  it('reports the reward balances the last rewardAccounts events left on the server', () => {
    const latest = new Map<string, bigint | undefined>();
    for (const line of chain.lines) {
      if (!isEvent(line) || line.event !== 'rewardAccounts') continue;
      for (const account of line.accounts)
        latest.set(
          account.credential,
          'registered' in account ? undefined : BigInt(account.rewards.ada.lovelace),
        );
    }
    for (const [stakeAddress, account] of Object.entries(expected.accounts)) {
      const credential = Buffer.from(CSL.Address.from_bech32(stakeAddress).to_bytes().subarray(1)).toString(
        'hex',
      );
      if (account.registered) expect(latest.get(credential)).toBe(BigInt(account.withdrawableAmount));
      else expect(latest.get(credential) ?? 0n).toBe(0n);
    }
  });

  it('counts every asset mint and burn of valid transactions', () => {
    const counts = new Map<string, { quantity: bigint; count: number }>();
    for (const { block } of undo) {
      for (const tx of block.transactions ?? []) {
        if (tx.spends !== 'inputs') continue;
        for (const [policy, names] of Object.entries(tx.mint ?? {})) {
          for (const [name, quantity] of Object.entries(names)) {
            const known = counts.get(policy + name) ?? { quantity: 0n, count: 0 };
            counts.set(policy + name, {
              quantity: known.quantity + BigInt(quantity),
              count: known.count + 1,
            });
          }
        }
      }
    }
    expect(Object.keys(expected.assets).sort()).toEqual([...counts.keys()].sort());
    for (const [unit, { quantity, count }] of counts) {
      expect(expected.assets[unit]!.quantity).toBe(quantity.toString());
      expect(expected.assets[unit]!.mintOrBurnCount).toBe(count);
    }
    const withCip68 = Object.values(expected.assets).filter((asset) => asset.cip68ReferenceDatum !== null);
    expect(withCip68.length).toBeGreaterThan(0);
    expect(Object.values(expected.assets).some((asset) => asset.cip25Standard === 'CIP25v2')).toBe(true);
  });

  it('counts oracle tickers per output to the oracle address in valid transactions', () => {
    for (const [address, { tickers }] of Object.entries(expected.oracles)) {
      const counts = new Map<string, number>();
      for (const { block } of undo) {
        for (const tx of block.transactions ?? []) {
          const post = tx.metadata?.labels['1968']?.json as Record<string, unknown> | undefined;
          if (tx.spends !== 'inputs' || post === undefined) continue;
          const paid = tx.outputs.filter((out) => out.address === address).length;
          for (const ticker of Object.keys(post)) counts.set(ticker, (counts.get(ticker) ?? 0) + paid);
        }
      }
      expect(Object.fromEntries(Object.entries(tickers).map(([name, { count }]) => [name, count]))).toEqual(
        Object.fromEntries([...counts].filter(([, count]) => count > 0)),
      );
    }
  });
});

function utxoValue(key: string, block: GeneratedBlock): bigint {
  const [id, index] = key.split('#') as [string, string];
  const tx = block.transactions!.find((candidate) => candidate.id === id)!;
  const created = tx.spends === 'inputs' ? tx.outputs[Number(index)]! : tx.collateralReturn!;
  return BigInt(created.value.ada.lovelace);
}
