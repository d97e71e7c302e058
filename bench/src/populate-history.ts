// The history of the API benchmark database (issue #50): the rows behind the history paths (address_tx,
// asset_tx, the running totals, redeemers and scripts, every metadata label's CBOR) and the whales planted in
// the chain populate.ts generates, so that each history path has a key as large as mainnet's largest:
//   the whale address gets output o ≡ 5 (mod 9) (one in every third transaction) unless o introduces an
//   address or is a busy or long-lived one, each holding the whale asset, spent as other outputs are;
//   the whale account (stake address 2) is the stake part of one in `accountEvery` of the addresses that reuse
//   an older stake credential;
//   the whale asset (asset 6, a fungible token minted in the chain's first transactions) is also the first
//   asset of one in 20 of the other outputs holding assets;
//   the whale policy mints the first `policyAssets` assets;
//   the whale script (the reference script of output 3) runs the first redeemer of every Plutus transaction;
//   a tenth of the transactions carry a CIP-20 message (label 674), one in 50 a label of `labels` others.
// The derived rows are computed from the generated ones with the SQL of the migration that introduced them
// (prisma/migrations/20261202030000_address_and_asset_history), the indexer's definition of each; at quick scale
// the totals are checked against the indexer's own running-total statement (checkHistoryTotals).
import pg from 'pg';

export interface HistoryShape {
  whaleAddress: number;
  whaleAccount: number;
  /** one in accountEvery of the addresses reusing an older stake credential gets the whale account's */
  accountEvery: number;
  whaleAsset: number;
  /** the assets 1..policyAssets share the whale policy */
  policyAssets: number;
  /** the output whose reference script is the whale script */
  whaleScriptOutput: number;
  /** metadata labels besides 674 and 721 */
  labels: number;
}

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(x)));

/**
 * The whales of a history of A addresses, AS assets and T transactions; `hot`: the number of hot addresses,
 * past which (and the long-lived address) the whale address is. At full scale (5M addresses) the whale account
 * has 25,000 addresses, the policy 10,000 assets; at the quick run's, about 3,000 and 2,000.
 */
export function historyShape(A: number, AS: number, T: number, hot: number): HistoryShape {
  return {
    whaleAddress: hot + 3,
    whaleAccount: 2,
    accountEvery: clamp(A / 62_500, 4, 80),
    whaleAsset: 6,
    policyAssets: 10 * clamp(AS / 55, 200, 1_000),
    whaleScriptOutput: 3,
    labels: clamp(T / 40, 1_000, 20_000),
  };
}

type DefineFunction = (signature: string, returns: string, body: string) => Promise<unknown>;

/**
 * The generation functions populate.ts's own use to plant the whales; they need bench_gen.h only, so they
 * are defined right after it. `busy`: populate.ts's busyEvery.
 */
export async function historyFunctions(fn: DefineFunction, shape: HistoryShape, busy: number) {
  // Not an address's first output (o ≡ 1 mod 4), nor a busy (≡ 2) or long-lived (≡ 4 mod busy) one.
  await fn(
    'whale_out(o int8)',
    'bool',
    `SELECT o % 9 = 5 AND o % 4 <> 1 AND o % ${busy} NOT IN (2, 4) AND o > 4 * ${shape.whaleAddress} - 3`,
  );
  await fn(
    'whale_stake(a int8)',
    'bool',
    `SELECT a % 5 >= 3 AND bench_gen.h(a, 60) % ${shape.accountEvery} = 0`,
  );
  await fn(
    'policy_group(k int8)',
    'int8',
    `SELECT CASE WHEN k <= ${shape.policyAssets} THEN 0 ELSE (k - 1) / 10 END`,
  );
  // Where an output's assets start among the n minted so far: the whale asset for one in 20.
  await fn(
    'first_asset(o int8, n int8)',
    'int8',
    `SELECT CASE WHEN n >= ${shape.whaleAsset} AND bench_gen.h(o, 62) % 20 = 0 THEN ${shape.whaleAsset - 1} ELSE bench_gen.h(o, 9) END`,
  );
}

export interface HistoryLoad {
  table: string;
  sql: string;
  params: unknown[];
}

