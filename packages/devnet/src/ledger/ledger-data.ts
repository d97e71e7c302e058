import type { RewardAccountSummary, RewardAccountUpdate } from '../chain/events.js';
import type { Slot } from '../chain/point.js';

export interface Credential {
  from: 'verificationKey' | 'script';
  credential: string;
}

interface Versioned<T> {
  slot: bigint;
  value: T;
}

/**
 * Ledger facts a chain file states explicitly (reward balances, protocol parameters), each in force from
 * a slot on. Queries read the latest value at or before the slot of the acquired point (or the tip).
 * The facts are keyed by slot, not by branch: a rollback does not undo them.
 */
export class LedgerData {
  private readonly accounts = new Map<string, Versioned<RewardAccountSummary | undefined>[]>();
  private readonly parameters: Versioned<Record<string, unknown>>[] = [];

  setRewardAccounts(slot: Slot, updates: RewardAccountUpdate[]): void {
    // A generated chain states every account each epoch (millions of updates over 100k blocks): one
    // bigint per event, not per update.
    const from = BigInt(slot);
    for (const update of updates) {
      const key = credentialKey(update);
      let history = this.accounts.get(key);
      if (history === undefined) this.accounts.set(key, (history = []));
      insertBySlot(history, { slot: from, value: 'registered' in update ? undefined : update });
    }
  }

  setProtocolParameters(slot: Slot, parameters: Record<string, unknown>): void {
    insertBySlot(this.parameters, { slot: BigInt(slot), value: parameters });
  }

  /**
   * Summaries of the accounts among `credentials` (all known accounts when undefined) that are
   * registered at `slot`, in request order; unregistered credentials are absent, as with Ogmios.
   */
  rewardAccounts(credentials: Credential[] | undefined, slot: Slot): RewardAccountSummary[] {
    const keys = credentials?.map(credentialKey) ?? [...this.accounts.keys()];
    const found: RewardAccountSummary[] = [];
    for (const key of keys) {
      const summary = valueAt(this.accounts.get(key) ?? [], BigInt(slot));
      if (summary !== undefined) found.push(summary);
    }
    return found;
  }

  protocolParameters(slot: Slot): Record<string, unknown> | undefined {
    return valueAt(this.parameters, BigInt(slot));
  }
}

export function credentialKey({ from, credential }: Credential): string {
  return `${from}:${credential}`;
}

/**
 * Keeps the history sorted by slot; a later update at the same slot replaces the earlier one. Chain files
 * state facts in slot order, so the search starts from the end (a long chain has thousands of updates).
 */
function insertBySlot<T>(history: Versioned<T>[], item: Versioned<T>): void {
  let index = history.length;
  while (index > 0 && history[index - 1].slot >= item.slot) index -= 1;
  if (history[index]?.slot === item.slot) history[index] = item;
  else history.splice(index, 0, item);
}

/** The value in force at `slot`: the last one from a slot at or before it. */
function valueAt<T>(history: Versioned<T>[], slot: bigint): T | undefined {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    if (history[index].slot <= slot) return history[index].value;
  }
  return undefined;
}
