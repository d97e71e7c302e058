import {
  createLedgerStateQueryClient,
  JSONRPCError,
  Method,
  type InteractionContext,
  type Schema,
} from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import { atOneLedgerState } from '../../chain-sync/ogmios.js';
import {
  DREP_ALWAYS_ABSTAIN,
  DREP_ALWAYS_NO_CONFIDENCE,
  drepIdFromCredential,
  type Credential,
} from '@frostline/model';

/** A DRep in the ledger state at an epoch boundary: a drep_snapshot row without its epoch. */
export interface DRepSnapshotRow {
  drepId: string;
  drepKind: 'key' | 'script' | 'abstain' | 'no_confidence';
  drepHash: Uint8Array<ArrayBuffer> | null;
  stake: bigint;
  deposit: bigint | null;
  mandateEpoch: number | null;
  anchorUrl: string | null;
  anchorHash: Uint8Array<ArrayBuffer> | null;
  delegators: number;
}

/** A committee member at an epoch boundary: a committee_member_snapshot row without its epoch. */
export interface CommitteeMemberSnapshotRow {
  coldKind: 'key' | 'script';
  coldHash: Uint8Array<ArrayBuffer>;
  status: Schema.ConstitutionalCommitteeMember['status'];
  mandateEpoch: number | null;
  hotStatus: Schema.ConstitutionalCommitteeDelegate['status'];
  hotKind: 'key' | 'script' | null;
  hotHash: Uint8Array<ArrayBuffer> | null;
}

export interface CommitteeSnapshot {
  /** null when the ledger has no committee (none elected, or one dissolved by no-confidence) */
  quorum: { numerator: bigint; denominator: bigint } | null;
  members: CommitteeMemberSnapshotRow[];
}

type DelegateRepresentativeSummary = Schema.QueryLedgerStateDelegateRepresentativesResponse['result'][number];
type ConstitutionalCommittee = Schema.QueryLedgerStateConstitutionalCommitteeResponse['result'];

const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
const kind = (from: Schema.CredentialOrigin) => (from === 'script' ? 'script' : 'key');
const credential = (from: Schema.CredentialOrigin, hash: string): Credential => ({ type: kind(from), hash });

/** The rows of an Ogmios v6 `queryLedgerState/delegateRepresentatives` answer. */
export function drepSnapshotRows(summaries: DelegateRepresentativeSummary[]): DRepSnapshotRow[] {
  return summaries.map((summary) => {
    const shared = { stake: BigInt(summary.stake.ada.lovelace), delegators: summary.delegators.length };
    const none = { drepHash: null, deposit: null, mandateEpoch: null, anchorUrl: null, anchorHash: null };
    switch (summary.type) {
      case 'abstain':
        return { ...none, ...shared, drepId: DREP_ALWAYS_ABSTAIN, drepKind: 'abstain' };
      case 'noConfidence':
        return { ...none, ...shared, drepId: DREP_ALWAYS_NO_CONFIDENCE, drepKind: 'no_confidence' };
      case 'registered':
        return {
          ...shared,
          drepId: drepIdFromCredential(credential(summary.from, summary.id)),
          drepKind: kind(summary.from),
          drepHash: bytes(summary.id),
          deposit: BigInt(summary.deposit.ada.lovelace),
          mandateEpoch: summary.mandate.epoch,
          anchorUrl: summary.metadata?.url ?? null,
          anchorHash: summary.metadata ? bytes(summary.metadata.hash) : null,
        };
    }
  });
}

/** The quorum and members of an Ogmios v6 `queryLedgerState/constitutionalCommittee` answer. */
export function committeeSnapshot(committee: ConstitutionalCommittee): CommitteeSnapshot {
  if (committee === null) return { quorum: null, members: [] };
  const [numerator, denominator] = committee.quorum?.split('/') ?? [];
  return {
    quorum:
      numerator === undefined || denominator === undefined
        ? null
        : { numerator: BigInt(numerator), denominator: BigInt(denominator) },
    members: committee.members.map((member) => {
      const hot = member.delegate.status === 'authorized' ? member.delegate : null;
      return {
        coldKind: kind(member.from),
        coldHash: bytes(member.id),
        status: member.status,
        mandateEpoch: member.mandate?.epoch ?? null,
        hotStatus: member.delegate.status,
        hotKind: hot ? kind(hot.from) : null,
        hotHash: hot ? bytes(hot.id) : null,
      };
    }),
  };
}

/** The two answers a snapshot is made of, as Ogmios v6 gives them. */
export interface GovernanceAnswers {
  delegateRepresentatives: DelegateRepresentativeSummary[];
  constitutionalCommittee: ConstitutionalCommittee;
}

// Answers of a node that cannot answer these queries: its ledger's era has no governance (before
// Conway), or it does not know the method (Ogmios' "invalid request" / "method not found").
const CANNOT_ANSWER = new Set([2002, -32600, -32601]);

/** The node's DRep and committee answers, or null when it cannot give them. */
export async function queryGovernanceAnswers(ogmios: InteractionContext): Promise<GovernanceAnswers | null> {
  try {
    const [delegateRepresentatives, constitutionalCommittee] = await Promise.all([
      Method({ method: 'queryLedgerState/delegateRepresentatives' }, {}, ogmios) as Promise<
        DelegateRepresentativeSummary[]
      >,
      Method(
        { method: 'queryLedgerState/constitutionalCommittee' },
        {},
        ogmios,
      ) as Promise<ConstitutionalCommittee>,
    ]);
    return { delegateRepresentatives, constitutionalCommittee };
  } catch (error) {
    if (error instanceof JSONRPCError && CANNOT_ANSWER.has(error.code)) return null;
    throw error;
  }
}

/** Replaces the epoch's DRep and committee snapshot by the rows of the answers. */
export async function storeGovernanceSnapshot(
  prisma: PrismaClient,
  epoch: number,
  answers: GovernanceAnswers,
): Promise<void> {
  const dreps = drepSnapshotRows(answers.delegateRepresentatives);
  const { quorum, members } = committeeSnapshot(answers.constitutionalCommittee);
  const quorumColumns = {
    quorumNumerator: quorum?.numerator ?? null,
    quorumDenominator: quorum?.denominator ?? null,
  };
  await prisma.$transaction([
    prisma.drepSnapshot.deleteMany({ where: { epoch } }),
    prisma.drepSnapshot.createMany({ data: dreps.map((row) => ({ epoch, ...row })) }),
    prisma.committeeMemberSnapshot.deleteMany({ where: { epoch } }),
    prisma.committeeMemberSnapshot.createMany({ data: members.map((row) => ({ epoch, ...row })) }),
    prisma.committeeSnapshot.upsert({
      where: { epoch },
      create: { epoch, ...quorumColumns },
      update: quorumColumns,
    }),
  ]);
}

/**
 * Stores the DReps (voting power, deposit, mandate, anchor) and the constitutional committee (members,
 * their terms and hot keys, the quorum) of the ledger state under the epoch the node is in, replacing
 * what that epoch had; the epoch and the answers are read from one ledger state. Returns the epoch, or
 * null when the node cannot answer (before Conway).
 */
export async function snapshotDRepsAndCommittee(
  prisma: PrismaClient,
  ogmios: InteractionContext,
): Promise<number | null> {
  const client = await createLedgerStateQueryClient(ogmios);
  const [epoch, answers] = await atOneLedgerState(client, async () => [
    Number(await client.epoch()),
    await queryGovernanceAnswers(ogmios),
  ]);
  if (answers === null) return null;
  await storeGovernanceSnapshot(prisma, epoch, answers);
  return epoch;
}