export interface HistoryLoads {
  /** functions of row numbers alone */
  independent: HistoryLoad[];
  /** read the generated tables (outputs, spends, assets, metadata) */
  derived: HistoryLoad[];
  /** read the derived ones */
  totals: HistoryLoad[];
}

const load = (table: string, sql: string): HistoryLoad => ({ table, sql, params: [] });

/** T transactions, O outputs. */
export function historyLoads(shape: HistoryShape, T: number, O: number): HistoryLoads {
  const whaleScript = `substring(bench_gen.sha(${shape.whaleScriptOutput}, 'script') from 1 for 28)`;
  return {
    independent: [
      // Outputs carrying a reference script (populate.ts: every 1,000th from output 3) carry a Plutus V3 script.
      load(
        'script',
        `INSERT INTO script (id, hash, language, bytes, tx_id)
         SELECT row_number() OVER (ORDER BY o), bench_gen.ref_script_of(o), 'plutus:v3',
           '\\x5901'::bytea || bench_gen.sha(o, 'script body') || bench_gen.sha(o, 'script tail'), bench_gen.tx_of_out(o)
         FROM generate_series(3, ${O}::int8, 1000) o`,
      ),
      // As many as the transaction's redeemer_count: a spend by the whale script, a mint by the reference script.
      load(
        'redeemer',
        `INSERT INTO redeemer (id, tx_id, purpose, index, unit_mem, unit_steps, script_hash, redeemer_data_hash,
           script_position)
         SELECT r.*, row_number() OVER (PARTITION BY r.script_hash ORDER BY r.id) FROM (
           SELECT row_number() OVER (ORDER BY t, i) AS id, t, CASE WHEN i = 0 THEN 'spend' ELSE 'mint' END, 0,
             100000 + bench_gen.h(2 * t + i, 64) % 10000000, 50000000 + bench_gen.h(2 * t + i, 65) % 2000000000,
             CASE WHEN i = 0 THEN ${whaleScript} ELSE bench_gen.ref_script_of(bench_gen.ref_out(t)) END AS script_hash,
             bench_gen.sha(2 * t + i, 'redeemer data')
           FROM generate_series(2, ${T}::int8) t, generate_series(0, 1) i
           WHERE bench_gen.plutus(t) AND i < 1 + bench_gen.h(t, 41) % 2
         ) r`,
      ),
    ],
    derived: [
      // Every label's CBOR ({label: value}): CIP-25's (tx_metadata), CIP-20 messages and the other labels.
      load(
        'tx_metadata_cbor',
        `INSERT INTO tx_metadata_cbor (id, tx_id, label, bytes, label_position)
         SELECT id, tx_id, label, bytes, row_number() OVER (PARTITION BY label ORDER BY tx_id, id) FROM (
           SELECT row_number() OVER (ORDER BY tx_id, label) AS id, tx_id, label, bytes FROM (
             SELECT tx_id, label, bytes FROM tx_metadata
             UNION ALL
             SELECT t, 674, '\\xa11902a2a1636d7367817840'::bytea || convert_to(encode(bench_gen.sha(t, 'msg'), 'hex'), 'UTF8')
             FROM generate_series(1, ${T}::int8) t WHERE bench_gen.h(t, 70) % 10 = 0
             UNION ALL
             SELECT t, l, '\\xa119'::bytea || int2send(l::int2) || '\\x5820'::bytea || bench_gen.sha(t, 'label')
             FROM generate_series(1, ${T}::int8) t, LATERAL (SELECT 1000 + bench_gen.h(t, 72) % ${shape.labels} AS l) x
             WHERE bench_gen.h(t, 71) % 50 = 0
           ) m
         ) n`,
      ),
      load(
        'address_tx',
        `INSERT INTO address_tx
         SELECT h.*, row_number() OVER (PARTITION BY h.address_id ORDER BY h.tx_id),
           CASE WHEN h.stake_address_id IS NOT NULL
             THEN row_number() OVER (PARTITION BY h.stake_address_id ORDER BY h.tx_id, h.tx_out_id) END
         FROM (
           SELECT DISTINCT ON (l.address_id, l.tx_id) l.address_id, l.tx_id, l.stake_address_id, l.tx_out_id FROM (
             SELECT o.address_id, o.tx_id, o.stake_address_id, o.id AS tx_out_id FROM tx_out o
             UNION ALL
             SELECT o.address_id, sp.tx_id, o.stake_address_id, o.id FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
           ) l
           ORDER BY l.address_id, l.tx_id, l.tx_out_id
         ) h`,
      ),
      load(
        'asset_tx',
        `INSERT INTO asset_tx SELECT h.*, row_number() OVER (PARTITION BY h.asset_id ORDER BY h.tx_id)
         FROM (SELECT DISTINCT m.asset_id, o.tx_id FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id) h`,
      ),
      load(
        'address_asset_total',
        `INSERT INTO address_asset_total
         SELECT address_id, asset_id, sum(received), sum(sent) FROM (
           SELECT o.address_id, m.asset_id, m.quantity AS received, 0 AS sent FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id
           UNION ALL
           SELECT o.address_id, m.asset_id, 0, m.quantity
           FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN ma_tx_out m ON m.tx_out_id = o.id
         ) c GROUP BY address_id, asset_id`,
      ),
      load(
        'asset_holder',
        `INSERT INTO asset_holder
         SELECT m.asset_id, o.address_id, sum(m.quantity),
           coalesce(sum(m.quantity) FILTER (WHERE sp.tx_id IS NOT NULL), 0), min(o.tx_id) FILTER (WHERE sp.tx_id IS NULL)
         FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id JOIN tx t ON t.id = o.tx_id
         LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
         WHERE t.valid GROUP BY m.asset_id, o.address_id`,
      ),
      load(
        'account_asset_total',
        `INSERT INTO account_asset_total
         SELECT stake_address_id, asset_id, sum(received), sum(sent) FROM (
           SELECT o.stake_address_id, m.asset_id, m.quantity AS received, 0 AS sent
           FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id WHERE o.stake_address_id IS NOT NULL
           UNION ALL
           SELECT o.stake_address_id, m.asset_id, 0, m.quantity
           FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id JOIN ma_tx_out m ON m.tx_out_id = o.id
           WHERE o.stake_address_id IS NOT NULL
         ) c GROUP BY stake_address_id, asset_id`,
      ),
    ],
    totals: [
      load(
        'address_total',
        `INSERT INTO address_total
         SELECT address_id, sum(received), sum(sent), sum(txs) FROM (
           SELECT address_id, value AS received, 0 AS sent, 0 AS txs FROM tx_out
           UNION ALL
           SELECT o.address_id, 0, o.value, 0 FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
           UNION ALL
           SELECT address_id, 0, 0, 1 FROM address_tx
         ) c GROUP BY address_id`,
      ),
      load(
        'account_total',
        `INSERT INTO account_total
         SELECT stake_address_id, sum(received), sum(sent), sum(txs) FROM (
           SELECT stake_address_id, value AS received, 0 AS sent, 0 AS txs FROM tx_out WHERE stake_address_id IS NOT NULL
           UNION ALL
           SELECT o.stake_address_id, 0, o.value, 0
           FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id WHERE o.stake_address_id IS NOT NULL
           UNION ALL
           SELECT stake_address_id, 0, 0, count(DISTINCT tx_id) FROM address_tx WHERE stake_address_id IS NOT NULL
           GROUP BY stake_address_id
         ) c GROUP BY stake_address_id`,
      ),
      load(
        'account_address',
        `INSERT INTO account_address
         SELECT stake_address_id, coalesce(payment_cred, ''::bytea), (min(ARRAY[id, address_id]))[1],
           (min(ARRAY[id, address_id]))[2], count(*)
         FROM tx_out WHERE stake_address_id IS NOT NULL GROUP BY stake_address_id, coalesce(payment_cred, ''::bytea)`,
      ),
      load(
        'metadata_label_total',
        `INSERT INTO metadata_label_total SELECT label, count(*) FROM tx_metadata_cbor GROUP BY label`,
      ),
      load(
        'asset_mint_total',
        `INSERT INTO asset_mint_total SELECT m.asset_id, a.policy, min(m.id), sum(m.quantity), count(*),
           row_number() OVER (ORDER BY min(m.id))
         FROM asset_mint m JOIN asset a ON a.id = m.asset_id GROUP BY m.asset_id, a.policy`,
      ),
      load(
        'drep_named',
        `INSERT INTO drep_named
         SELECT drep_kind, drep_hash, (min(ARRAY[tx_id, cert_index::int8]))[1], (min(ARRAY[tx_id, cert_index::int8]))[2]::int,
           count(*)
         FROM (SELECT drep_kind, drep_hash, tx_id, cert_index FROM drep_registration
               UNION ALL
               SELECT drep_kind, coalesce(drep_hash, ''::bytea), tx_id, cert_index FROM delegation_vote) n
         GROUP BY drep_kind, drep_hash`,
      ),
    ],
  };
}

