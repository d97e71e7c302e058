import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';

/**
 * Withdrawable rewards come from the ledger, not from blocks (SEMANTICS.md §5.2, §9): ask Ogmios'
 * rewardAccountSummaries for the given stake credentials (hash_raw hex: header byte + 28-byte hash)
 * and store the answer; a credential the ledger does not know (not registered) has none.
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

/** Registered accounts a page at a time: the per-epoch refresh walks them all. */
export async function* registeredAccounts(prisma: PrismaClient, pageSize = 500): AsyncGenerator<string[]> {
  let after = 0n;
  for (;;) {
    const page = await prisma.$queryRawUnsafe<{ id: bigint; hash_raw: string }[]>(
      `SELECT s.id, encode(s.hash_raw, 'hex') AS hash_raw FROM stake_address s
       WHERE s.id > $1 AND EXISTS (SELECT 1 FROM stake_registration r WHERE r.stake_address_id = s.id)
       ORDER BY s.id LIMIT $2`,
      after,
      pageSize,
    );
    if (page.length === 0) return;
    yield page.map((row) => row.hash_raw);
    after = page.at(-1)!.id;
  }
}
