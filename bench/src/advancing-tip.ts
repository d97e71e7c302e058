// A chain tip that moves while a load runs, as on a live chain: the API's address page cache
// (apps/api/src/addresses/tip-cache.ts) reuses a page only while the newest block is the one it was read at.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Ten times mainnet's cadence (a block every 20 s on average). */
export const TIP_INTERVAL_MS = 2000;

// An empty block after the newest one: a new hash, the next height, slot and epoch slot in the same epoch (so
// "latest epoch" answers stay the same), no transactions, so nothing but the tip changes.
const NEXT_BLOCK = `
  INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, out_sum, fees,
                     slot_leader, block_vrf, op_cert, op_cert_counter, previous_hash, era)
  SELECT id + 1, $1, height + 1, slot + 1, false, epoch, epoch_slot + 1, time + 1, 4, 0, NULL, NULL,
         slot_leader, block_vrf, op_cert, op_cert_counter, hash, era
  FROM block ORDER BY id DESC LIMIT 1`;

/**
 * Runs `work` while a new newest block is inserted every `intervalMs`, then deletes those blocks again, so
 * the database is the one `work` started on (the later scenarios and EXPLAINs see the populated history).
 * @returns what `work` returned and how many blocks arrived during it
 */
export async function withAdvancingTip<T>(
  databaseUrl: string,
  intervalMs: number,
  work: () => Promise<T>,
): Promise<{ result: T; blocks: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('SELECT max(id) AS id FROM block');
    const before = rows[0]!.id;
    let blocks = 0;
    let failure: unknown = null;
    // One insert at a time: a slow one delays the next rather than racing it for the same id.
    let inserting = Promise.resolve();
    const timer = setInterval(() => {
      inserting = inserting
        .then(() => client.query(NEXT_BLOCK, [randomBytes(32)]))
        .then(() => void blocks++)
        .catch((error: unknown) => void (failure ??= error));
    }, intervalMs);
    let result: T;
    try {
      result = await work();
    } finally {
      clearInterval(timer);
      await inserting;
      await client.query('DELETE FROM block WHERE id > $1', [before]);
    }
    if (failure) throw failure;
    return { result, blocks };
  } finally {
    await client.end();
  }
}