const TOTAL_TABLES = [
  'address_total',
  'address_asset_total',
  'account_total',
  'account_asset_total',
  'account_address',
  'metadata_label_total',
  'asset_mint_total',
  'drep_named',
  'asset_holder',
];

/**
 * Whether the running totals are what the indexer would have written: its own statements (applyHistoryTotals of
 * apps/indexer, then refreshHolderOrder for the holders' order) run over every transaction into emptied tables, compared row for row with the populated ones, in
 * a transaction rolled back. Needs the tables' keys (the statement's ON CONFLICT). Throws on a difference.
 */
export async function checkHistoryTotals(client: pg.Client): Promise<void> {
  type Statement = { sql: string; params: unknown[] };
  const { applyHistoryTotals } = (await import(
    new URL('../../apps/indexer/dist/sink/history-totals.js', import.meta.url).href
  )) as { applyHistoryTotals(lastStoredTxId: bigint): Statement };
  const { refreshHolderOrder } = (await import(
    new URL('../../apps/indexer/dist/sink/asset-holders.js', import.meta.url).href
  )) as { refreshHolderOrder(lastStoredTxId: bigint): Statement };
  await client.query('BEGIN');
  try {
    for (const table of TOTAL_TABLES) {
      await client.query(`CREATE TEMP TABLE populated_${table} ON COMMIT DROP AS SELECT * FROM ${table}`);
      await client.query(`TRUNCATE ${table}`);
    }
    for (const statement of [applyHistoryTotals(0n), refreshHolderOrder(0n)])
      await client.query(statement.sql, statement.params);
    const differences: string[] = [];
    for (const table of TOTAL_TABLES) {
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM (SELECT * FROM ${table} EXCEPT ALL SELECT * FROM populated_${table}) d)::int AS missing,
                (SELECT count(*) FROM (SELECT * FROM populated_${table} EXCEPT ALL SELECT * FROM ${table}) d)::int AS extra,
                (SELECT count(*) FROM ${table})::int AS n`,
      );
      const { missing, extra, n } = rows[0] as { missing: number; extra: number; n: number };
      if (n === 0 || missing > 0 || extra > 0)
        differences.push(
          `${table}: ${n} rows by the indexer, ${missing} not populated, ${extra} populated not by it`,
        );
    }
    if (differences.length > 0)
      throw new Error(`running totals differ from the indexer's: ${differences.join('; ')}`);
  } finally {
    await client.query('ROLLBACK');
  }
}

