import { existsSync } from 'node:fs';
import pg from 'pg';
import { postgresFloor } from './floor.js';
import { postgresCpuSeconds, postmasterPid } from './proc-cpu.js';
import { connectedTestDatabase, type ConnectedTestDatabase } from './test-database.js';

let db: ConnectedTestDatabase;
let client: pg.Client;

beforeEach(async () => {
  db = await connectedTestDatabase();
  client = db.client;
});

afterEach(() => db.drop());

// Rows shaped as bench/src/populate.ts writes them: 3 blocks (the first its genesis pseudo-block), 8 transactions,
// 2 addresses.
async function smallChain() {
  await client.query(
    `INSERT INTO block SELECT b, sha256(int8send(b)), b::int4, b * 20, false, 0, (b * 20)::int4, 1596491091 + b * 20,
       1000, 4, 0, 0, 'pool1x', 'vrf_vk1x', sha256(int8send(-b)), 0, NULL, CASE WHEN b = 1 THEN 'genesis' ELSE 'conway' END
     FROM generate_series(1, 3) b`,
  );
  await client.query(
    `INSERT INTO tx SELECT t, sha256(int8send(t + 100)), (t + 1) / 4 + 1, ((t - 1) % 4)::int4, true, 170000, 1000000, 300, 0, NULL, 7200, 0, 0, 0
     FROM generate_series(1, 8) t`,
  );
  await client.query(
    `INSERT INTO address SELECT a, 'addr1q' || a, substring(sha256(int8send(a)) from 1 for 28), a + 1 FROM generate_series(1, 2) a`,
  );
}

const contents = async () =>
  (
    await client.query(
      `SELECT (SELECT json_agg(b ORDER BY id) FROM block b) AS blocks, (SELECT json_agg(t ORDER BY id) FROM tx t) AS txs,
              (SELECT json_agg(a ORDER BY id) FROM address a) AS addresses`,
    )
  ).rows[0];

describe('the PostgreSQL COPY floor', () => {
  it('copies every row of every table out and back in', async () => {
    await smallChain();
    const before = await contents();
    const floor = await postgresFloor(db.url, () => undefined);
    expect(floor.blocks).toBe(2);
    // the rows above, and the one row of utxo_supply that its migration creates
    expect(floor.rows).toBe(3 + 8 + 2 + 1);
    expect(floor.cpuMsPerBlock).toBe((floor.postgresCpuSeconds * 1000) / 2);
    expect(await contents()).toEqual(before);
  });
});

describe("a PostgreSQL instance's CPU time", () => {
  it('counts the backends that have exited since', async () => {
    const postmaster = await postmasterPid(client);
    const before = postgresCpuSeconds(postmaster);
    const busy = new pg.Client({ connectionString: db.url });
    await busy.connect();
    const pid = Number((await busy.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    await busy.query('SELECT count(*) FROM generate_series(1, 3000000)');
    await busy.end();
    // Gone from /proc once the postmaster has reaped it (and added its CPU time to its own cutime/cstime).
    while (existsSync(`/proc/${pid}`)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(postgresCpuSeconds(postmaster) - before).toBeGreaterThan(0.2);
  });
});
