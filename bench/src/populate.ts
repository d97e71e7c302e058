// Bulk population of the API benchmark database: mainnet-scale tables filled with `INSERT … SELECT
// generate_series(…)` in PostgreSQL, with rows shaped exactly as the indexer writes them (same
// columns, ids in chain order, tx_out_spend and unspent_tx_out, stake_balance and
// unspent_ma_tx_out and address_utxo maintained, first_block_id of first sightings). Everything is a deterministic function of the row
// number, so no table is read back while another is written:
//   output o belongs to transaction (o-1)/3+1, transaction t to block (t-1)/4+1;
//   output o ≡ 1 (mod 4) introduces address (o+3)/4, other outputs reuse an older address (30% a hot
//   one), every `busyEvery`-th output goes to the busy address 1 with the busy asset 1 (never spent;
//   100,001 of them at full scale);
//   address a ≡ 1,2 (mod 5) introduces a stake credential, ≡ 3,4 reuses an older one, ≡ 0 is an
//   enterprise address; asset k is minted in transaction 1 + (k-1)·T/ASSETS;
//   85% of outputs are spent by a transaction up to 5,000 later (2.55 inputs per transaction, as mainnet's 2–3);
//   5% of transactions run Plutus scripts: 1–2 redeemers, a collateral input, half of them a
//   reference input to one of the reference-script outputs (every 1,000th) and a collateral return;
//   every epoch has the protocol parameters the devnet reports for mainnet.
// The queried sample (addresses, stake addresses, assets) gets real bech32 strings and CIP-14
// fingerprints computed with @frostline/model; the other rows get strings of the same shape and length.
// The history tables and the whales planted for them: populate-history.ts.
import { performance } from 'node:perf_hooks';
import { applyMigrations, DREP_DELEGATORS_SQL, POOL_DELEGATORS_QUERY } from '@frostline/db';
import { assetFingerprint, encodeShelleyAddress, stakeAddressFromCredential } from '@frostline/model';
import pg from 'pg';
import {
  DREPS,
  LARGEST_DREP,
  LARGEST_DREP_SHARE,
  LARGEST_POOL,
  LARGEST_POOL_SHARE,
  POOLS,
  drepHash,
  drepId,
  poolHash,
  poolId,
  stakingLoads,
} from './staking-population.js';
import {
  checkHistoryTotals,
  historyFunctions,
  historyLoads,
  historySamples,
  historyShape,
  type HistorySamples,
  type HistoryShape,
} from './populate-history.js';

export interface PopulateScale {
  blocks: number;
  outputs: number;
  /** every busyEvery-th output goes to the busy address */
  busyEvery: number;
  assets: number;
  oracles: number;
  tickerPostsPerOracle: number;
  /** governance actions proposed, each voted on by about a third of the DReps */
  proposals: number;
  /** random keys drawn per kind for the load generator */
  samples: number;
}

export function populateScale(quick: boolean): PopulateScale {
  return quick
    ? {
        blocks: 10_000,
        outputs: 120_000,
        busyEvery: 120,
        assets: 11_000,
        oracles: 5,
        tickerPostsPerOracle: 25,
        proposals: 30,
        samples: 300,
      }
    : {
        blocks: 1_666_667,
        outputs: 20_000_004,
        busyEvery: 200,
        assets: 1_833_000,
        oracles: 20,
        tickerPostsPerOracle: 250,
        proposals: 300,
        samples: 2000,
      };
}

/** `fraction` of a scale: blocks, outputs and assets in proportion, the rest as they are. */
export function scaledPopulateScale(scale: PopulateScale, fraction: number): PopulateScale {
  const blocks = Math.round(scale.blocks * fraction);
  return {
    ...scale,
    blocks,
    outputs: (scale.outputs / scale.blocks) * blocks,
    assets: Math.round(scale.assets * fraction),
  };
}

export interface PopulateResult {
  scale: PopulateScale;
  counts: Record<string, number>;
  seconds: { load: number; indexes: number; vacuumAnalyze: number; total: number };
  tableSeconds: Record<string, number>;
  databaseBytes: number;
  samples: Samples;
}

export interface Samples {
  /** [address bech32, unit or 'lovelace'] pairs where the address holds such an unspent output */
  addressAssets: [string, string][];
  busyAddress: string;
  busyUnit: string;
  busyUtxos: number;
  assets: string[];
  blocks: [number, number][];
  /** transaction hashes (hex) */
  txs: string[];
  accounts: string[];
  largeAccount: string;
  /** an account with many outputs, nearly all spent */
  longLivedAccount: { stakeAddress: string; outputs: number; unspent: number };
  oracles: string[];
  /** the newest epoch (the stake snapshot's copy for it is what /epochs/{number}/stakes reads) */
  epoch: number;
  /** the pool with the most delegators, its live ones */
  largestPool: { poolId: string; delegators: number };
  /** the DRep with the most vote delegations, those counted for it */
  largestDrep: { drepId: string; delegators: number };
  history: HistorySamples;
}

const TX_PER_BLOCK = 4;
/**
 * The transactions of the one full block, the whale of the block paths: mainnet's body limit is 90,112 bytes and
 * the generated transactions average 650 bytes. It takes the transactions of the blocks after it, which stay empty.
 */
const FULL_BLOCK_TX = 140;
const FULL_BLOCK_BYTES = 90_112;

/**
 * The long-lived account's address (of A addresses): a base address past the hot ones, so that nearly all its
 * outputs are the every-BUSY-th ones planted on it, of which 99% are spent.
 */
function longLivedAddress(A: number): number {
  return Math.max(10, Math.floor(A / 100)) + 2;
}
const OUT_PER_TX = 3;

