import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';

/**
 * Withdrawable rewards come from the ledger, not from blocks
 * (docs/semantics.md#accounts-what-comes-from-the-ledger): ask Ogmios' rewardAccountSummaries for the
 * given stake credentials (hash_raw hex: header byte + 28-byte hash) and store the answer; a credential
 * the ledger does not know (not registered) has none.
 */
export async function refreshRewardBalances(
  prisma: PrismaClient,
  ogmios: InteractionContext,
  hashRaws: string[],
): Promise<number> {
  if (hashRaws.length === 0) return 0;
  const keys = hashRaws
    .filter((raw) => (parseInt(raw.slice(0, 2), 16) & 0x10) === 0)
    .map((raw) => raw.slice(2));
  const scripts = hashRaws
    .filter((raw) => (parseInt(raw.slice(0, 2), 16) & 0x10) !== 0)
    .map((raw) => raw.slice(2));
  const client = await createLedgerStateQueryClient(ogmios);
  const [tip, summaries] = await Promise.all([
    client.ledgerTip(),
    client.rewardAccountSummaries({
      ...(keys.length ? { keys } : {}),
      ...(scripts.length ? { scripts } : {}),
    }),
  ]);
  const slot = tip === 'origin' ? 0n : BigInt(tip.slot);
  const rewards = new Map<string, bigint>();
  for (const summary of summaries as unknown as {
    from: string;
    credential: string;
    rewards: { ada: { lovelace: bigint | number } };
  }[]) {
    const kind = summary.from === 'script' ? 'script' : 'key';
    rewards.set(`${kind}:${summary.credential}`, BigInt(summary.rewards.ada.lovelace));
  }
  const amounts = hashRaws.map((raw) => {
    const kind = parseInt(raw.slice(0, 2), 16) & 0x10 ? 'script' : 'key';
    return rewards.get(`${kind}:${raw.slice(2)}`) ?? 0n;
  });
  await prisma.$executeRawUnsafe(
    `INSERT INTO reward_balance (stake_address_id, amount, slot, updated_at)
     SELECT s.id, r.amount::int8, $3::int8, now() FROM unnest($1::text[], $2::text[]) AS r(hash_raw, amount)
     JOIN stake_address s ON s.hash_raw = decode(r.hash_raw, 'hex')
     ON CONFLICT (stake_address_id) DO UPDATE SET amount = EXCLUDED.amount, slot = EXCLUDED.slot, updated_at = now()`,
    hashRaws,
    amounts.map(String),
    slot.toString(),
  );
  return hashRaws.length;
}

/**
 * Refreshes every account marked in reward_refresh, a page at a time in marking order, and removes
 * each mark it answered unless a batch renewed it meanwhile (that batch's change may postdate the
 * ledger state read here). Returns the number of accounts refreshed.
 */
export async function refreshMarkedAccounts(
  prisma: PrismaClient,
  ogmios: () => Promise<InteractionContext>,
  pageSize = 500,
): Promise<number> {
  let refreshed = 0;
  let after = 0n;
  for (;;) {
    const page = await prisma.$queryRawUnsafe<{ id: bigint; mark: bigint; hash_raw: string }[]>(
      `SELECT r.stake_address_id AS id, r.mark, encode(s.hash_raw, 'hex') AS hash_raw
       FROM reward_refresh r JOIN stake_address s ON s.id = r.stake_address_id
       WHERE r.mark > $1 ORDER BY r.mark LIMIT $2`,
      after,
      pageSize,
    );
    if (page.length === 0) return refreshed;
    refreshed += await refreshRewardBalances(
      prisma,
      await ogmios(),
      page.map((row) => row.hash_raw),
    );
    await prisma.$executeRawUnsafe(
      `DELETE FROM reward_refresh r USING unnest($1::text[]::int8[], $2::text[]::int8[]) AS d(id, mark)
       WHERE r.stake_address_id = d.id AND r.mark = d.mark`,
      page.map((row) => String(row.id)),
      page.map((row) => String(row.mark)),
    );
    after = page.at(-1)!.mark;
  }
}

/**
 * After an epoch change every registered account's rewards may have changed: marks them all, once
 * for the newest stored epoch, and records that epoch in the same statement, so the walk is done
 * once per epoch even across restarts: the walk each restart queues at the tip marks nothing for an
 * epoch already walked (a mainnet-sized walk marks over a million accounts). Returns whether it
 * marked.
 */
export async function markRegisteredAccounts(prisma: PrismaClient): Promise<boolean> {
  // One statement, atomic by itself: no interactive transaction to hold open (and to time out) across the
  // round trips of a walk that marks a million accounts.
  // The status row is updated last: the one-time filter on `marks` writes every mark before the
  // update locks the row, which every batch's status update waits for.
  const walked = await prisma.$executeRawUnsafe(
    `WITH due AS (
       SELECT newest.epoch FROM (SELECT max(epoch) AS epoch FROM block) newest
       WHERE newest.epoch > coalesce((SELECT rewards_epoch FROM indexer_status WHERE id = 1), -1)
     ),
     marks AS (
       INSERT INTO reward_refresh (stake_address_id)
       SELECT s.id FROM stake_address s
       WHERE EXISTS (SELECT 1 FROM due)
         AND EXISTS (SELECT 1 FROM stake_registration r WHERE r.stake_address_id = s.id)
       ON CONFLICT (stake_address_id) DO UPDATE SET mark = EXCLUDED.mark
       RETURNING 1
     )
     UPDATE indexer_status SET rewards_epoch = due.epoch
     FROM due WHERE id = 1 AND (SELECT count(*) FROM marks) >= 0`,
  );
  return walked > 0;
}
