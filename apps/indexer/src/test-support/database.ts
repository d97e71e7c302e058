import pg from 'pg';
import { refreshHolderOrder } from '../sink/asset-holders.js';
import { applyHistoryTotals } from '../sink/history-totals.js';
import { scriptPaymentSql } from '../sink/utxo-supply.js';

export interface UtxoSums {
  lovelace: string;
  locked: string;
}

/** utxo_supply as the indexer maintains it, and the same sums computed over every unspent output. */
export async function utxoSupplyAndRecomputation(
  url: string,
): Promise<{ stored: UtxoSums; recomputed: UtxoSums }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ stored: UtxoSums; recomputed: UtxoSums }>(
      `SELECT
         (SELECT json_build_object('lovelace', lovelace::text, 'locked', locked::text) FROM utxo_supply) AS stored,
         json_build_object(
           'lovelace', COALESCE(sum(o.value), 0)::text,
           'locked', COALESCE(sum(o.value) FILTER (WHERE ${scriptPaymentSql('o.payment_cred', 'a.address')}), 0)::text
         ) AS recomputed
       FROM tx_out o JOIN address a ON a.id = o.address_id
       WHERE NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = o.id)`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

/**
 * The history tables' rows recomputed from every output and spend, as the migration that created them
 * filled them: what the batches' rows and running totals must add up to, whatever forks came between.
 */
const RECOMPUTED_HISTORY: Record<string, string> = {
  address_tx: `SELECT h.*, row_number() OVER (PARTITION BY h.address_id ORDER BY h.tx_id)::int4 AS position,
      CASE WHEN h.stake_address_id IS NOT NULL
        THEN row_number() OVER (PARTITION BY h.stake_address_id ORDER BY h.tx_id, h.tx_out_id)::int4 END AS account_position
    FROM (SELECT DISTINCT ON (l.address_id, l.tx_id) l.address_id, l.tx_id, l.stake_address_id, l.tx_out_id
      FROM (SELECT o.address_id, o.tx_id, o.stake_address_id, o.id AS tx_out_id FROM tx_out o
            UNION ALL
            SELECT o.address_id, sp.tx_id, o.stake_address_id, o.id FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id) l
      ORDER BY l.address_id, l.tx_id, l.tx_out_id) h`,
  asset_tx: `SELECT h.*, row_number() OVER (PARTITION BY h.asset_id ORDER BY h.tx_id)::int4 AS position
    FROM (SELECT DISTINCT m.asset_id, o.tx_id FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id) h`,
  address_total: `SELECT o.address_id, sum(o.value), coalesce(sum(o.value) FILTER (WHERE sp.tx_id IS NOT NULL), 0),
      (SELECT count(*) FROM (SELECT o2.tx_id FROM tx_out o2 WHERE o2.address_id = o.address_id
                             UNION SELECT sp2.tx_id FROM tx_out o2 JOIN tx_out_spend sp2 ON sp2.tx_out_id = o2.id
                             WHERE o2.address_id = o.address_id) t)
    FROM tx_out o LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id GROUP BY o.address_id`,
  address_asset_total: `SELECT o.address_id, m.asset_id, sum(m.quantity),
      coalesce(sum(m.quantity) FILTER (WHERE sp.tx_id IS NOT NULL), 0)
    FROM tx_out o JOIN ma_tx_out m ON m.tx_out_id = o.id LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
    GROUP BY o.address_id, m.asset_id`,
  account_total: `SELECT o.stake_address_id, sum(o.value), coalesce(sum(o.value) FILTER (WHERE sp.tx_id IS NOT NULL), 0),
      (SELECT count(DISTINCT a.tx_id) FROM address_tx a WHERE a.stake_address_id = o.stake_address_id)
    FROM tx_out o LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id WHERE o.stake_address_id IS NOT NULL
    GROUP BY o.stake_address_id`,
  account_asset_total: `SELECT o.stake_address_id, m.asset_id, sum(m.quantity),
      coalesce(sum(m.quantity) FILTER (WHERE sp.tx_id IS NOT NULL), 0)
    FROM tx_out o JOIN ma_tx_out m ON m.tx_out_id = o.id LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
    WHERE o.stake_address_id IS NOT NULL GROUP BY o.stake_address_id, m.asset_id`,
  asset_holder: `SELECT m.asset_id, o.address_id, sum(m.quantity),
      coalesce(sum(m.quantity) FILTER (WHERE sp.tx_id IS NOT NULL), 0), min(o.tx_id) FILTER (WHERE sp.tx_id IS NULL)
    FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id JOIN tx t ON t.id = o.tx_id
    LEFT JOIN tx_out_spend sp ON sp.tx_out_id = o.id
    WHERE t.valid GROUP BY m.asset_id, o.address_id`,
  account_address: `SELECT stake_address_id, coalesce(payment_cred, ''::bytea), (min(ARRAY[id, address_id]))[1],
      (min(ARRAY[id, address_id]))[2], count(*)
    FROM tx_out WHERE stake_address_id IS NOT NULL GROUP BY stake_address_id, coalesce(payment_cred, ''::bytea)`,
  metadata_label_total: `SELECT label, count(*) FROM tx_metadata_cbor GROUP BY label`,
  asset_mint_total: `SELECT m.asset_id, a.policy, min(m.id), sum(m.quantity), count(*),
      row_number() OVER (ORDER BY min(m.id))::int4
    FROM asset_mint m JOIN asset a ON a.id = m.asset_id GROUP BY m.asset_id, a.policy`,
  drep_named: `SELECT drep_kind, drep_hash, (min(ARRAY[tx_id, cert_index::int8]))[1], (min(ARRAY[tx_id, cert_index::int8]))[2]::int,
      count(*)
    FROM (SELECT drep_kind, drep_hash, tx_id, cert_index FROM drep_registration
          UNION ALL
          SELECT drep_kind, coalesce(drep_hash, ''::bytea), tx_id, cert_index FROM delegation_vote) n
    GROUP BY drep_kind, drep_hash`,
};

/**
 * The positions kept in rows that are the chain's own (sink/history-positions.ts), recomputed in their lists'
 * order; compared by row id.
 */
const RECOMPUTED_POSITIONS: Record<string, { column: string; numbering: string }> = {
  redeemer: {
    column: 'script_position',
    numbering:
      'CASE WHEN script_hash IS NOT NULL THEN row_number() OVER (PARTITION BY script_hash ORDER BY id) END',
  },
  tx_metadata_cbor: {
    column: 'label_position',
    numbering: 'row_number() OVER (PARTITION BY label ORDER BY tx_id, id)',
  },
};

/**
 * Fills the history tables from the outputs and spends stored, for tests that write those rows themselves
 * (apps/api's ChainSeed) instead of through the indexer.
 */
export async function refillHistory(client: pg.Client): Promise<void> {
  for (const [table, sql] of Object.entries(RECOMPUTED_HISTORY)) {
    await client.query(`DELETE FROM "${table}"`);
    await client.query(`INSERT INTO "${table}" ${sql}`);
  }
}

/**
 * Fills the running totals and the holders' order with the batch writer's own statements, as if one batch had written
 * every stored transaction: for a seeded database whose totals are still empty, in tests that check what the indexer
 * keeps rather than a recomputation of it.
 */
export async function applyTotalsAsIndexer(client: pg.Client): Promise<void> {
  for (const statement of [applyHistoryTotals(0n), refreshHolderOrder(0n)]) {
    await client.query(statement.sql, statement.params);
  }
}

/** The history tables and positions as stored and as recomputed, table by table, rows as comparable text. */
export async function historyAndRecomputation(
  url: string,
): Promise<{ stored: Record<string, string[]>; recomputed: Record<string, string[]> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stored: Record<string, string[]> = {};
    const recomputed: Record<string, string[]> = {};
    const rows = async (query: string) =>
      (await client.query<{ row: string }>(`SELECT t::text AS row FROM (${query}) t ORDER BY 1`)).rows.map(
        (r) => r.row,
      );
    for (const [table, sql] of Object.entries(RECOMPUTED_HISTORY)) {
      stored[table] = await rows(`SELECT * FROM "${table}"`);
      recomputed[table] = await rows(sql);
    }
    for (const [table, { column, numbering }] of Object.entries(RECOMPUTED_POSITIONS)) {
      const name = `${table}.${column}`;
      stored[name] = await rows(`SELECT id, ${column} FROM "${table}"`);
      recomputed[name] = await rows(`SELECT id, (${numbering})::int4 FROM "${table}"`);
    }
    return { stored, recomputed };
  } finally {
    await client.end();
  }
}
