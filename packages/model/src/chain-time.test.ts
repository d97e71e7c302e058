import { ChainTime, type ByronGenesisTiming, type ShelleyGenesisTiming } from './chain-time.js';
import { MAINNET_CHAIN_TIME, PREVIEW_CHAIN_TIME, chainTimeForNetwork } from './chain-time-presets.js';
import { readTestData } from './test-support/test-data.js';

interface BlockTime {
  network: 'mainnet' | 'preprod' | 'preview';
  slot: number | null;
  epoch: number | null;
  epoch_slot: number | null;
  time: number;
  slot_leader: string | null;
}

const blocks = readTestData<{ blocks: BlockTime[] }>('blockfrost_block_times.json').blocks;
const regularBlocks = blocks.filter((block) => block.slot !== null);
const epochBoundaryBlocks = blocks.filter((block) => block.slot === null && block.epoch !== null);

describe('network presets against Blockfrost blocks', () => {
  it.each(regularBlocks.map((block) => [block.network, block.slot, block] as const))(
    '%s slot %i',
    (network, slot, block) => {
      expect(chainTimeForNetwork(network).slotTime(slot!)).toEqual({
        epoch: block.epoch,
        epochSlot: block.epoch_slot,
        unixTime: block.time,
      });
    },
  );

  it.each(epochBoundaryBlocks.map((block) => [block.network, block.epoch, block] as const))(
    '%s epoch-boundary block of epoch %i starts its epoch',
    (network, epoch, block) => {
      const chainTime = chainTimeForNetwork(network);
      expect(chainTime.slotTime(chainTime.epochFirstSlot(epoch!)).unixTime).toBe(block.time);
    },
  );

  it('finds blocks/epoch/234/slot/295199 at slot 16019999', () => {
    expect(MAINNET_CHAIN_TIME.slotTime(16_019_999)).toEqual({
      epoch: 234,
      epochSlot: 295_199,
      unixTime: 1_607_586_290,
    });
    expect(MAINNET_CHAIN_TIME.epochFirstSlot(234) + 295_199).toBe(16_019_999);
  });

  it("puts the first Shelley slot where docs/ogmios.md's network table says", () => {
    expect(MAINNET_CHAIN_TIME.slotTime(4_492_800)).toEqual({
      epoch: 208,
      epochSlot: 0,
      unixTime: 1_596_059_091,
    });
    expect(MAINNET_CHAIN_TIME.slotTime(4_492_799)).toEqual({
      epoch: 207,
      epochSlot: 21_599,
      unixTime: 1_596_059_071,
    });
    expect(chainTimeForNetwork('preprod').slotTime(86_400)).toEqual({
      epoch: 4,
      epochSlot: 0,
      unixTime: 1_655_769_600,
    });
    expect(PREVIEW_CHAIN_TIME.slotTime(0)).toEqual({ epoch: 0, epochSlot: 0, unixTime: 1_666_656_000 });
  });
});

describe('epoch-boundary blocks', () => {
  it('get the first slot of the epoch after their predecessor', () => {
    expect(MAINNET_CHAIN_TIME.ebbSlot(null)).toBe(0);
    expect(MAINNET_CHAIN_TIME.ebbSlot(21_599)).toBe(21_600);
    expect(MAINNET_CHAIN_TIME.ebbSlot(518_399)).toBe(518_400);
  });
});

describe('ChainTime from genesis files', () => {
  const mainnetByron = readTestData<ByronGenesisTiming>('mainnet-byron-genesis.subset.json');
  const mainnetShelley = readTestData<ShelleyGenesisTiming>('mainnet-shelley-genesis.json');
  const previewByron = readTestData<ByronGenesisTiming>('preview-byron-genesis.json');
  const previewShelley = readTestData<ShelleyGenesisTiming>('preview-shelley-genesis.json');

  it.each([
    ['mainnet', ChainTime.fromGenesis(mainnetByron, mainnetShelley, 208)],
    ['preview', ChainTime.fromGenesis(previewByron, previewShelley, 0)],
  ] as const)('%s agrees with the preset on every fixture block', (network, chainTime) => {
    for (const block of regularBlocks.filter((candidate) => candidate.network === network)) {
      expect(chainTime.slotTime(block.slot!)).toEqual(chainTimeForNetwork(network).slotTime(block.slot!));
    }
  });

  it('supports sub-second Shelley slots of a devnet', () => {
    const devnet = ChainTime.fromGenesis(
      previewByron,
      { ...previewShelley, slotLength: 0.1, epochLength: 500 },
      0,
    );
    expect(devnet.slotTime(1234)).toEqual({ epoch: 2, epochSlot: 234, unixTime: 1_666_656_000 + 123 });
  });
});

describe('ChainTime from Ogmios era summaries', () => {
  // Shape of queryLedgerState/eraSummaries on preprod, trimmed to Byron, Shelley and the current era.
  const preprodSummaries = [
    {
      start: { time: { seconds: 0 }, slot: 0, epoch: 0 },
      end: { time: { seconds: 1_728_000 }, slot: 86_400, epoch: 4 },
      parameters: { epochLength: 21_600, slotLength: { milliseconds: 20_000 }, safeZone: 4320 },
    },
    {
      start: { time: { seconds: 1_728_000 }, slot: 86_400, epoch: 4 },
      end: { time: { seconds: 2_160_000 }, slot: 518_400, epoch: 5 },
      parameters: { epochLength: 432_000, slotLength: { milliseconds: 1000 }, safeZone: 129_600 },
    },
    {
      start: { time: { seconds: 2_160_000 }, slot: 518_400, epoch: 5 },
      end: { time: { seconds: 70_000_000 }, slot: 68_358_400, epoch: 162 },
      parameters: { epochLength: 432_000, slotLength: { milliseconds: 1000 }, safeZone: 129_600 },
    },
  ];
  const chainTime = new ChainTime('2022-06-01T00:00:00Z', preprodSummaries);

  it('matches the preprod preset, beyond the last era end too', () => {
    for (const block of regularBlocks.filter((candidate) => candidate.network === 'preprod')) {
      expect(chainTime.slotTime(block.slot!)).toEqual(chainTimeForNetwork('preprod').slotTime(block.slot!));
    }
    expect(chainTime.slotTime(100_000_000)).toEqual(chainTimeForNetwork('preprod').slotTime(100_000_000));
  });

  it('rejects invalid input', () => {
    expect(() => new ChainTime('not a date', preprodSummaries)).toThrow(RangeError);
    expect(() => new ChainTime('2022-06-01T00:00:00Z', [])).toThrow(RangeError);
    expect(() => chainTime.slotTime(-1)).toThrow(RangeError);
    expect(() => chainTime.epochFirstSlot(1.5)).toThrow(RangeError);
  });
});
