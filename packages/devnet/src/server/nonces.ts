import { blake2b256, bytesToHex, hexToBytes } from '@frostline/model';
import type { Chain } from '../chain/chain.js';
import type { Slot } from '../chain/point.js';
import { slotInfo } from '../networks/era-summaries.js';
import type { Network } from '../networks/networks.js';

type Nonce = string | 'neutral';

/**
 * `queryLedgerState/nonces` at `slot`. A node evolves its nonces from the VRF outputs of block
 * headers, which the devnet's blocks only pretend to have; the devnet derives them from block ids
 * instead, so that every epoch still gets its own, stable nonce: the epoch nonce is the blake2b-256
 * of the id of the last block before the epoch (neutral when there is none), the evolving and
 * candidate nonces that of the block at `slot`'s tip.
 */
export function devnetNonces(chain: Chain, network: Network, slot: Slot) {
  const { slotInEpoch } = slotInfo(network, slot);
  const lastAncestor = lastBlockBefore(chain, Number(slot) - slotInEpoch);
  const current = lastBlockBefore(chain, Number(slot) + 1);
  return {
    epochNonce: hashOf(lastAncestor),
    candidateNonce: hashOf(current),
    evolvingNonce: hashOf(current),
    lastEpochLastAncestor: lastAncestor ?? 'neutral',
  };
}

function hashOf(blockId: string | undefined): Nonce {
  return blockId === undefined ? 'neutral' : bytesToHex(blake2b256(hexToBytes(blockId)));
}

/** Id of the last block whose slot is below `slot` (slots never decrease along the chain). */
function lastBlockBefore(chain: Chain, slot: number): string | undefined {
  let low = 0;
  let high = chain.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (Number(chain.at(middle).slot) < slot) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : chain.at(low - 1).id;
}