export interface HistorySamples {
  whaleAddress: { address: string; transactions: number; utxos: number };
  whaleAccount: {
    stakeAddress: string;
    addresses: number;
    assets: number;
    transactions: number;
    utxos: number;
  };
  /** the large account's (populate.ts) certificate and withdrawal rows */
  largeAccountRows: { delegations: number; registrations: number; withdrawals: number };
  whaleAsset: { unit: string; transactions: number; holders: number };
  whalePolicy: { policy: string; assets: number };
  whaleScript: { hash: string; redeemers: number };
  labels: number;
  whaleLabel: { label: string; transactions: number };
  assets: number;
  /** the block with the most transactions (populate.ts plants one full block) */
  fullBlock: { height: number; transactions: number; addresses: number };
}

type RealKeys = (client: pg.Client, ids: number[]) => Promise<Map<number, string>>;

/**
 * The whales' keys, given their real encodings by populate.ts's functions, and the sizes of their lists (for
 * the deep pages and the rows' names). `largeAccount`: the stake address id of populate.ts's large account.
 */
export async function historySamples(
  client: pg.Client,
  shape: HistoryShape,
  largeAccount: number,
  real: { addresses: RealKeys; stakeAddresses: RealKeys; assets: RealKeys },
): Promise<HistorySamples> {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await client.query(`SELECT (${sql})::int8 AS n`, params)).rows[0].n);
  const address = shape.whaleAddress;
  const account = shape.whaleAccount;
  const asset = shape.whaleAsset;
  const [addressText] = [...(await real.addresses(client, [address])).values()];
  const [accountText] = [...(await real.stakeAddresses(client, [account])).values()];
  const [unit] = [...(await real.assets(client, [asset])).values()];
  const { rows: policy } = await client.query(
    `SELECT encode(policy, 'hex') AS policy, (SELECT count(*) FROM asset p WHERE p.policy = a.policy)::int AS assets
     FROM asset a WHERE id = 1`,
  );
  const { rows: script } = await client.query(
    `SELECT encode(hash, 'hex') AS hash, (SELECT count(*) FROM redeemer r WHERE r.script_hash = s.hash)::int AS n
     FROM script s WHERE s.hash = bench_gen.ref_script_of($1)`,
    [shape.whaleScriptOutput],
  );
  const {
    rows: [fullBlock],
  } = await client.query(`SELECT id, height, tx_count FROM block ORDER BY tx_count DESC, id LIMIT 1`);
  return {
    whaleAddress: {
      address: addressText!,
      transactions: await count(`SELECT count(*) FROM address_tx WHERE address_id = $1`, [address]),
      utxos: await count(`SELECT count(*) FROM unspent_tx_out WHERE address_id = $1`, [address]),
    },
    whaleAccount: {
      stakeAddress: accountText!,
      addresses: await count(`SELECT count(DISTINCT address_id) FROM tx_out WHERE stake_address_id = $1`, [
        account,
      ]),
      assets: await count(
        `SELECT count(*) FROM account_asset_total WHERE stake_address_id = $1 AND received > sent`,
        [account],
      ),
      transactions: await count(`SELECT count(*) FROM address_tx WHERE stake_address_id = $1`, [account]),
      utxos: await count(`SELECT count(*) FROM unspent_tx_out WHERE stake_address_id = $1`, [account]),
    },
    largeAccountRows: {
      delegations: await count(`SELECT count(*) FROM delegation WHERE stake_address_id = $1`, [largeAccount]),
      registrations: await count(`SELECT count(*) FROM stake_registration WHERE stake_address_id = $1`, [
        largeAccount,
      ]),
      withdrawals: await count(`SELECT count(*) FROM withdrawal WHERE stake_address_id = $1`, [largeAccount]),
    },
    whaleAsset: {
      unit: unit!,
      transactions: await count(`SELECT count(*) FROM asset_tx WHERE asset_id = $1`, [asset]),
      holders: await count(`SELECT count(DISTINCT address_id) FROM unspent_ma_tx_out WHERE asset_id = $1`, [
        asset,
      ]),
    },
    whalePolicy: { policy: policy[0].policy, assets: policy[0].assets },
    whaleScript: { hash: script[0].hash, redeemers: script[0].n },
    labels: await count(`SELECT count(*) FROM metadata_label_total`),
    whaleLabel: {
      label: '674',
      transactions: await count(`SELECT tx_count FROM metadata_label_total WHERE label = 674`),
    },
    assets: await count(`SELECT count(*) FROM asset_mint`),
    fullBlock: {
      height: fullBlock.height,
      transactions: fullBlock.tx_count,
      addresses: await count(
        `SELECT count(DISTINCT o.address_id) FROM tx t
         JOIN LATERAL (SELECT tx_out_id FROM tx_out_spend s WHERE s.tx_id = t.id
                       UNION ALL SELECT id FROM tx_out WHERE tx_out.tx_id = t.id) touched ON true
         JOIN tx_out o ON o.id = touched.tx_out_id
         WHERE t.block_id = $1`,
        [fullBlock.id],
      ),
    },
  };
}
