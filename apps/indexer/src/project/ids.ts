/**
 * The indexer assigns every id itself, in chain order, so bulk inserts need no RETURNING round trip
 * and `ORDER BY id` is chain order. Counters start after the largest stored id and are reloaded
 * after a rollback.
 */
/** Tables whose rows belong to a transaction (`tx_id`) and have an id of their own. */
const TRANSACTION_ID_TABLES = [
  'asset_mint',
  'tx_metadata',
  'tx_metadata_cbor',
  'tx_required_signer',
  'tx_input',
  'collateral_tx_out',
  'datum',
  'script',
  'stake_registration',
  'delegation',
  'delegation_vote',
  'drep_registration',
  'committee_registration',
  'committee_de_registration',
  'withdrawal',
  'mir',
  'pool_registration',
  'pool_retire',
  'redeemer',
  'nutlink_registration',
  'nutlink_ticker',
  'gov_action_proposal',
  'treasury_withdrawal',
  'voting_procedure',
] as const;

/** Tables whose rows belong to a transaction (`tx_id`): a rollback deletes them by range. */
export const TRANSACTION_TABLES = [...TRANSACTION_ID_TABLES, 'address_tx', 'asset_tx'] as const;

export const ID_TABLES = [
  'block',
  'tx',
  'tx_out',
  'address',
  'stake_address',
  'asset',
  ...TRANSACTION_ID_TABLES,
] as const;

export type IdTable = (typeof ID_TABLES)[number];

export class IdAllocator {
  private readonly next: Map<IdTable, bigint>;

  constructor(lastIds: Map<IdTable, bigint>) {
    this.next = new Map(ID_TABLES.map((table) => [table, (lastIds.get(table) ?? 0n) + 1n]));
  }

  take(table: IdTable): bigint {
    const id = this.next.get(table)!;
    this.next.set(table, id + 1n);
    return id;
  }

  /** A copy to allocate from speculatively: adopted with {@link adopt} only once its batch commits. */
  fork(): IdAllocator {
    const copy = new IdAllocator(new Map());
    for (const [table, id] of this.next) copy.next.set(table, id);
    return copy;
  }

  adopt(other: IdAllocator): void {
    for (const [table, id] of other.next) this.next.set(table, id);
  }
}
