import type {
  CommitteeMemberRow,
  DRepAnchorRow,
  CommitteeSnapshotResult,
  DRepKey,
  DRepListRow,
  DRepRow,
} from '@frostline/db';
import {
  DREP_ALWAYS_ABSTAIN,
  DREP_ALWAYS_NO_CONFIDENCE,
  committeeCredentialId,
  drepIdFromCredential,
  type Committee,
  type DRepContent,
  type DRepIdParam,
  type DRepListItem,
  type DRepMetadata,
} from '@frostline/model';

/** The key the tables name a `{drep_id}` by. */
export function drepKey(param: DRepIdParam): DRepKey {
  switch (param.type) {
    case 'abstain':
      return { kind: 'abstain', hash: null };
    case 'noConfidence':
      return { kind: 'no_confidence', hash: null };
    case 'registered':
      return { kind: param.credential.type, hash: param.credential.hash };
  }
}

/** `GET /governance/dreps/{drep_id}`, the id and hex as asked (CIP-129 or legacy). */
export function toDRepContent(param: DRepIdParam, row: DRepRow): DRepContent {
  return {
    drep_id: param.drepId,
    hex: param.hex,
    amount: row.amount,
    active: row.registered,
    active_epoch: row.active_epoch,
    has_script: param.type === 'registered' && param.credential.type === 'script',
    retired: !row.registered,
    expired: row.expired,
    last_active_epoch: row.last_active_epoch,
  };
}

/** The list shows every registered DRep by its CIP-129 id and header-prefixed hex. */
function listedId({ drep_kind, drep_hash }: DRepListRow): { drep_id: string; hex: string } {
  if (drep_kind === 'abstain') return { drep_id: DREP_ALWAYS_ABSTAIN, hex: '' };
  if (drep_kind === 'no_confidence') return { drep_id: DREP_ALWAYS_NO_CONFIDENCE, hex: '' };
  const header = drep_kind === 'script' ? '23' : '22';
  return {
    drep_id: drepIdFromCredential({ type: drep_kind, hash: drep_hash! }),
    hex: `${header}${drep_hash}`,
  };
}

/** The id's fields are named one by one: spreading them into the item cost more than the rest of its mapping. */
export function toDRepListItem(row: DRepListRow): DRepListItem {
  const { drep_id, hex } = listedId(row);
  return {
    drep_id,
    hex,
    amount: row.amount,
    has_script: row.drep_kind === 'script',
    retired: row.retired,
    expired: row.expired,
    last_active_epoch: row.last_active_epoch,
    metadata: row.anchor_url === null ? null : anchorDocument(row),
  };
}

type AnchorErrorCode = NonNullable<DRepMetadata['error']>['code'];

/** An anchor and its fetched document as the metadata fields show them; `error` only after a failed fetch. */
export function anchorDocument(row: DRepAnchorRow) {
  return {
    url: row.anchor_url!,
    hash: row.anchor_hash!,
    json_metadata: row.json_metadata,
    bytes: row.bytes,
    ...(row.error_code === null
      ? {}
      : { error: { code: row.error_code as AnchorErrorCode, message: row.error_message ?? '' } }),
  };
}

/** `GET /governance/dreps/{drep_id}/metadata`, the id and hex as asked (CIP-129 or legacy). */
export function toDRepMetadata(param: DRepIdParam, row: DRepAnchorRow): DRepMetadata {
  return { drep_id: param.drepId, hex: param.hex, ...anchorDocument(row) };
}

const STATUS = { none: 'not_authorized', authorized: 'authorized', resigned: 'resigned' } as const;

function toCommitteeMember(member: CommitteeMemberRow): Committee['members'][number] {
  const hot =
    member.hot_kind === null || member.hot_hash === null
      ? null
      : { type: member.hot_kind, hash: member.hot_hash };
  return {
    cc_cold_id: committeeCredentialId('cold', { type: member.cold_kind, hash: member.cold_hash }),
    cc_cold_hex: member.cold_hash,
    cc_cold_has_script: member.cold_kind === 'script',
    cc_hot_id: hot && committeeCredentialId('hot', hot),
    cc_hot_hex: hot && hot.hash,
    cc_hot_has_script: hot && hot.type === 'script',
    status: STATUS[member.hot_status],
    expiration_epoch: member.mandate_epoch!,
  };
}

/**
 * `GET /governance/committee` from the latest ledger snapshot that has a committee. Which proposal seated it
 * is not known from the snapshot: the proposal fields stay null (docs/semantics.md#governance).
 */
export function toCommittee(
  quorum: NonNullable<CommitteeSnapshotResult['quorum']>,
  members: CommitteeMemberRow[],
): Committee {
  return {
    gov_action_id: null,
    proposal_tx_hash: null,
    proposal_index: null,
    is_dissolved: false,
    quorum: { numerator: Number(quorum.numerator), denominator: Number(quorum.denominator) },
    members: members.map(toCommitteeMember),
  };
}
