import type { ChainSeed } from './seed.js';

/** A block as blockfrost-tests fixtures give it (`GET /blocks/…`). */
export type BlockBody = Record<string, unknown> & {
  hash: string;
  height: number | null;
  previous_block: string | null;
  next_block: string | null;
};

/** Byron epochs of mainnet and preprod, in slots: where an epoch-boundary block is stored. */
const BYRON_EPOCH_SLOTS = 21600;

/**
 * A fixture block as the indexer stores it. `slot` is the chain-sync slot, which the API hides for
 * epoch-boundary blocks (the first slot of their epoch) and the genesis pseudo-block (0).
 */
export async function seedFixtureBlock(
  seed: ChainSeed,
  block: BlockBody,
  stored: { slot?: number; era?: string } = {},
): Promise<number> {
  const genesis = block.slot_leader === 'Genesis slot leader';
  return seed.block({
    hash: block.hash,
    height: block.height,
    slot:
      stored.slot ??
      (block.slot as number | null) ??
      ((block.epoch as number | null) ?? 0) * BYRON_EPOCH_SLOTS,
    epoch: (block.epoch as number | null) ?? 0,
    epochSlot: block.epoch_slot as number | null,
    time: block.time as number,
    size: block.size as number,
    txCount: block.tx_count as number,
    outSum: block.output as string | null,
    fees: block.fees as string | null,
    slotLeader: block.slot_leader as string,
    blockVrf: block.block_vrf as string | null,
    opCert: block.op_cert as string | null,
    opCertCounter: block.op_cert_counter as string | null,
    previousHash: block.previous_block,
    isEbb: block.slot_leader === 'Epoch boundary slot leader',
    era: stored.era ?? (genesis ? 'genesis' : block.block_vrf ? 'mary' : 'byron'),
  });
}

/** A block of which the tests only need the hash (the next block of a fixture block) and height. */
export async function seedNextBlock(seed: ChainSeed, hashHex: string, height: number, slot: number) {
  return seed.block({ hash: hashHex, height, slot, epoch: 0, epochSlot: null, time: 0 });
}

/**
 * A fixture body with blockfrost-tests' `confirmations({height})` matcher (the tip moves on) replaced
 * by what a fixed tip gives, tip height minus that height, and `any(Number)` by a jest matcher.
 */
export function atTip(body: unknown, tipHeight: number): unknown {
  return JSON.parse(JSON.stringify(body), (_key, value) => {
    if (value?.$matcher === 'confirmations') return tipHeight - (value.args[0].height as number);
    if (value?.$matcher === 'any' && value.args[0] === 'Number') return expect.any(Number);
    return value;
  });
}
