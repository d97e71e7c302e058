import type { Statement } from './sql.js';

/**
 * The running totals of /addresses/{address}/total and /accounts/{stake_address}/addresses/total and
 * /addresses/assets: what each address and account received (every output) and sent (every spent output),
 * in lovelace and per asset, and how many transactions touched it; and of /accounts/{stake_address}/addresses:
 * each payment credential an account was paired with, with its first output; and of /metadata/txs/labels: how many
 * transactions carry each label; and of /assets and /assets/policy/{policy_id}: each minted asset's mints and burns,
 * summed and counted, with its policy, first mint and place in first-mint order; and of /governance/dreps: every
 * DRep a certificate names, with the first one and their count; and of /assets/{asset}/addresses: what each address
 * received and sent of each asset in outputs of valid transactions (asset-holders.ts keeps their order). A batch
 * adds what its transactions changed; a rollback takes back, before deleting them, what the transactions after the
 * point changed. Both read that change from the same rows: outputs, spends and address_tx rows of the transactions
 * after `$1` (index ranges over those transactions only, the outputs and spends once for all totals).
 */
interface RunningTotal {
  table: string;
  keys: string[];
  /** set when the row is made and never changed after: what the key's first transactions say (its first mint) */
  kept?: string[];
  values: string[];
  /** the change of the transactions after $1, one row per key, columns as keys, kept, then values */
  change: string;
}

/** The outputs of the transactions after $1 that hold assets, by ma_tx_out's key: one range. */
const FIRST_OUTPUT_AFTER = `(SELECT id FROM tx_out WHERE tx_id > $1 ORDER BY tx_id, index LIMIT 1)`;

/**
 * The outputs the transactions after $1 created and those they spent, each read once for every total: most totals
 * need both, and a spent output is found by an index probe per spend.
 */
const CHANGED_OUTPUTS = `created AS MATERIALIZED (
    SELECT o.id, o.tx_id, o.address_id, o.stake_address_id, o.payment_cred, o.value, o.has_assets FROM tx_out o WHERE o.tx_id > $1
  ),
  spent AS MATERIALIZED (
    SELECT o.id, o.tx_id, o.address_id, o.stake_address_id, o.value, o.has_assets
    FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id WHERE sp.tx_id > $1
  )`;

function lovelaceChange(holder: string, transactions: string): string {
  const held = holder === 'address_id' ? '' : `WHERE o.${holder} IS NOT NULL`;
  return `SELECT ${holder}, sum(received) AS received, sum(sent) AS sent, sum(txs) AS tx_count FROM (
      SELECT o.${holder}, o.value AS received, 0 AS sent, 0 AS txs FROM created o ${held}
      UNION ALL
      SELECT o.${holder}, 0, o.value, 0 FROM spent o ${held}
      UNION ALL
      ${transactions}
    ) c GROUP BY ${holder}`;
}

function assetChange(holder: string): string {
  const held = holder === 'address_id' ? '' : `AND o.${holder} IS NOT NULL`;
  return `SELECT ${holder}, asset_id, sum(received) AS received, sum(sent) AS sent FROM (
      SELECT o.${holder}, m.asset_id, m.quantity AS received, 0 AS sent
      FROM ma_tx_out m JOIN created o ON o.id = m.tx_out_id WHERE m.tx_out_id >= ${FIRST_OUTPUT_AFTER} ${held}
      UNION ALL
      SELECT o.${holder}, m.asset_id, 0, m.quantity
      FROM spent o JOIN ma_tx_out m ON m.tx_out_id = o.id WHERE o.has_assets ${held}
    ) c GROUP BY ${holder}, asset_id`;
}