/** `scale` overrides the quick or full scale (population time measured at other sizes). */
export async function populate(
  url: string,
  quick: boolean,
  log: (line: string) => void,
  scale: PopulateScale = populateScale(quick),
): Promise<PopulateResult> {
  const started = performance.now();
  const B = scale.blocks;
  const T = B * TX_PER_BLOCK;
  const O = scale.outputs;
  if (O !== T * OUT_PER_TX) throw new Error('outputs must be 3 per transaction');
  const A = O / 4;
  const SA = 2 * Math.floor(A / 5) + Math.min(A % 5, 2);
  const AS = scale.assets;
  const HOT = Math.max(10, Math.floor(A / 100));
  const BUSY = scale.busyEvery;
  const LONG_LIVED = longLivedAddress(A);
  const history = historyShape(A, AS, T, HOT);
  await applyMigrations(url);
  // Two connections, one per core: tables load and indexes build side by side.
  const connections = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  for (const c of connections) {
    await c.connect();
    await c.query(
      `SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET synchronous_commit = off; SET max_parallel_maintenance_workers = 0`,
    );
  }
  const [client] = connections as [pg.Client, pg.Client];
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);

  // Keys and constraints are recreated after the load (bulk build instead of 20M index insertions).
  const { rows: fks } = await q(
    `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE connamespace = 'public'::regnamespace AND contype = 'f'`,
  );
  const { rows: pks } = await q(
    `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE connamespace = 'public'::regnamespace AND contype = 'p' AND conrelid::regclass::text <> '_prisma_migrations'`,
  );
  const { rows: indexes } = await q(
    `SELECT i.indexname, i.indexdef, i.tablename FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename <> '_prisma_migrations'
       AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype = 'p')`,
  );
  for (const fk of fks) await q(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT "${fk.conname}"`);
  for (const pk of pks) await q(`ALTER TABLE ${pk.tbl} DROP CONSTRAINT "${pk.conname}"`);
  for (const index of indexes) await q(`DROP INDEX "${index.indexname}"`);

  await q(`DROP SCHEMA IF EXISTS bench_gen CASCADE; CREATE SCHEMA bench_gen`);
  const fn = (signature: string, returns: string, body: string) =>
    q(
      `CREATE FUNCTION bench_gen.${signature} RETURNS ${returns} LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ ${body} $$`,
    );
  await fn('h(x int8, s int8)', 'int8', `SELECT hashint8extended(x, s) & 2147483647`);
  await fn('sha(x int8, tag text)', 'bytea', `SELECT sha256(int8send(x) || convert_to(tag, 'UTF8'))`);
  await fn(
    'b32(x int8, tag text, n int)',
    'text',
    `SELECT translate(substr(encode(bench_gen.sha(x, tag) || bench_gen.sha(x, tag || '2'), 'hex'), 1, n), '1bio', 'qpzr')`,
  );
  await historyFunctions(fn, history, BUSY);
  await fn('tx_of_out(o int8)', 'int8', `SELECT (o - 1) / ${OUT_PER_TX} + 1`);
  const full = { block: Math.floor(B / 2), firstTx: (Math.floor(B / 2) - 1) * TX_PER_BLOCK + 1 };
  const fullLastTx = full.firstTx + FULL_BLOCK_TX - 1;
  await fn(
    'block_of_tx(t int8)',
    'int8',
    `SELECT CASE WHEN t BETWEEN ${full.firstTx} AND ${fullLastTx} THEN ${full.block} ELSE (t - 1) / ${TX_PER_BLOCK} + 1 END`,
  );
  // A block's transactions are first_tx(b) to last_tx(b); none when last_tx(b) < first_tx(b).
  await fn('first_tx(b int8)', 'int8', `SELECT (b - 1) * ${TX_PER_BLOCK} + 1`);
  await fn(
    'last_tx(b int8)',
    'int8',
    `SELECT CASE WHEN b = ${full.block} THEN ${fullLastTx}
                 WHEN (b - 1) * ${TX_PER_BLOCK} + 1 BETWEEN ${full.firstTx} AND ${fullLastTx} THEN (b - 1) * ${TX_PER_BLOCK}
                 ELSE b * ${TX_PER_BLOCK} END`,
  );
  await fn(
    'addr_of(o int8)',
    'int8',
    `SELECT CASE WHEN o % ${BUSY} = 2 THEN 1
                 WHEN o % ${BUSY} = 4 AND o > 4 * ${LONG_LIVED} - 3 THEN ${LONG_LIVED}
                 WHEN bench_gen.whale_out(o) THEN ${history.whaleAddress}
                 WHEN o % 4 = 1 THEN (o + 3) / 4
                 WHEN bench_gen.h(o, 1) % 10 < 3 THEN 1 + bench_gen.h(o, 2) % least((o + 3) / 4, ${HOT})
                 ELSE 1 + bench_gen.h(o, 2) % ((o + 3) / 4) END`,
  );
  await fn(
    'addr_text(a int8)',
    'text',
    `SELECT CASE WHEN a % 5 = 0 THEN 'addr1v' || bench_gen.b32(a, 'addr', 53) ELSE 'addr1q' || bench_gen.b32(a, 'addr', 97) END`,
  );
  await fn('pc(a int8)', 'bytea', `SELECT substring(bench_gen.sha(a, 'pay') from 1 for 28)`);
  await fn(
    'stake_of(a int8)',
    'int8',
    `SELECT CASE WHEN a % 5 = 0 THEN NULL
                 WHEN a % 5 <= 2 THEN 2 * (a / 5) + a % 5
                 WHEN bench_gen.whale_stake(a) THEN ${history.whaleAccount}
                 ELSE 1 + bench_gen.h(a, 3) % (2 * (a / 5) + 2) END`,
  );
  await fn('stake_intro(s int8)', 'int8', `SELECT 5 * ((s - 1) / 2) + 1 + (s - 1) % 2`);
  await fn('stake_first_tx(s int8)', 'int8', `SELECT bench_gen.tx_of_out(4 * bench_gen.stake_intro(s) - 3)`);
  await fn('cred(s int8)', 'bytea', `SELECT substring(bench_gen.sha(s, 'stake') from 1 for 28)`);
  await fn('plutus(t int8)', 'bool', `SELECT t > 1 AND bench_gen.h(t, 40) % 20 = 0`);
  await fn(
    'ref_script_of(o int8)',
    'bytea',
    `SELECT CASE WHEN o % 1000 = 3 THEN substring(bench_gen.sha(o, 'script') from 1 for 28) END`,
  );
  // A reference-script output created before transaction t (t ≥ 2), for its reference input.
  await fn('ref_out(t int8)', 'int8', `SELECT 1000 * (bench_gen.h(t, 43) % ((3 * t - 6) / 1000 + 1)) + 3`);
  await fn('value_of(o int8)', 'int8', `SELECT 1000000 + bench_gen.h(o, 11) % 2000000000`);
  await fn(
    'spent(o int8)',
    'bool',
    `SELECT o % ${BUSY} <> 2
       AND CASE WHEN o % ${BUSY} = 4 AND o > 4 * ${LONG_LIVED} - 3 THEN bench_gen.h(o, 5) % 100 <> 0
                ELSE bench_gen.h(o, 5) % 100 < 85 END
       AND bench_gen.tx_of_out(o) < ${T - 5001}`,
  );
  await fn('assets_at(t int8)', 'int8', `SELECT least(${AS}::int8, (t * ${AS} + ${T - 1}) / ${T})`);
  await fn('mint_tx(k int8)', 'int8', `SELECT 1 + ((k - 1) * ${T}) / ${AS}`);
  // The first output of the transaction minting a CIP-68 reference NFT holds it with an inline datum.
  await fn(
    'cip68_ref_of(o int8)',
    'int8',
    `SELECT CASE WHEN (o - 1) % ${OUT_PER_TX} = 0
        AND bench_gen.assets_at(bench_gen.tx_of_out(o)) > bench_gen.assets_at(bench_gen.tx_of_out(o) - 1)
        AND bench_gen.assets_at(bench_gen.tx_of_out(o)) % 10 = 8
      THEN bench_gen.assets_at(bench_gen.tx_of_out(o)) END`,
  );
  await fn(
    'has_assets(o int8)',
    'bool',
    `SELECT o % ${BUSY} = 2 OR bench_gen.whale_out(o) OR bench_gen.h(o, 7) % 5 = 0 OR bench_gen.cip68_ref_of(o) IS NOT NULL`,
  );
  await fn(
    'policy(k int8)',
    'bytea',
    `SELECT substring(bench_gen.sha(bench_gen.policy_group(k), 'policy') from 1 for 28)`,
  );
  // k % 10: 0-4 CIP-25 NFTs, 5-7 fungible tokens, 8 CIP-68 reference NFT (100), 9 CIP-68 user NFT (222)
  await fn(
    'asset_name(k int8)',
    'bytea',
    `SELECT CASE WHEN k % 10 < 5 THEN convert_to('SpaceBud' || lpad(k::text, 8, '0'), 'UTF8')
                 WHEN k % 10 < 8 THEN convert_to('TOKEN' || lpad(k::text, 7, '0'), 'UTF8')
                 WHEN k % 10 = 8 THEN '\\x000643b0'::bytea || convert_to('NFT' || lpad((k / 10)::text, 8, '0'), 'UTF8')
                 ELSE '\\x000de140'::bytea || convert_to('NFT' || lpad((k / 10)::text, 8, '0'), 'UTF8') END`,
  );
  await fn(
    'image(k int8)',
    'text',
    `SELECT 'ipfs://Qm' || substr(encode(bench_gen.sha(k, 'img'), 'hex'), 1, 44)`,
  );
  await fn(
    'cip68_datum(k int8)',
    'bytea',
    `SELECT '\\xd8799fa2446e616d654b'::bytea || convert_to('NFT' || lpad((k / 10)::text, 8, '0'), 'UTF8')
            || '\\x45696d6167655835'::bytea || convert_to(bench_gen.image(k), 'UTF8') || '\\x01ff'::bytea`,
  );

  // Every table but the three derived ones is a function of row numbers alone, so any two load at once.
  type Load = { table: string; sql: string; params: unknown[] };
  const independent: Load[] = [];
  const derived: Load[] = [];
  const load = (table: string, sql: string, params: unknown[] = []) =>
    independent.push({ table, sql, params });
  const derive = (table: string, sql: string) => derived.push({ table, sql, params: [] });
  const tableSeconds: Record<string, number> = {};
  const runLoad = async (c: pg.Client, { table, sql, params }: Load) => {
    const t0 = performance.now();
    // TRUNCATE in the same transaction: with wal_level=minimal the load writes no WAL.
    await c.query(`BEGIN; TRUNCATE ${table} CASCADE`);
    await c.query(sql, params);
    await c.query('COMMIT');
    tableSeconds[table] = (performance.now() - t0) / 1000;
    log(`  ${table}: ${tableSeconds[table].toFixed(1)} s`);
  };
  log(
    `populating: ${B} blocks, ${T} transactions, ${O} outputs, ${A} addresses, ${SA} stake addresses, ${AS} assets`,
  );
  const loadStarted = performance.now();
  load(
    'block',
    `INSERT INTO block SELECT b, bench_gen.sha(b, 'block'), b::int4, b * 20, false, (b * 20 / 432000)::int4,
       (b * 20 % 432000)::int4, 1596491091 + b * 20,
       CASE WHEN b = ${full.block} THEN ${FULL_BLOCK_BYTES} ELSE 1000 + bench_gen.h(b, 30) % 80000 END::int4,
       (bench_gen.last_tx(b) - bench_gen.first_tx(b) + 1)::int4,
       (SELECT sum(bench_gen.value_of(o))
        FROM generate_series(${OUT_PER_TX} * bench_gen.first_tx(b) - 2, ${OUT_PER_TX} * bench_gen.last_tx(b)) o),
       (SELECT sum(155381 + bench_gen.h(t, 12) % 300000) FROM generate_series(bench_gen.first_tx(b), bench_gen.last_tx(b)) t),
       ($1::text[])[1 + b % ${POOLS}], 'vrf_vk1' || bench_gen.b32(b % ${POOLS}, 'vrf', 58),
       bench_gen.sha(b, 'opcert'), b / 100000, CASE WHEN b > 1 THEN bench_gen.sha(b - 1, 'block') END, 'conway'
     FROM generate_series(1, ${B}::int8) b`,
    [Array.from({ length: POOLS }, (_, i) => poolId(i + 1))],
  );
  load(
    'tx',
    `INSERT INTO tx SELECT t, bench_gen.sha(t, 'tx'), bench_gen.block_of_tx(t), (t - bench_gen.first_tx(bench_gen.block_of_tx(t)))::int4, true,
       155381 + bench_gen.h(t, 12) % 300000,
       bench_gen.value_of(3 * t - 2) + bench_gen.value_of(3 * t - 1) + bench_gen.value_of(3 * t),
       (300 + bench_gen.h(t, 13) % 700)::int4, 0, NULL, bench_gen.block_of_tx(t) * 20 + 7200, 0,
       CASE WHEN bench_gen.plutus(t) THEN (1 + bench_gen.h(t, 41) % 2)::int4 ELSE 0 END, 0
     FROM generate_series(1, ${T}::int8) t`,
  );
  load(
    'address',
    `INSERT INTO address SELECT a, bench_gen.addr_text(a), bench_gen.pc(a), bench_gen.block_of_tx(bench_gen.tx_of_out(4 * a - 3))
     FROM generate_series(1, ${A}::int8) a`,
  );
  load(
    'stake_address',
    `INSERT INTO stake_address SELECT s, '\\xe1'::bytea || bench_gen.cred(s), 'stake1u' || bench_gen.b32(s, 'stakeview', 52),
       bench_gen.block_of_tx(bench_gen.stake_first_tx(s))
     FROM generate_series(1, ${SA}::int8) s`,
  );
  load(
    'asset',
    `INSERT INTO asset SELECT k, bench_gen.policy(k), bench_gen.asset_name(k), 'asset1' || bench_gen.b32(k, 'fp', 32),
       bench_gen.block_of_tx(bench_gen.mint_tx(k))
     FROM generate_series(1, ${AS}::int8) k`,
  );
  load(
    'tx_out',
    `INSERT INTO tx_out SELECT o, t, ((o - 1) % ${OUT_PER_TX})::int4, a, bench_gen.pc(a), bench_gen.stake_of(a),
       bench_gen.value_of(o), bench_gen.has_assets(o),
       CASE WHEN ref IS NOT NULL THEN bench_gen.sha(ref, 'datum')
            WHEN bench_gen.h(o, 10) % 20 = 0 THEN bench_gen.sha(bench_gen.h(o, 13) % 50000, 'd') END,
       CASE WHEN ref IS NOT NULL THEN bench_gen.cip68_datum(ref) END,
       bench_gen.ref_script_of(o)
     FROM generate_series(1, ${O}::int8) o,
       LATERAL (SELECT bench_gen.tx_of_out(o) AS t, bench_gen.addr_of(o) AS a, bench_gen.cip68_ref_of(o) AS ref) x`,
  );
  // In the order the indexer appends spends: by spending transaction.
  load(
    'tx_out_spend',
    `INSERT INTO tx_out_spend SELECT o, bench_gen.tx_of_out(o) + 1 + bench_gen.h(o, 6) % 5000 AS spender
     FROM generate_series(1, ${O}::int8) o
     WHERE bench_gen.cip68_ref_of(o) IS NULL AND bench_gen.spent(o) ORDER BY spender, o`,
  );
  // Plutus transactions: a collateral input (an output of one of the 5,000 transactions before), half
  // of them a reference input and a collateral return (index 3: after the three outputs).
  load(
    'tx_input',
    `INSERT INTO tx_input (id, tx_id, kind, out_tx_hash, out_index)
     SELECT row_number() OVER (ORDER BY t, kind), t, kind, bench_gen.sha(out_tx, 'tx'), out_index FROM (
       SELECT t, 'collateral' AS kind, t - 1 - bench_gen.h(t, 42) % least(t - 1, 5000) AS out_tx, 0 AS out_index
       FROM generate_series(2, ${T}::int8) t WHERE bench_gen.plutus(t)
       UNION ALL
       SELECT t, 'reference', bench_gen.tx_of_out(bench_gen.ref_out(t)), ((bench_gen.ref_out(t) - 1) % ${OUT_PER_TX})::int4
       FROM generate_series(2, ${T}::int8) t WHERE bench_gen.plutus(t) AND bench_gen.h(t, 44) % 2 = 0
     ) i`,
  );
  load(
    'collateral_tx_out',
    `INSERT INTO collateral_tx_out (id, tx_id, index, address, value)
     SELECT row_number() OVER (ORDER BY t), t, ${OUT_PER_TX}, bench_gen.addr_text(bench_gen.addr_of(${OUT_PER_TX} * t - 2)),
       1000000 + bench_gen.h(t, 45) % 9000000
     FROM generate_series(2, ${T}::int8) t WHERE bench_gen.plutus(t) AND bench_gen.h(t, 44) % 2 = 0`,
  );
  load(
    'protocol_parameters',
    `INSERT INTO protocol_parameters (epoch, params, nonce)
     SELECT e, $1::jsonb, bench_gen.sha(e, 'nonce') FROM generate_series(0, ${Math.floor((B * 20) / 432000)}) e`,
    [await mainnetProtocolParameters()],
  );
  load(
    'ma_tx_out',
    `INSERT INTO ma_tx_out
     SELECT o, 1, (1 + bench_gen.h(o, 14) % 1000)::numeric FROM generate_series(2, ${O}::int8, ${BUSY}) o
     UNION ALL
     SELECT o, bench_gen.cip68_ref_of(o), 1 FROM generate_series(1, ${O}::int8, ${OUT_PER_TX}) o WHERE bench_gen.cip68_ref_of(o) IS NOT NULL
     UNION ALL
     SELECT o, ${history.whaleAsset}, (1 + bench_gen.h(o, 63) % 1000000)::numeric FROM generate_series(1, ${O}::int8) o WHERE bench_gen.whale_out(o)
     UNION ALL
     SELECT o, 1 + (bench_gen.first_asset(o, n) + j) % n, (1 + bench_gen.h(o + j, 15) % 1000000)::numeric
     FROM generate_series(1, ${O}::int8) o,
       LATERAL (SELECT bench_gen.assets_at(bench_gen.tx_of_out(o)) AS n) x,
       LATERAL generate_series(0, least(bench_gen.h(o, 8) % 3, n - 1)) j
     WHERE o % ${BUSY} <> 2 AND NOT bench_gen.whale_out(o) AND bench_gen.h(o, 7) % 5 = 0 AND bench_gen.cip68_ref_of(o) IS NULL`,
  );
  const unspent = (o: string) => `NOT EXISTS (SELECT 1 FROM tx_out_spend sp WHERE sp.tx_out_id = ${o}.id)`;
  derive(
    'unspent_tx_out',
    `INSERT INTO unspent_tx_out SELECT o.id, o.address_id, o.payment_cred, o.has_assets, o.stake_address_id FROM tx_out o WHERE ${unspent('o')}`,
  );
  derive(
    'unspent_ma_tx_out',
    `INSERT INTO unspent_ma_tx_out SELECT m.tx_out_id, m.asset_id, o.address_id
     FROM ma_tx_out m JOIN tx_out o ON o.id = m.tx_out_id WHERE ${unspent('o')}`,
  );
  load(
    'asset_mint',
    `INSERT INTO asset_mint SELECT k, k, bench_gen.mint_tx(k),
       CASE WHEN k % 10 BETWEEN 5 AND 7 THEN 1000000 + bench_gen.h(k, 16) % 1000000000000 ELSE 1 END
     FROM generate_series(1, ${AS}::int8) k`,
  );
  // CIP-25: label 721 of the minting transaction, as db-sync renders it (json) and the CBOR of {721: value}.
  load(
    'tx_metadata',
    `INSERT INTO tx_metadata SELECT row_number() OVER (ORDER BY k), bench_gen.mint_tx(k), 721,
       jsonb_build_object(encode(bench_gen.policy(k), 'hex'), jsonb_build_object(convert_from(bench_gen.asset_name(k), 'UTF8'),
         jsonb_build_object('name', convert_from(bench_gen.asset_name(k), 'UTF8'), 'image', bench_gen.image(k)))),
       '\\xa11902d1a17838'::bytea || convert_to(encode(bench_gen.policy(k), 'hex'), 'UTF8') || '\\xa170'::bytea
         || bench_gen.asset_name(k) || '\\xa2646e616d6570'::bytea || bench_gen.asset_name(k)
         || '\\x65696d6167657835'::bytea || convert_to(bench_gen.image(k), 'UTF8')
     FROM generate_series(1, ${AS}::int8) k WHERE k % 10 < 5`,
  );
  load(
    'datum',
    `INSERT INTO datum SELECT d + 1, bench_gen.sha(d, 'd'), '\\xd8799f'::bytea || bench_gen.sha(d, 'dv') || '\\xff'::bytea,
       1 + d * ${Math.floor(T / 50_000)} FROM generate_series(0, 24999) d`,
  );
  // Certificates: 90% of accounts register (with a delegation in the same transaction, 30% also
  // vote-delegate), 5% deregister later; the large account (1) has hundreds of each. One delegation in
  // LARGEST_POOL_SHARE is to the largest pool, one vote delegation to a DRep in LARGEST_DREP_SHARE to the largest DRep.
  const reg = `least(${T}, bench_gen.stake_first_tx(s) + 1 + bench_gen.h(s, 21) % 3)`;
  load(
    'stake_registration',
    `INSERT INTO stake_registration SELECT row_number() OVER (ORDER BY tx, ci, s), tx, ci, s, dereg FROM (
       SELECT s, ${reg} AS tx, 0 AS ci, false AS dereg FROM generate_series(2, ${SA}::int8) s WHERE bench_gen.h(s, 20) % 10 <> 0
       UNION ALL
       SELECT s, least(${T}, ${reg} + 100 + bench_gen.h(s, 22) % 10000), 0, true FROM generate_series(2, ${SA}::int8) s
         WHERE bench_gen.h(s, 20) % 10 <> 0 AND bench_gen.h(s, 23) % 20 = 0
       UNION ALL
       SELECT 1, 1 + i * ${Math.floor(T / 401)}, 0, i % 2 = 1 FROM generate_series(0, 400) i
     ) r`,
  );
  load(
    'delegation',
    `INSERT INTO delegation SELECT row_number() OVER (ORDER BY tx, ci, s), tx, ci, s, substring(bench_gen.sha(pool, 'poolhash') from 1 for 28) FROM (
       SELECT s, ${reg} AS tx, 1 AS ci,
         CASE WHEN bench_gen.h(s, 37) % ${LARGEST_POOL_SHARE} = 0 THEN ${LARGEST_POOL} ELSE 1 + bench_gen.h(s, 24) % ${POOLS} END AS pool
       FROM generate_series(2, ${SA}::int8) s
         WHERE bench_gen.h(s, 20) % 10 <> 0 AND bench_gen.h(s, 25) % 10 < 8
       UNION ALL
       SELECT 1, 2 + i * ${Math.floor(T / 1001)}, 0, 1 + i % ${POOLS} FROM generate_series(0, 1000) i
     ) d`,
  );
  load(
    'delegation_vote',
    `INSERT INTO delegation_vote SELECT row_number() OVER (ORDER BY tx, ci, s), tx, ci, s, kind,
       CASE WHEN kind = 'key' THEN substring(bench_gen.sha(drep, 'drep') from 1 for 28) END FROM (
       SELECT s, ${reg} AS tx, 2 AS ci,
         CASE WHEN largest OR bench_gen.h(s, 26) % 3 = 0 THEN 'key' WHEN bench_gen.h(s, 26) % 3 = 1 THEN 'abstain' ELSE 'no_confidence' END AS kind,
         CASE WHEN largest THEN ${LARGEST_DREP} ELSE 1 + bench_gen.h(s, 27) % ${DREPS} END AS drep
       FROM generate_series(2, ${SA}::int8) s, LATERAL (SELECT bench_gen.h(s, 38) % ${LARGEST_DREP_SHARE} = 0 AS largest) x
         WHERE bench_gen.h(s, 20) % 10 <> 0 AND bench_gen.h(s, 28) % 10 < 3
       UNION ALL
       SELECT 1, 3 + i * ${Math.floor(T / 101)}, 0, 'key', 1 + i % ${DREPS} FROM generate_series(0, 100) i
     ) v`,
  );
  load(
    'drep_registration',
    `INSERT INTO drep_registration SELECT row_number() OVER (ORDER BY tx, d), tx, 0, 'key', substring(bench_gen.sha(d, 'drep') from 1 for 28), dep,
       CASE WHEN dep > 0 THEN 'https://drep' || d || '.example.com/drep.jsonld' END, CASE WHEN dep > 0 THEN bench_gen.sha(d, 'drepanchor') END FROM (
       SELECT d, 2 + d AS tx, 500000000::int8 AS dep FROM generate_series(1, ${DREPS}) d
       UNION ALL
       SELECT d, ${Math.floor(T / 2)} + d, -500000000 FROM generate_series(1, ${DREPS}, 25) d
     ) r`,
  );
  load(
    'withdrawal',
    `INSERT INTO withdrawal SELECT row_number() OVER (ORDER BY tx, s), tx, s, amount FROM (
       SELECT s, least(${T}, ${reg} + 1 + bench_gen.h(s * 4 + j, 29) % ${Math.floor(T / 2)}) AS tx, 1000 + bench_gen.h(s * 4 + j, 31) % 100000000 AS amount
       FROM generate_series(2, ${SA}::int8) s, generate_series(0, 2) j
       WHERE bench_gen.h(s, 20) % 10 <> 0 AND bench_gen.h(s, 32) % 5 = 0 AND j <= bench_gen.h(s, 33) % 3
       UNION ALL
       SELECT 1, 4 + i * ${Math.floor(T / 2001)}, 1000000 + i FROM generate_series(0, 2000) i
     ) w`,
  );
  load(
    'mir',
    `INSERT INTO mir SELECT row_number() OVER (ORDER BY tx, s), tx, 0, s, pot, amount FROM (
       SELECT s, least(${T}, ${reg} + 2) AS tx, CASE WHEN s % 2 = 0 THEN 'reserves' ELSE 'treasury' END AS pot, 1000000 + s AS amount
       FROM generate_series(2, ${SA}::int8) s WHERE bench_gen.h(s, 20) % 10 <> 0 AND bench_gen.h(s, 34) % 200 = 0
       UNION ALL
       SELECT 1, 5 + i * ${Math.floor(T / 21)}, 'reserves', 5000000 FROM generate_series(0, 20) i
     ) m`,
  );
  load(
    'reward_balance',
    `INSERT INTO reward_balance (stake_address_id, amount, slot)
     SELECT s, bench_gen.h(s, 35) % 5000000000, ${B * 20} FROM generate_series(1, ${SA}::int8) s WHERE s = 1 OR bench_gen.h(s, 20) % 10 <> 0`,
  );
  derive(
    'stake_balance',
    `INSERT INTO stake_balance SELECT o.stake_address_id, sum(o.value) FROM tx_out o
     WHERE ${unspent('o')} AND o.stake_address_id IS NOT NULL GROUP BY 1 HAVING sum(o.value) <> 0`,
  );
  // nut.link: oracles are addresses 2, 3, …; a registration each, then ticker posts of 40 tickers.
  load(
    'nutlink_registration',
    `INSERT INTO nutlink_registration SELECT r, 100 + r, r + 1, bench_gen.pc(r + 1) FROM generate_series(1, ${scale.oracles}) r`,
  );
  load(
    'nutlink_ticker',
    `INSERT INTO nutlink_ticker SELECT row_number() OVER (ORDER BY tx, r, k), tx, r + 1, bench_gen.pc(r + 1), 'TICK' || lpad(k::text, 2, '0') FROM (
       SELECT r, k, 1000 + p * ${Math.floor((T - 2000) / scale.tickerPostsPerOracle)} + r AS tx
       FROM generate_series(1, ${scale.oracles}) r, generate_series(0, ${scale.tickerPostsPerOracle - 1}) p, generate_series(1, 40) k
     ) t`,
  );
  derive(
    'nutlink_ticker_total',
    `INSERT INTO nutlink_ticker_total SELECT address_id, ticker, payment_cred, count(*), min(tx_id), max(tx_id)
     FROM nutlink_ticker GROUP BY address_id, ticker, payment_cred`,
  );
  load(
    'token_metadata',
    `INSERT INTO token_metadata (subject, name, description, ticker, url, logo, decimals)
     SELECT encode(bench_gen.policy(k) || bench_gen.asset_name(k), 'hex'), 'Token ' || k, 'A registered token', 'TK' || (k % 1000), 'https://example.com', NULL, 6
     FROM generate_series(5, ${AS}::int8, 10) k`,
  );
  independent.push(
    ...stakingLoads({ T, SA, epoch: Math.floor((B * 20) / 432000), proposals: scale.proposals }),
  );
  const historyRows = historyLoads(history, T, O);
  await onConnections(
    connections,
    biggestFirst([...independent, ...historyRows.independent], (l) => ` ${l.table}`),
    runLoad,
  );
  await onConnections(connections, [...derived, ...historyRows.derived], runLoad);
  await onConnections(connections, historyRows.totals, runLoad);
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  log(`building ${pks.length} primary keys and ${indexes.length} indexes`);
  const indexStarted = performance.now();
  // address_utxo is filled through its view, as the indexer fills it, whose lookups per output need the keys
  // built first; its own key and index are built after it, in bulk.
  const afterFill = (table: string) => table === 'address_utxo';
  const keyWork = (filled: boolean) => [
    ...pks
      .filter((pk) => afterFill(pk.tbl) === filled)
      .map((pk) => `ALTER TABLE ${pk.tbl} ADD CONSTRAINT "${pk.conname}" ${pk.def}`),
    ...indexes
      .filter((index) => afterFill(index.tablename) === filled)
      .map((index) => index.indexdef as string),
  ];
  await onConnections(
    connections,
    biggestFirst(keyWork(false), (sql) => sql),
    async (c, sql) => void (await c.query(sql)),
  );
  // Planned before autovacuum had analyzed the tables just loaded, the fill ran for over 30 minutes at a tenth of
  // the scale (and 7 at full scale before it was stopped), where it takes a few with statistics.
  await onConnections(
    connections,
    ['tx_out', 'unspent_tx_out', 'tx', 'block', 'ma_tx_out', 'asset'],
    async (c, table) => void (await c.query(`ANALYZE ${table}`)),
  );
  await runLoad(client, {
    table: 'address_utxo',
    sql: `INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s
            WHERE s.tx_out_id IN (SELECT tx_out_id FROM unspent_tx_out)`,
    params: [],
  });
  await onConnections(connections, keyWork(true), async (c, sql) => void (await c.query(sql)));
  // The foreign keys exist as in production; the rows satisfy them by construction (NOT VALID skips
  // re-checking 20M rows).
  for (const fk of fks) await q(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT "${fk.conname}" ${fk.def} NOT VALID`);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  log(`  keys and indexes: ${indexSeconds.toFixed(0)} s`);

  const vacuumStarted = performance.now();
  const tables = (await q(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows.map(
    (r) => r.tablename as string,
  );
  await onConnections(
    connections,
    tables,
    async (c, table) => void (await c.query(`VACUUM (ANALYZE) "${table}"`)),
  );
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  log(`  vacuum + analyze: ${vacuumSeconds.toFixed(0)} s`);
  if (B <= populateScale(true).blocks) await checkHistoryTotals(client);

  const samplesStarted = performance.now();
  const samples = await pickSamples(client, { SA, AS, O, T, scale, history });
  log(`  samples: ${((performance.now() - samplesStarted) / 1000).toFixed(0)} s`);
  const counts: Record<string, number> = {};
  for (const table of [
    'block',
    'tx',
    'tx_out',
    'tx_out_spend',
    'unspent_tx_out',
    'address',
    'stake_address',
    'asset',
    'ma_tx_out',
    'unspent_ma_tx_out',
    'address_utxo',
    'tx_input',
    'collateral_tx_out',
    'stake_registration',
    'delegation',
    'withdrawal',
    'pool_registration',
    'delegation_vote',
    'drep_registration',
    'gov_action_proposal',
    'voting_procedure',
    'address_tx',
    'asset_tx',
    'redeemer',
    'tx_metadata_cbor',
  ]) {
    counts[table] = Number((await q(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  }
  const databaseBytes = Number((await q(`SELECT pg_database_size(current_database()) AS n`)).rows[0].n);
  await q(`DROP SCHEMA bench_gen CASCADE`);
  for (const c of connections) await c.end();
  return {
    scale,
    counts,
    seconds: {
      load: loadSeconds,
      indexes: indexSeconds,
      vacuumAnalyze: vacuumSeconds,
      total: (performance.now() - started) / 1000,
    },
    tableSeconds,
    databaseBytes,
    samples,
  };
}

/** Runs the jobs on the connections side by side, each connection taking the next job when it is free. */
async function onConnections<T>(
  connections: pg.Client[],
  jobs: T[],
  run: (c: pg.Client, job: T) => Promise<void>,
) {
  const queue = [...jobs];
  await Promise.all(
    connections.map(async (c) => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) await run(c, job);
    }),
  );
}

/** The jobs touching the biggest tables first, so that the last job to finish is a short one. */
function biggestFirst<T>(jobs: T[], text: (job: T) => string): T[] {
  const order = ['tx_out', 'ma_tx_out', 'tx', 'address', 'block', 'stake_address', 'asset'];
  const weight = (job: T) => {
    const sql = text(job);
    const i = order.findIndex((t) => sql.includes(` ${t}`) || sql.includes(`"${t}"`));
    return i === -1 ? order.length : i;
  };
  return [...jobs].sort((a, b) => weight(a) - weight(b));
}

/**
 * What Ogmios answers to queryLedgerState/protocolParameters on a mainnet-configured devnet (mainnet's
 * genesis files, Conway), as the indexer stores it. Loaded from the devnet's build by path: the package
 * exports no genesis helpers.
 */
async function mainnetProtocolParameters(): Promise<string> {
  const dist = (file: string) => new URL(`../../packages/devnet/dist/${file}`, import.meta.url).href;
  const { loadNetwork } = (await import(dist('networks/networks.js'))) as {
    loadNetwork(name: 'mainnet'): unknown;
  };
  const { genesisProtocolParameters } = (await import(dist('networks/genesis.js'))) as {
    genesisProtocolParameters(network: unknown): Record<string, unknown>;
  };
  const { stringifyJson } = (await import(dist('chain/json.js'))) as {
    stringifyJson(value: unknown): string;
  };
  return stringifyJson(genesisProtocolParameters(loadNetwork('mainnet')));
}

const hex = (bytes: Buffer) => bytes.toString('hex');

/**
 * Random keys for the load generator, given their real encodings: the sampled addresses, stake
 * addresses and assets are rewritten with bech32 strings / fingerprints computed by @frostline/model
 * from the stored credentials and names.
 */
async function pickSamples(
  client: pg.Client,
  {
    SA,
    AS,
    O,
    T,
    scale,
    history,
  }: { SA: number; AS: number; O: number; T: number; scale: PopulateScale; history: HistoryShape },
): Promise<Samples> {
  const { samples: n, oracles, busyEvery } = scale;
  const rnd = (max: number) => 1 + Math.floor(Math.random() * max);
  // Unspent outputs → (address, one of its assets or lovelace)
  const outputs = Array.from({ length: n * 2 }, () => rnd(O));
  const { rows: outs } = await client.query(
    `SELECT o.address_id, (SELECT m.asset_id FROM ma_tx_out m WHERE m.tx_out_id = o.id ORDER BY m.asset_id LIMIT 1) AS asset_id
     FROM tx_out o JOIN unspent_tx_out u ON u.tx_out_id = o.id WHERE o.id = ANY($1::int8[]) AND o.address_id <> 1 LIMIT ${n}`,
    [outputs],
  );
  const addressIds = [
    ...new Set([
      1,
      longLivedAddress(O / 4),
      ...outs.map((r) => Number(r.address_id)),
      ...Array.from({ length: oracles }, (_, i) => i + 2),
    ]),
  ];
  const addressText = await realAddresses(client, addressIds);
  const assetIds = [
    ...new Set([
      1,
      ...outs.filter((r) => r.asset_id !== null).map((r) => Number(r.asset_id)),
      ...Array.from({ length: n }, () => rnd(AS)),
    ]),
  ];
  const units = await realAssets(client, assetIds);
  const {
    rows: [longLived],
  } = await client.query(
    `SELECT bench_gen.stake_of($1) AS id,
       (SELECT count(*) FROM tx_out WHERE stake_address_id = bench_gen.stake_of($1))::int AS outputs,
       (SELECT count(*) FROM unspent_tx_out WHERE stake_address_id = bench_gen.stake_of($1))::int AS unspent`,
    [longLivedAddress(O / 4)],
  );
  const stakeIds = [...new Set([1, Number(longLived.id), ...Array.from({ length: n }, () => rnd(SA))])];
  const stakeText = await realStakeAddresses(client, stakeIds);
  const maxBlock = Number((await client.query('SELECT max(id) AS m FROM block')).rows[0].m);
  const blocks = (
    await client.query(`SELECT epoch, epoch_slot FROM block WHERE id = ANY($1::int8[])`, [
      Array.from({ length: n }, () => rnd(maxBlock)),
    ])
  ).rows.map((r) => [r.epoch, r.epoch_slot] as [number, number]);
  const txs = (
    await client.query(`SELECT encode(hash, 'hex') AS hash FROM tx WHERE id = ANY($1::int8[])`, [
      Array.from({ length: n }, () => rnd(T)),
    ])
  ).rows.map((r) => r.hash as string);
  // The whole list each path pages through, counted by its own statement (`counted`: a column null on the probe
  // row of a statement that returns one for an empty list).
  const listed = async (sql: string, params: unknown[], counted = '*') =>
    Number((await client.query(`SELECT count(${counted}) AS n FROM (${sql}) list`, params)).rows[0].n);
  const largestPool = {
    poolId: poolId(LARGEST_POOL),
    delegators: await listed(
      POOL_DELEGATORS_QUERY.text.replaceAll('{{direction}}', 'ASC'),
      [
        2 ** 31 - 1,
        0,
        ...POOL_DELEGATORS_QUERY.values({ pool_hash: poolHash(LARGEST_POOL), pool_id: poolId(LARGEST_POOL) }),
      ],
      'address',
    ),
  };
  const largestDrep = {
    drepId: drepId(LARGEST_DREP),
    delegators: await listed(DREP_DELEGATORS_SQL.registered.asc, [
      'key',
      drepHash(LARGEST_DREP),
      2 ** 31 - 1,
      0,
    ]),
  };
  const epoch = Number((await client.query('SELECT max(epoch) AS e FROM block')).rows[0].e);
  return {
    addressAssets: outs.map((r) => [
      addressText.get(Number(r.address_id))!,
      r.asset_id === null ? 'lovelace' : units.get(Number(r.asset_id))!,
    ]),
    busyAddress: addressText.get(1)!,
    busyUnit: units.get(1)!,
    busyUtxos: Math.floor((O - 2) / busyEvery) + 1,
    assets: assetIds.filter((id) => id !== 1).map((id) => units.get(id)!),
    blocks,
    txs,
    accounts: stakeIds.filter((id) => id !== 1).map((id) => stakeText.get(id)!),
    largeAccount: stakeText.get(1)!,
    longLivedAccount: {
      stakeAddress: stakeText.get(Number(longLived.id))!,
      outputs: longLived.outputs,
      unspent: longLived.unspent,
    },
    oracles: Array.from({ length: oracles }, (_, i) => addressText.get(i + 2)!),
    epoch,
    largestPool,
    largestDrep,
    history: await historySamples(client, history, 1, {
      addresses: realAddresses,
      stakeAddresses: realStakeAddresses,
      assets: realAssets,
    }),
  };
}

/** Address a's outputs all carry stake credential bench_gen.stake_of(a) (none for an enterprise address). */
async function realAddresses(client: pg.Client, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await client.query(
    `SELECT a.id, a.payment_cred, s.hash_raw FROM address a
     LEFT JOIN stake_address s ON s.id = bench_gen.stake_of(a.id) WHERE a.id = ANY($1::int8[])`,
    [ids],
  );
  const result = new Map<number, string>();
  for (const row of rows) {
    const payment = { type: 'key' as const, hash: hex(row.payment_cred) };
    const text = row.hash_raw
      ? encodeShelleyAddress({
          type: 'base',
          networkId: 1,
          payment,
          stake: { type: 'key', hash: hex(row.hash_raw).slice(2) },
        })
      : encodeShelleyAddress({ type: 'enterprise', networkId: 1, payment });
    result.set(Number(row.id), text);
  }
  await client.query(
    `UPDATE address SET address = u.text FROM unnest($1::int8[], $2::text[]) u(id, text) WHERE address.id = u.id`,
    [[...result.keys()], [...result.values()]],
  );
  return result;
}

async function realStakeAddresses(client: pg.Client, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await client.query(`SELECT id, hash_raw FROM stake_address WHERE id = ANY($1::int8[])`, [
    ids,
  ]);
  const result = new Map<number, string>();
  for (const row of rows)
    result.set(
      Number(row.id),
      stakeAddressFromCredential({ type: 'key', hash: hex(row.hash_raw).slice(2) }, 1),
    );
  await client.query(
    `UPDATE stake_address SET view = u.text FROM unnest($1::int8[], $2::text[]) u(id, text) WHERE stake_address.id = u.id`,
    [[...result.keys()], [...result.values()]],
  );
  return result;
}

async function realAssets(client: pg.Client, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await client.query(`SELECT id, policy, name FROM asset WHERE id = ANY($1::int8[])`, [ids]);
  const units = new Map<number, string>();
  const fingerprints: string[] = [];
  for (const row of rows) {
    units.set(Number(row.id), hex(row.policy) + hex(row.name));
    fingerprints.push(assetFingerprint(hex(row.policy), hex(row.name)));
  }
  await client.query(
    `UPDATE asset SET fingerprint = u.fp FROM unnest($1::int8[], $2::text[]) u(id, fp) WHERE asset.id = u.id`,
    [[...units.keys()], fingerprints],
  );
  return units;
}
