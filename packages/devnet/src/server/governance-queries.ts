import { bech32 } from 'bech32';
import type { CommitteeMember, ProposalState } from '../ledger/governance.js';
import { proposalKey } from '../ledger/governance.js';
import { credentialKey, type Credential } from '../ledger/ledger-data.js';
import type { LedgerState } from '../ledger/ledger-state.js';
import type { Voter } from '../ledger/submit-errors.js';
import { InvalidParams } from './rpc.js';

/**
 * Ogmios v6's Conway governance queries, answered from the ledger state at the tip: proposals with their
 * votes, DReps with their stake (as of the last epoch boundary, like the node's DRep distribution),
 * mandate, deposit and delegators, the committee, the constitution. Lists follow the ledger's map
 * orders, as Ogmios walks them: credentials script first then key, by hash; voters committee, DReps,
 * then pools.
 */

const lovelace = (quantity: bigint) => ({ ada: { lovelace: quantity } });

/** The ledger's order of credentials: ScriptHashObj before KeyHashObj, then by hash. */
const credentialOrder = ({ from, id }: { from: Credential['from']; id: string }) =>
  `${from === 'script' ? 0 : 1}${id}`;

const byOrder =
  <T>(order: (item: T) => string) =>
  (a: T, b: T) =>
    order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0;

const VOTER_RANK = { constitutionalCommittee: 0, delegateRepresentative: 1, stakePoolOperator: 2 };

function voterOrder(voter: Voter): string {
  if (voter.role === 'stakePoolOperator')
    return `2${Buffer.from(bech32.fromWords(bech32.decode(voter.id).words)).toString('hex')}`;
  return `${VOTER_RANK[voter.role]}${credentialOrder(voter)}`;
}

export function governanceProposals(state: LedgerState, params: Record<string, unknown>): object[] {
  const { proposals } = params;
  if (
    proposals !== undefined &&
    (!Array.isArray(proposals) ||
      !proposals.every(
        (reference) => typeof reference?.transaction?.id === 'string' && Number.isInteger(reference?.index),
      ))
  )
    throw new InvalidParams('"proposals" must be an array of {"transaction": {"id"}, "index"}');
  const wanted =
    proposals === undefined
      ? undefined
      : new Set((proposals as ProposalState['proposal'][]).map(proposalKey));
  return [...state.allProposals()]
    .filter(({ proposal }) => wanted?.has(proposalKey(proposal)) ?? true)
    .map(({ proposal, deposit, returnAccount, metadata, action, since, until, votes }) => ({
      proposal,
      deposit: lovelace(deposit),
      returnAccount,
      metadata,
      action,
      since: { epoch: since },
      until: { epoch: until },
      votes: [...votes.values()]
        .sort(byOrder(({ issuer }) => voterOrder(issuer)))
        .map(({ issuer, vote }) => ({ issuer, vote })),
    }));
}

/** DReps given by `keys`/`scripts` (hex or bech32 `drep_vkh1…`/`drep_script1…`), or all of them. */
export function delegateRepresentatives(state: LedgerState, params: Record<string, unknown>): object[] {
  const wanted = drepFilter(params);
  const { drepStake } = state.governance();
  const delegators = new Map<string, { credential: string; from: Credential['from'] }[]>();
  for (const account of state.allAccounts()) {
    const drep = account.delegateRepresentative as { type: string; id?: string; from?: Credential['from'] };
    if (drep?.type !== 'registered') continue;
    const key = credentialKey({ from: drep.from!, credential: drep.id! });
    delegators.set(key, [
      ...(delegators.get(key) ?? []),
      { credential: account.credential, from: account.from },
    ]);
  }
  const registered = [...state.allDreps()]
    .filter(({ id, from }) => wanted?.has(credentialKey({ from, credential: id })) ?? true)
    .sort(byOrder(credentialOrder))
    .map(({ id, from, deposit, metadata, expiry }) => {
      const key = credentialKey({ from, credential: id });
      return {
        type: 'registered',
        id,
        from,
        mandate: { epoch: expiry },
        deposit: lovelace(deposit),
        stake: lovelace(drepStake.get(key) ?? 0n),
        ...(metadata === undefined ? {} : { metadata }),
        delegators: (delegators.get(key) ?? []).sort(
          byOrder(({ credential, from: origin }) => credentialOrder({ id: credential, from: origin })),
        ),
      };
    });
  // Ogmios reads the predefined DReps from the stake distribution only: their delegators stay empty.
  return [
    ...registered,
    { type: 'abstain', stake: lovelace(drepStake.get('abstain') ?? 0n), delegators: [] },
    { type: 'noConfidence', stake: lovelace(drepStake.get('noConfidence') ?? 0n), delegators: [] },
  ];
}

function drepFilter(params: Record<string, unknown>): Set<string> | undefined {
  const { keys, scripts } = params;
  if (keys === undefined && scripts === undefined) return undefined;
  const list = (value: unknown, from: Credential['from']) => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new InvalidParams('"keys" and "scripts" must be arrays');
    return value.map((text) => credentialKey({ from, credential: drepHash(text) }));
  };
  return new Set([...list(keys, 'verificationKey'), ...list(scripts, 'script')]);
}

function drepHash(text: unknown): string {
  if (typeof text === 'string' && /^[0-9a-fA-F]{56}$/.test(text)) return text.toLowerCase();
  if (typeof text === 'string' && /^(drep_vkh|drep_script)1[0-9a-z]+$/.test(text)) {
    try {
      const words = bech32.decode(text).words;
      const bytes = Buffer.from(bech32.fromWords(words));
      if (bytes.length === 28) return bytes.toString('hex');
    } catch {
      // Reported below.
    }
  }
  throw new InvalidParams(`invalid DRep credential ${String(text)}`);
}

export function constitutionalCommittee(state: LedgerState, epoch: number): object {
  const { quorum } = state.governance();
  return {
    members: state
      .committeeMembers()
      .sort(byOrder(credentialOrder))
      .map((member) => committeeMember(member, epoch)),
    quorum,
  };
}

function committeeMember({ id, from, mandate, delegate }: CommitteeMember, epoch: number): object {
  return {
    id,
    from,
    delegate,
    status: mandate < epoch ? 'expired' : 'active',
    mandate: { epoch: mandate },
    ...(mandate === epoch ? { next: { change: 'expiring' } } : {}),
  };
}

export function constitution(state: LedgerState): object {
  return state.governance().constitution;
}
