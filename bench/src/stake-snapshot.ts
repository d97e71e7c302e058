// The epoch-boundary stake snapshot (prisma/sql/epoch_stake_snapshot.sql) on a mainnet-sized ledger:
// `node bench/dist/stake-snapshot.js <database url> [accounts] [pools]` fills an empty database with that
// many registered accounts delegated round-robin to that many pools (1% of them reaped), an epoch of
// activity after the boundary (50,000 outputs spent and created, 10,000 withdrawals), unless it holds
// accounts already (a run before filled it), then takes the snapshot as the indexer does, takes it again
// (the replacing path), and prints the time, the rows and the table's disk use.
import { performance } from 'node:perf_hooks';
import { applyMigrations, createPrismaClient } from '@frostline/db';
import { storeAccountStakeSnapshot } from '@frostline/indexer/epoch-snapshots/accounts';
import pg from 'pg';

const EPOCH = 101;
const SLOT = 1000;
const CHANGED = 50_000;
const WITHDRAWALS = 10_000;

async function populateLedger(client: pg.Client, accounts: number, pools: number): Promise<void> {
  const key = (n: string) => `decode(lpad(to_hex(${n}), 56, '0'), 'hex')`;
  const statements = [
    `INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, slot_leader, era)
     VALUES (1, decode(repeat('01', 32), 'hex'), 1, 100, false, ${EPOCH - 1}, 0, 0, 0, ${accounts}, 'x', 'conway'),
            (2, decode(repeat('02', 32), 'hex'), 2, 900, false, ${EPOCH}, 0, 0, 0, ${CHANGED}, 'x', 'conway')`,
    `INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, treasury_donation,
       redeemer_count, pool_retire_count)
     SELECT t, decode(lpad(to_hex(t), 64, '0'), 'hex'), CASE WHEN t <= ${accounts} THEN 1 ELSE 2 END, t, true,
       0, 0, 0, 0, 0, 0, 0
     FROM generate_series(1, ${accounts + CHANGED}) t`,
    `INSERT INTO address (id, address, first_block_id) VALUES (1, 'addr1bench', 1)`,
    `INSERT INTO stake_address (id, hash_raw, view, first_block_id)
     SELECT a, decode('e1' || lpad(to_hex(a), 56, '0'), 'hex'), 'stake1' || lpad(a::text, 53, 'u'), 1
     FROM generate_series(1, ${accounts}) a`,
    `INSERT INTO pool_registration (id, tx_id, cert_index, pool_hash)
     SELECT p, p, 100, ${key('p')} FROM generate_series(1, ${pools}) p`,
    `INSERT INTO pool_retire (id, tx_id, cert_index, pool_hash, retiring_epoch)
     SELECT p, p, 101, ${key('p')}, ${EPOCH - 10} FROM generate_series(1, ${pools}, 100) p`,
    `INSERT INTO stake_registration (id, tx_id, cert_index, stake_address_id, deregistration)
     SELECT a, a, 0, a, false FROM generate_series(1, ${accounts}) a`,
    `INSERT INTO delegation (id, tx_id, cert_index, stake_address_id, pool_hash)
     SELECT a, a, 1, a, ${key(`(a % ${pools}) + 1`)} FROM generate_series(1, ${accounts}) a`,
    // Account a's output a; the first CHANGED are spent after the boundary, each into a new output.
    `INSERT INTO tx_out (id, tx_id, index, address_id, stake_address_id, value, has_assets)
     SELECT o, o, 0, 1, CASE WHEN o <= ${accounts} THEN o ELSE o - ${accounts} END,
       CASE WHEN o <= ${accounts} THEN 1000000 + o ELSE 500000 END, false
     FROM generate_series(1, ${accounts + CHANGED}) o`,
    `INSERT INTO tx_out_spend (tx_out_id, tx_id) SELECT o, ${accounts} + o FROM generate_series(1, ${CHANGED}) o`,
    `INSERT INTO unspent_tx_out (tx_out_id, address_id, has_assets)
     SELECT o, 1, false FROM generate_series(${CHANGED + 1}, ${accounts + CHANGED}) o`,
    `INSERT INTO stake_balance (stake_address_id, utxo_value)
     SELECT a, CASE WHEN a <= ${CHANGED} THEN 500000 ELSE 1000000 + a END FROM generate_series(1, ${accounts}) a`,
    `INSERT INTO reward_balance (stake_address_id, amount, slot)
     SELECT a, (a % 1000) * 1000, ${SLOT} FROM generate_series(1, ${accounts}) a`,
    `INSERT INTO withdrawal (id, tx_id, stake_address_id, amount)
     SELECT w, ${accounts} + w, w, 100 FROM generate_series(1, ${WITHDRAWALS}) w`,
    'VACUUM ANALYZE',
  ];
  for (const sql of statements) await client.query(sql);
}

async function main(): Promise<void> {
  const [url, accountsArg = '1300000', poolsArg = '3000'] = process.argv.slice(2);
  if (!url) throw new Error('usage: stake-snapshot <database url> [accounts] [pools]');
  const accounts = Number(accountsArg);
  await applyMigrations(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const prisma = createPrismaClient(url);
  try {
    const { rows: filled } = await client.query('SELECT 1 FROM stake_address LIMIT 1');
    if (filled.length === 0) {
      const started = performance.now();
      await populateLedger(client, accounts, Number(poolsArg));
      console.log(`populated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    for (const run of ['first', 'again']) {
      const started = performance.now();
      const snapshot = await storeAccountStakeSnapshot(prisma, EPOCH, BigInt(SLOT));
      const seconds = (performance.now() - started) / 1000;
      console.log(`${run}: ${snapshot.accounts} accounts in ${seconds.toFixed(1)} s`);
    }
    const { rows } = await client.query<{ relation: string; size: string }>(
      `SELECT c.relname AS relation, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
       FROM pg_class c WHERE c.relname IN ('epoch_stake', 'epoch_stake_pkey',
         'epoch_stake_epoch_pool_hash_position_idx', 'epoch_stake_stake_address_id_epoch_key')
       ORDER BY c.relname`,
    );
    for (const row of rows) console.log(`${row.relation}: ${row.size}`);
  } finally {
    await prisma.$disconnect();
    await client.end();
  }
}

await main();
