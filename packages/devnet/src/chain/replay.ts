import { setTimeout as sleep } from 'node:timers/promises';
import type { BlockEntry } from './block-entry.js';
import type { Chain } from './chain.js';
import type { ChainLine } from './chain-file.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Slot } from './point.js';

export interface ReplayOptions {
  /** Milliseconds between two released blocks; 0 releases them as fast as they are read. */
  blockInterval: number;
  signal?: AbortSignal;
}

/**
 * Plays a chain source into the served chain: blocks are appended (paced by `blockInterval`), events roll
 * back, switch forks, pause or record ledger data. A fork adopts the blocks that follow it, up to the next
 * event, in one step.
 */
export async function replay(
  lines: AsyncIterable<ChainLine>,
  chain: Chain,
  ledger: Pick<Ledger, 'data' | 'setRewardAccounts'>,
  { blockInterval, signal }: ReplayOptions,
): Promise<void> {
  const pace = () => (blockInterval > 0 ? sleep(blockInterval, undefined, { signal }) : undefined);
  const iterator = lines[Symbol.asyncIterator]();
  let next = await iterator.next();
  while (!next.done) {
    signal?.throwIfAborted();
    const line = next.value;
    next = await iterator.next();
    if (line.kind === 'block') {
      await pace();
      chain.append(line.entry);
      continue;
    }
    const { event } = line;
    switch (event.event) {
      case 'rollback':
        await pace();
        chain.rollBackTo(event.point);
        break;
      case 'fork': {
        const branch: BlockEntry[] = [];
        while (!next.done && next.value.kind === 'block') {
          branch.push(next.value.entry);
          next = await iterator.next();
        }
        await pace();
        chain.switchTo(event.point, branch);
        break;
      }
      case 'pause':
        await sleep(event.ms, undefined, { signal });
        break;
      case 'rewardAccounts':
        ledger.setRewardAccounts(event.accounts);
        break;
      case 'protocolParameters':
        ledger.data.setProtocolParameters(event.slot ?? tipSlot(chain), event.parameters);
        break;
    }
  }
}

/** Protocol parameters without a slot take effect at the block written just before them. */
function tipSlot(chain: Chain): Slot {
  const tip = chain.tip();
  return tip === 'origin' ? 0 : tip.slot;
}