const TOTALS: readonly RunningTotal[] = [
  {
    table: 'address_total',
    keys: ['address_id'],
    values: ['received', 'sent', 'tx_count'],
    change: lovelaceChange('address_id', `SELECT address_id, 0, 0, 1 FROM address_tx WHERE tx_id > $1`),
  },
  {
    table: 'address_asset_total',
    keys: ['address_id', 'asset_id'],
    values: ['received', 'sent'],
    change: assetChange('address_id'),
  },
  {
    table: 'account_total',
    keys: ['stake_address_id'],
    values: ['received', 'sent', 'tx_count'],
    change: lovelaceChange(
      'stake_address_id',
      `SELECT stake_address_id, 0, 0, count(DISTINCT tx_id) FROM address_tx
       WHERE tx_id > $1 AND stake_address_id IS NOT NULL GROUP BY stake_address_id`,
    ),
  },
  {
    table: 'account_asset_total',
    keys: ['stake_address_id', 'asset_id'],
    values: ['received', 'sent'],
    change: assetChange('stake_address_id'),
  },
  {
    table: 'asset_holder',
    keys: ['asset_id', 'address_id'],
    values: ['received', 'sent'],
    change: `SELECT asset_id, address_id, sum(received) AS received, sum(sent) AS sent FROM (
      SELECT m.asset_id, o.address_id, m.quantity AS received, 0 AS sent
      FROM ma_tx_out m JOIN created o ON o.id = m.tx_out_id JOIN tx t ON t.id = o.tx_id
      WHERE m.tx_out_id >= ${FIRST_OUTPUT_AFTER} AND t.valid
      UNION ALL
      SELECT m.asset_id, o.address_id, 0, m.quantity
      FROM spent o JOIN ma_tx_out m ON m.tx_out_id = o.id JOIN tx t ON t.id = o.tx_id WHERE o.has_assets AND t.valid
    ) c GROUP BY asset_id, address_id`,
  },
  {
    table: 'account_address',
    keys: ['stake_address_id', 'payment_cred'],
    kept: ['first_tx_out_id', 'address_id'],
    values: ['outputs'],
    change: `SELECT o.stake_address_id, coalesce(o.payment_cred, ''::bytea) AS payment_cred,
        (min(ARRAY[o.id, o.address_id]))[1] AS first_tx_out_id, (min(ARRAY[o.id, o.address_id]))[2] AS address_id,
        count(*) AS outputs
      FROM created o WHERE o.stake_address_id IS NOT NULL
      GROUP BY o.stake_address_id, coalesce(o.payment_cred, ''::bytea)`,
  },
  {
    table: 'metadata_label_total',
    keys: ['label'],
    values: ['tx_count'],
    change: `SELECT label, count(*) AS tx_count FROM tx_metadata_cbor WHERE tx_id > $1 GROUP BY label`,
  },
  {
    table: 'asset_mint_total',
    keys: ['asset_id'],
    kept: ['policy', 'first_mint_id', 'position'],
    values: ['quantity', 'mint_count'],
    // position: an asset first minted here follows the last one numbered, in first-mint order. The assets minted
    // before are numbered apart (their row keeps its place), since a NOT NULL column cannot be left out of the
    // proposed row of an upsert.
    change: `SELECT c.asset_id, c.policy, c.first_mint_id,
        (SELECT coalesce(max(position), 0) FROM asset_mint_total)
          + row_number() OVER (PARTITION BY s.asset_id IS NULL ORDER BY c.first_mint_id) AS position,
        c.quantity, c.mint_count
      FROM (SELECT m.asset_id, a.policy, min(m.id) AS first_mint_id, sum(m.quantity) AS quantity, count(*) AS mint_count
            FROM asset_mint m JOIN asset a ON a.id = m.asset_id WHERE m.tx_id > $1 GROUP BY m.asset_id, a.policy) c
      LEFT JOIN asset_mint_total s ON s.asset_id = c.asset_id`,
  },
  {
    table: 'drep_named',
    keys: ['drep_kind', 'drep_hash'],
    kept: ['first_tx_id', 'first_cert_index'],
    values: ['namings'],
    change: `SELECT drep_kind, drep_hash, (min(ARRAY[tx_id, cert_index::int8]))[1] AS first_tx_id,
        (min(ARRAY[tx_id, cert_index::int8]))[2]::int AS first_cert_index, count(*) AS namings
      FROM (SELECT drep_kind, drep_hash, tx_id, cert_index FROM drep_registration WHERE tx_id > $1
            UNION ALL
            SELECT drep_kind, coalesce(drep_hash, ''::bytea), tx_id, cert_index FROM delegation_vote WHERE tx_id > $1) n
      GROUP BY drep_kind, drep_hash`,
  },
];

const sameKey = ({ keys }: RunningTotal) => keys.map((key) => `t.${key} = c.${key}`).join(' AND ');

/** Each total gains the change: one statement. */
const APPLY_SQL = `WITH ${CHANGED_OUTPUTS},
${TOTALS.map(
  (total, i) => `apply${i} AS (
  INSERT INTO ${total.table} (${[...total.keys, ...(total.kept ?? []), ...total.values].join(', ')}) ${total.change}
  ON CONFLICT (${total.keys.join(', ')}) DO UPDATE SET
    ${total.values.map((value) => `${value} = ${total.table}.${value} + EXCLUDED.${value}`).join(', ')})`,
).join(',\n')}
SELECT 1`;

/**
 * Each total loses the change: a row that only the removed transactions made (its values are all the change)
 * goes, as a recomputation would have no row for it; the others are cut, and their kept columns stay, as
 * transactions before the point made them. Both on the same snapshot.
 */
const UNDO_SQL = `WITH ${CHANGED_OUTPUTS},
${TOTALS.map((total, i) => {
  const whole = total.values.map((value) => `t.${value} = c.${value}`).join(' AND ');
  return `change${i} AS MATERIALIZED (${total.change}),
  gone${i} AS (DELETE FROM ${total.table} t USING change${i} c WHERE ${sameKey(total)} AND ${whole}),
  cut${i} AS (UPDATE ${total.table} t SET ${total.values.map((value) => `${value} = t.${value} - c.${value}`).join(', ')}
    FROM change${i} c WHERE ${sameKey(total)} AND NOT (${whole}))`;
}).join(',\n')}
SELECT 1`;

/** Adds what the transactions after `lastStoredTxId` (a batch's) changed, once their rows are written. */
export function applyHistoryTotals(lastStoredTxId: bigint): Statement {
  return { sql: APPLY_SQL, params: [lastStoredTxId] };
}

/** Takes back what the transactions after `lastKeptTxId` changed (run before deleting them). */
export function undoHistoryTotals(lastKeptTxId: bigint): Statement {
  return { sql: UNDO_SQL, params: [lastKeptTxId] };
}
