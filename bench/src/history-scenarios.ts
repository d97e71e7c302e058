// The API rows of the history paths (issue #50), each on its whale (populate-history.ts): page 1 and a random
// deep page of every list, and the running totals. Their limits are the issue's: a page 1 within 20 ms and a
// deep page within 100 ms at 500 req/s, a total within 10 ms.
import type { Scenario } from './scenario.js';
import type { Samples } from './populate.js';

export const HISTORY_LIMITS = { page1Ms: 20, deepPageMs: 100, totalMs: 10 };

const PREFIX = 'history: ';

/** The history limit of a row, null for the other rows. */
export function historyLimit(name: string): number | null {
  if (!name.startsWith(PREFIX)) return null;
  const totals = name.includes('/total') || name.includes('/addresses/assets');
  if (name.includes('deep page')) return HISTORY_LIMITS.deepPageMs;
  return totals ? HISTORY_LIMITS.totalMs : HISTORY_LIMITS.page1Ms;
}

/** The path of a history row, as its name shows it: `/addresses/{address}/utxos`. */
export function historyPath(name: string): string {
  return name.slice(`${PREFIX}GET `.length).split(',')[0]!;
}

const n = (count: number) => count.toLocaleString('en');

export function historyScenarios(samples: Samples): Omit<Scenario, 'key'>[] {
  const { history } = samples;
  const rows: Omit<Scenario, 'key'>[] = [];
  /** page 1, and a random deep page when the list has more than one page */
  const list = (
    path: string,
    whale: string,
    size: number,
    options: { tipCached?: boolean; quick?: boolean } = {},
  ) => {
    const base = `${PREFIX}GET ${path.replace(/\/[^/]+/g, (segment) => keyName(segment))}, ${whale}`;
    const pages = Math.max(1, Math.floor(size / 100));
    rows.push({
      name: `${base}, page 1`,
      path: () => `${path}?count=100&page=1`,
      tipCached: options.tipCached,
      quick: options.quick,
    });
    if (pages > 1)
      rows.push({
        name: `${base}, random deep page (count=100, ${n(pages)} pages)`,
        path: () => `${path}?count=100&page=${1 + Math.floor(Math.random() * pages)}`,
        tipCached: options.tipCached,
        quick: options.quick,
      });
  };
  // The row's name shows each key as its parameter's name.
  const keys = new Map<string, string>();
  const keyName = (segment: string) => `/${keys.get(segment.slice(1)) ?? segment.slice(1)}`;
  const address = history.whaleAddress;
  const account = history.whaleAccount;
  keys.set(address.address, '{address}');
  keys.set(account.stakeAddress, '{stake_address}');
  keys.set(samples.largeAccount, '{stake_address}');
  keys.set(history.whaleAsset.unit, '{asset}');
  keys.set(history.whalePolicy.policy, '{policy_id}');
  keys.set(history.whaleScript.hash, '{script_hash}');
  keys.set(history.whaleLabel.label, '{label}');

  const whaleAddress = `whale address (${n(address.transactions)} transactions, ${n(address.utxos)} UTxOs)`;
  list(`/addresses/${address.address}/transactions`, whaleAddress, address.transactions, { quick: true });
  list(`/addresses/${address.address}/txs`, whaleAddress, address.transactions);
  list(`/addresses/${address.address}/utxos`, whaleAddress, address.utxos, { tipCached: true });
  rows.push({
    name: `${PREFIX}GET /addresses/{address}/total, ${whaleAddress}`,
    path: () => `/addresses/${address.address}/total`,
    quick: true,
  });

  const whaleAccount = `whale account (${n(account.addresses)} addresses, ${n(account.assets)} assets held, ${n(account.transactions)} address transactions, ${n(account.utxos)} UTxOs)`;
  const accountPath = (tail: string) => `/accounts/${account.stakeAddress}/${tail}`;
  list(accountPath('addresses'), whaleAccount, account.addresses);
  list(accountPath('addresses/assets'), whaleAccount, account.assets);
  list(accountPath('utxos'), whaleAccount, account.utxos);
  list(accountPath('transactions'), whaleAccount, account.transactions);
  rows.push({
    name: `${PREFIX}GET /accounts/{stake_address}/addresses/total, ${whaleAccount}`,
    path: () => accountPath('addresses/total'),
  });
  const large = history.largeAccountRows;
  const largeAccount = `large account (${n(large.delegations)} delegations, ${n(large.registrations)} registrations, ${n(large.withdrawals)} withdrawals)`;
  for (const tail of ['delegations', 'registrations', 'withdrawals'] as const)
    list(`/accounts/${samples.largeAccount}/${tail}`, largeAccount, large[tail]);

  const block = history.fullBlock;
  keys.set(String(block.height), '{hash_or_number}');
  const fullBlock = `full block (${n(block.transactions)} transactions, ${n(block.addresses)} addresses)`;
  list(`/blocks/${block.height}/txs`, fullBlock, block.transactions);
  list(`/blocks/${block.height}/addresses`, fullBlock, block.addresses);

  list('/assets', `every asset (${n(history.assets)})`, history.assets);
  const asset = history.whaleAsset;
  const whaleAsset = `whale asset (${n(asset.transactions)} transactions, ${n(asset.holders)} holders)`;
  list(`/assets/${asset.unit}/history`, whaleAsset, 1);
  list(`/assets/${asset.unit}/transactions`, whaleAsset, asset.transactions);
  list(`/assets/${asset.unit}/addresses`, whaleAsset, asset.holders);
  const policy = history.whalePolicy;
  list(`/assets/policy/${policy.policy}`, `whale policy (${n(policy.assets)} assets)`, policy.assets, {
    quick: true,
  });

  const script = history.whaleScript;
  list(
    `/scripts/${script.hash}/redeemers`,
    `whale script (${n(script.redeemers)} redeemers)`,
    script.redeemers,
  );
  list('/metadata/txs/labels', `every label (${n(history.labels)})`, history.labels);
  const label = history.whaleLabel;
  list(
    `/metadata/txs/labels/${label.label}`,
    `CIP-20 messages (${n(label.transactions)} transactions)`,
    label.transactions,
  );
  return rows;
}
