import type { Pointer } from '@frostline/model';
import type { BatchKeys, BatchLookups, StoredOutput } from '../project/keys.js';
import { OutputMap } from '../project/output-map.js';
import { textArray, type Sql } from './sql.js';
import { scriptPaymentSql } from './utxo-supply.js';

/** Resolves everything a batch mentions that was stored before it, in one query per kind. */
export async function lookUp(sql: Sql, keys: BatchKeys): Promise<BatchLookups> {
  const [outputs, addressIds, stakeAddressIds, assetIds, pointers, knownDatums, knownScripts] =
    await Promise.all([
      storedOutputs(sql, keys),
      idsBy(sql, `SELECT id, address AS key FROM address WHERE address = ANY($1::text[])`, keys.addresses),
      idsBy(
        sql,
        `SELECT s.id, encode(s.hash_raw, 'hex') AS key FROM unnest($1::text[]) AS k(h) JOIN stake_address s ON s.hash_raw = decode(k.h, 'hex')`,
        keys.stakeAddresses,
      ),
      idsBy(
        sql,
        `SELECT a.id, encode(a.policy, 'hex') || encode(a.name, 'hex') AS key
       FROM unnest($1::text[], $2::text[]) AS k(policy, name)
       JOIN asset a ON a.policy = decode(k.policy, 'hex') AND a.name = decode(k.name, 'hex')`,
        keys.assets.map((unit) => unit.slice(0, 56)),
        keys.assets.map((unit) => unit.slice(56)),
      ),
      registrationsAt(sql, keys.pointers),
      hashesIn(sql, 'datum', keys.datums),
      hashesIn(sql, 'script', keys.scripts),
    ]);
  return { outputs, addressIds, stakeAddressIds, assetIds, pointers, knownDatums, knownScripts };
}

async function idsBy(sql: Sql, query: string, ...params: unknown[][]): Promise<Map<string, bigint>> {
  if (params[0]!.length === 0) return new Map();
  const rows = await sql.$queryRawUnsafe<{ id: bigint; key: string }[]>(query, ...params);
  return new Map(rows.map((r) => [r.key, r.id]));
}

async function storedOutputs(sql: Sql, keys: BatchKeys): Promise<OutputMap<StoredOutput>> {
  const outputs = new OutputMap<StoredOutput>();
  if (keys.spends.length === 0) return outputs;
  const rows = await sql.$queryRawUnsafe<
    {
      hash: string;
      index: number;
      id: bigint;
      address_id: bigint;
      value: bigint;
      stake_address_id: bigint | null;
      locked_by_script: boolean;
      payment_script_hash: string | null;
    }[]
  >(
    `SELECT encode(t.hash, 'hex') AS hash, o.index, o.id, o.address_id, o.value, o.stake_address_id,
       (${scriptPaymentSql('o.payment_cred', 'a.address')}) AS locked_by_script,
       CASE WHEN ${scriptPaymentSql('o.payment_cred', 'a.address')} THEN encode(o.payment_cred, 'hex') END
         AS payment_script_hash
     FROM unnest($1::text[], $2::text[]) AS r(hash, index)
     JOIN tx t ON t.hash = decode(r.hash, 'hex') JOIN tx_out o ON o.tx_id = t.id AND o.index = r.index::int4
     JOIN address a ON a.id = o.address_id`,
    keys.spends.map((s) => s.txHash),
    textArray(keys.spends.map((s) => s.index)),
  );
  for (const r of rows)
    outputs.set(
      { txHash: r.hash, index: r.index },
      {
        id: r.id,
        addressId: r.address_id,
        value: r.value,
        stakeAddressId: r.stake_address_id,
        lockedByScript: r.locked_by_script,
        paymentScriptHash: r.payment_script_hash,
      },
    );
  return outputs;
}

/** Pointer (slot, tx index, certificate index) → the stake address its registration certificate registered. */
// Pointers are unbounded naturals on chain; one beyond the columns' ranges points at nothing.
const INT4_MAX = 2n ** 31n - 1n;
const INT8_MAX = 2n ** 63n - 1n;

async function registrationsAt(sql: Sql, all: Pointer[]): Promise<Map<string, bigint>> {
  const pointers = all.filter((p) => p.slot <= INT8_MAX && p.txIndex <= INT4_MAX && p.certIndex <= INT4_MAX);
  if (pointers.length === 0) return new Map();
  const rows = await sql.$queryRawUnsafe<{ key: string; stake_address_id: bigint }[]>(
    `SELECT p.slot || '.' || p.tx_index || '.' || p.cert_index AS key, r.stake_address_id
     FROM unnest($1::text[], $2::text[], $3::text[]) AS p(slot, tx_index, cert_index)
     JOIN block b ON b.slot = p.slot::int8
     JOIN tx t ON t.block_id = b.id AND t.block_index = p.tx_index::int4
     JOIN stake_registration r ON r.tx_id = t.id AND r.cert_index = p.cert_index::int4 AND NOT r.deregistration`,
    pointers.map((p) => p.slot.toString()),
    pointers.map((p) => p.txIndex.toString()),
    pointers.map((p) => p.certIndex.toString()),
  );
  return new Map(rows.map((r) => [r.key, r.stake_address_id]));
}

async function hashesIn(sql: Sql, table: 'datum' | 'script', hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await sql.$queryRawUnsafe<{ hash: string }[]>(
    `SELECT encode(t.hash, 'hex') AS hash FROM unnest($1::text[]) AS k(h) JOIN ${table} t ON t.hash = decode(k.h, 'hex')`,
    hashes,
  );
  return new Set(rows.map((r) => r.hash));
}
