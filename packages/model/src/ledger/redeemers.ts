import type { Credential } from '../credential.js';
import { datumHash } from '../metadata/hashes.js';
import { decodeStakeAddress } from '../stake-address.js';
import type { Certificate } from './certificates.js';
import type { OgmiosRedeemer, OgmiosTransaction } from './ogmios-types.js';
import type { OutputReference } from './output-reference.js';

/** db-sync's names of redeemer purposes (redeemer.purpose), which Blockfrost answers. */
export type RedeemerPurpose = 'spend' | 'mint' | 'cert' | 'reward' | 'vote' | 'propose';

export interface DecodedRedeemer {
  purpose: RedeemerPurpose;
  /** the index the ledger gives the redeemer among the items of its purpose */
  index: number;
  memory: bigint;
  steps: bigint;
  /** blake2b-256 of the redeemer's data, as db-sync's redeemer_data.hash */
  dataHash: string;
  /**
   * The script the redeemer runs: a hash where the transaction names it (a policy, a certificate's or a
   * reward account's script credential, a voter's script credential, a proposal's guardrails script), the
   * spent output whose script credential it is (only the UTxO knows it), or null where the target is a key
   * credential or names no script.
   */
  script: { kind: 'hash'; hash: string } | { kind: 'spentOutput'; output: OutputReference } | null;
}

const PURPOSES: Record<OgmiosRedeemer['validator']['purpose'], RedeemerPurpose> = {
  spend: 'spend',
  mint: 'mint',
  publish: 'cert',
  withdraw: 'reward',
  vote: 'vote',
  propose: 'propose',
};

/** What the redeemers' targets are resolved against: the transaction's ledger-ordered items. */
export interface RedeemerTargets {
  /** the inputs in ledger order */
  inputs: OutputReference[];
  certificates: Certificate[];
}

/**
 * The redeemers of a valid transaction with the script each runs, resolved as db-sync resolves them: the
 * ledger orders mint policies by their bytes, reward accounts by network, then script credentials before
 * key ones, then hash, and voters by role (committee, DRep, pool), then script before key, then hash;
 * certificates and proposals by their position.
 */
export function decodeRedeemers(tx: OgmiosTransaction, targets: RedeemerTargets): DecodedRedeemer[] {
  const redeemers = tx.redeemers ?? [];
  if (redeemers.length === 0) return [];
  const policies = Object.keys(tx.mint ?? {}).sort();
  const rewardAccounts = Object.keys(tx.withdrawals ?? {})
    .flatMap((address) => decodeStakeAddress(address) ?? [])
    .sort(
      (a, b) =>
        a.networkId - b.networkId ||
        Number(a.credential.type === 'key') - Number(b.credential.type === 'key') ||
        (a.credential.hash < b.credential.hash ? -1 : a.credential.hash > b.credential.hash ? 1 : 0),
    );
  const voters = ledgerVoters(tx);
  return redeemers.map(({ validator, redeemer, executionUnits }) => {
    const purpose = PURPOSES[validator.purpose];
    const { index } = validator;
    let script: DecodedRedeemer['script'] = null;
    if (purpose === 'spend') {
      const output = targets.inputs[index];
      if (output) script = { kind: 'spentOutput', output };
    } else if (purpose === 'mint') {
      const policy = policies[index];
      if (policy) script = { kind: 'hash', hash: policy };
    } else if (purpose === 'reward') {
      script = scriptOf(rewardAccounts[index]?.credential);
    } else if (purpose === 'cert') {
      script = scriptOf(certificateCredential(targets.certificates.find((c) => c.index === index)));
    } else if (purpose === 'vote') {
      const voter = voters[index];
      if (voter?.from === 'script') script = { kind: 'hash', hash: voter.id };
    } else {
      const guardrails = tx.proposals?.[index]?.action?.guardrails;
      if (guardrails) script = { kind: 'hash', hash: guardrails.hash };
    }
    return {
      purpose,
      index,
      memory: BigInt(executionUnits.memory),
      steps: BigInt(executionUnits.cpu),
      dataHash: datumHash(redeemer),
      script,
    };
  });
}

function scriptOf(credential: Credential | undefined): DecodedRedeemer['script'] {
  return credential?.type === 'script' ? { kind: 'hash', hash: credential.hash } : null;
}

/** The credential a certificate's witness answers for. */
function certificateCredential(certificate: Certificate | undefined): Credential | undefined {
  if (!certificate) return undefined;
  if ('credential' in certificate) return certificate.credential;
  if ('drep' in certificate && typeof certificate.drep === 'object' && 'type' in certificate.drep)
    return certificate.drep;
  return undefined;
}

const VOTER_ROLES = ['constitutionalCommittee', 'delegateRepresentative', 'stakePoolOperator'];

/** The transaction's voters, each once, in the ledger's order of its voting procedures. */
function ledgerVoters(tx: OgmiosTransaction): { role: string; from?: string; id: string }[] {
  const voters = new Map<string, { role: string; from?: string; id: string }>();
  for (const { issuer } of tx.votes ?? []) voters.set(`${issuer.role} ${issuer.from} ${issuer.id}`, issuer);
  const rank = (voter: { role: string; from?: string }) =>
    VOTER_ROLES.indexOf(voter.role) * 2 + (voter.from === 'script' ? 0 : 1);
  return [...voters.values()].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
