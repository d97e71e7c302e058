import { createLedgerStateQueryClient, Method, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import { atOneLedgerState } from '../../chain-sync/ogmios.js';

/** What a snapshot keeps of one of Ogmios' GovernanceProposalState: which proposal, and its life span. */
export interface LiveProposal {
  txHash: string;
  index: number;
  /** the epoch it was proposed in (the ledger's proposedIn) */
  since: number;
  /** the last epoch it may be ratified in (the ledger's expiresAfter) */
  until: number;
}

// Ogmios' code for a query the ledger's era does not have: before Conway there are no proposals.
const UNAVAILABLE_IN_CURRENT_ERA = 2002;

/**
 * The proposals part of the governance snapshot: the proposals live in the ledger state of the epoch the node
 * is in (`queryLedgerState/governanceProposals`, on the same acquired state as `queryLedgerState/epoch`),
 * stored under that epoch, replacing an earlier answer for it. Which proposals left between two snapshotted
 * epochs is what tells the proposals' outcomes (docs/semantics.md#governance-proposals). Returns the epoch and
 * the number of live proposals.
 */
export async function snapshotGovernanceProposals(
  prisma: PrismaClient,
  ogmios: InteractionContext,
): Promise<{ epoch: number; proposals: number }> {
  const client = await createLedgerStateQueryClient(ogmios);
  const [epoch, live] = await atOneLedgerState(client, async () => [
    Number(await client.epoch()),
    await liveProposals(ogmios),
  ]);
  await prisma.$transaction([
    prisma.$executeRawUnsafe(`DELETE FROM governance_proposal_state WHERE epoch = $1`, epoch),
    prisma.$executeRawUnsafe(
      `INSERT INTO governance_proposal_state (epoch, tx_hash, index, since_epoch, until_epoch)
         SELECT $1, decode(p.tx_hash, 'hex'), p.index, p.since, p.until
         FROM unnest($2::text[], $3::int4[], $4::int4[], $5::int4[]) AS p(tx_hash, index, since, until)`,
      epoch,
      live.map((p) => p.txHash),
      live.map((p) => p.index),
      live.map((p) => p.since),
      live.map((p) => p.until),
    ),
    prisma.$executeRawUnsafe(
      `INSERT INTO governance_snapshot (epoch) VALUES ($1) ON CONFLICT (epoch) DO NOTHING`,
      epoch,
    ),
  ]);
  return { epoch, proposals: live.length };
}

/**
 * The live proposals, none before Conway. Asked through `Method` with a handler of its own: the client's default
 * one resolves an error answer (it names the method too) as an undefined result.
 */
async function liveProposals(ogmios: InteractionContext): Promise<LiveProposal[]> {
  type Answer = { method: string; result?: unknown; error?: { code: number; message: string } };
  const answer = await Method<{ method: string }, Answer, Answer>(
    { method: 'queryLedgerState/governanceProposals' },
    { handler: (response, resolve) => resolve(response) },
    ogmios,
  );
  if (answer.error?.code === UNAVAILABLE_IN_CURRENT_ERA) return [];
  if (answer.error)
    throw new Error(`queryLedgerState/governanceProposals: ${answer.error.code} ${answer.error.message}`);
  return parseGovernanceProposals(answer.result);
}

/** The live proposals of a `queryLedgerState/governanceProposals` result, refusing any other shape. */
export function parseGovernanceProposals(result: unknown): LiveProposal[] {
  if (!Array.isArray(result)) throw new Error('governanceProposals: expected an array of proposal states');
  return result.map((state: unknown) => {
    const { proposal, since, until } = (state ?? {}) as {
      proposal?: { transaction?: { id?: unknown }; index?: unknown };
      since?: { epoch?: unknown };
      until?: { epoch?: unknown };
    };
    const txHash = proposal?.transaction?.id;
    const numbers = [proposal?.index, since?.epoch, until?.epoch].map((n) =>
      typeof n === 'bigint' ? Number(n) : n,
    );
    if (typeof txHash !== 'string' || !/^[0-9a-f]{64}$/.test(txHash) || !numbers.every(Number.isSafeInteger))
      throw new Error(`governanceProposals: unexpected proposal state ${JSON.stringify(state, bigintText)}`);
    const [index, sinceEpoch, untilEpoch] = numbers as number[];
    return { txHash, index: index!, since: sinceEpoch!, until: untilEpoch! };
  });
}

const bigintText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
