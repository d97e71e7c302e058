import pg from 'pg';
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
