import type { Statement } from './sql.js';

/**
 * SQL that is true for a Shelley address whose payment credential is a script: CIP-19 header types
 * 1, 3, 5 and 7, the 2-bit of the first bech32 data character's value.
 */
export function scriptPaymentSql(paymentCred: string, address: string): string {
  return `${paymentCred} IS NOT NULL AND (strpos('qpzry9x8gf2tvdw0s3jn54khce6mua7l', substr(${address}, strpos(${address}, '1') + 1, 1)) - 1) & 2 = 2`;
}

/**
 * utxo_supply (GET /network's circulating and locked lovelace) is kept equal to the sums over the
 * unspent outputs, so that no request has to pass over the whole UTxO set. A batch adds the change
 * its projection counted (write-rows.ts); a rollback takes back, before deleting them, what the
 * transactions after `$1` changed: what their unspent outputs add minus what they spent of older
 * outputs, read from the rows it removes (index ranges over those transactions only).
 */
const UNDO_SQL = `WITH changed AS (
    SELECT o.value, o.address_id, o.payment_cred FROM tx_out o
    WHERE o.tx_id > $1 AND EXISTS (SELECT 1 FROM unspent_tx_out u WHERE u.tx_out_id = o.id)
    UNION ALL
    SELECT -o.value, o.address_id, o.payment_cred FROM tx_out_spend sp JOIN tx_out o ON o.id = sp.tx_out_id
    WHERE sp.tx_id > $1 AND o.tx_id <= $1
  ),
  change AS (
    SELECT COALESCE(sum(c.value), 0) AS lovelace, COALESCE(sum(c.value) FILTER (
      WHERE ${scriptPaymentSql('c.payment_cred', 'a.address')}
    ), 0) AS locked
    FROM changed c JOIN address a ON a.id = c.address_id
  )
UPDATE utxo_supply s SET lovelace = s.lovelace - change.lovelace, locked = s.locked - change.locked
FROM change WHERE s.id = 1`;

/** Takes back what the transactions after `lastKeptTxId` changed (run before deleting them). */
export function undoSupplyChange(lastKeptTxId: bigint): Statement {
  return { sql: UNDO_SQL, params: [lastKeptTxId] };
}
