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
 * The protocol parameters a chain file states, each set in force from a slot on: queries read the
 * latest one at or before the slot of the acquired point (or the tip). They are keyed by slot, not by
 * branch: a rollback does not undo them.
 */
export class LedgerData {
  private readonly parameters: Versioned<Record<string, unknown>>[] = [];

  setProtocolParameters(slot: Slot, parameters: Record<string, unknown>): void {
    insertBySlot(this.parameters, { slot: BigInt(slot), value: parameters });
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
 * state facts in slot order, so the search starts from the end.
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
