import { isPoint, type Point, type Slot } from './point.js';

/** One reward account as Ogmios 6.13+ reports it in `queryLedgerState/rewardAccountSummaries`. */
export interface RewardAccountSummary {
  from: 'verificationKey' | 'script';
  credential: string;
  stakePool?: { id: string };
  delegateRepresentative?: unknown;
  rewards: { ada: { lovelace: number | bigint } };
  deposit: { ada: { lovelace: number | bigint } };
}

/** A credential leaving the ledger (deregistration): it is absent from answers from that slot on. */
export interface RewardAccountRemoval {
  from: 'verificationKey' | 'script';
  credential: string;
  registered: false;
}

export type RewardAccountUpdate = RewardAccountSummary | RewardAccountRemoval;

/** Non-block lines of a chain file; see README.md "Chain file format". */
export type ChainEvent =
  | { event: 'rollback'; point: Point }
  | { event: 'fork'; point: Point }
  | { event: 'pause'; ms: number }
  | { event: 'rewardAccounts'; slot?: Slot; accounts: RewardAccountUpdate[] }
  | { event: 'protocolParameters'; slot?: Slot; parameters: Record<string, unknown> };

export function parseEvent(value: Record<string, unknown>): ChainEvent {
  switch (value.event) {
    case 'rollback':
    case 'fork':
      if (!isPoint(value.point)) throw new Error(`"${value.event}" needs "point": {"slot","id"} or "origin"`);
      return { event: value.event, point: value.point };
    case 'pause':
      if (typeof value.ms !== 'number' || value.ms < 0) throw new Error('"pause" needs "ms" >= 0');
      return { event: 'pause', ms: value.ms };
    case 'rewardAccounts':
      if (!Array.isArray(value.accounts)) throw new Error('"rewardAccounts" needs an "accounts" array');
      value.accounts.forEach(checkRewardAccount);
      return { event: 'rewardAccounts', slot: optionalSlot(value.slot), accounts: value.accounts };
    case 'protocolParameters':
      if (typeof value.parameters !== 'object' || value.parameters === null) {
        throw new Error('"protocolParameters" needs a "parameters" object');
      }
      return {
        event: 'protocolParameters',
        slot: optionalSlot(value.slot),
        parameters: value.parameters as Record<string, unknown>,
      };
    default:
      throw new Error(`unknown event ${JSON.stringify(value.event)}`);
  }
}

function optionalSlot(slot: unknown): Slot | undefined {
  if (slot === undefined || typeof slot === 'number' || typeof slot === 'bigint') return slot;
  throw new Error('"slot" must be an integer');
}

function checkRewardAccount(account: Record<string, unknown>): void {
  if (typeof account.credential !== 'string' || !/^[0-9a-f]{56}$/.test(account.credential)) {
    throw new Error('reward account needs a 56-hex "credential"');
  }
  if (account.from !== 'verificationKey' && account.from !== 'script') {
    throw new Error('reward account needs "from": "verificationKey" | "script"');
  }
  if (account.registered === false) return;
  if (account.rewards === undefined || account.deposit === undefined) {
    throw new Error(
      'reward account needs "rewards" and "deposit" ({"ada":{"lovelace":N}}) or "registered": false',
    );
  }
}
