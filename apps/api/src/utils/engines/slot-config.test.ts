import type { EraSummaryRow } from '@frostline/db';
import { SLOT_CONFIGS, SlotConfigCache, storedSlotConfig, type SlotConfigUntil } from './slot-config.js';

const SYSTEM_START = 1_700_000_000;

/** A stored era summary: times in seconds since the system start. */
function era(
  startTime: number,
  startSlot: number,
  slotLengthMs: number,
  endTime: number | null,
): EraSummaryRow {
  return {
    start_time: startTime,
    start_slot: startSlot,
    start_epoch: 0,
    end_time: endTime,
    end_slot: null,
    end_epoch: null,
    epoch_length: 432_000,
    slot_length_ms: slotLengthMs,
    safe_zone: null,
    node_tip_slot: null,
  };
}

describe('storedSlotConfig', () => {
  it('is the last era’s line, holding until the end the node gave that era', () => {
    const byron = era(0, 0, 20_000, 1_000);
    expect(storedSlotConfig({ system_start: SYSTEM_START }, [byron, era(1_000, 50, 1_000, 5_000)])).toEqual({
      config: { zeroSlot: 50, zeroTime: (SYSTEM_START + 1_000) * 1000, slotLength: 1_000 },
      untilMs: (SYSTEM_START + 5_000) * 1000,
    });
  });

  it('holds for good when the last era has no end (a devnet’s, with no fork to come)', () => {
    expect(storedSlotConfig({ system_start: SYSTEM_START }, [era(0, 0, 1_000, null)])?.untilMs).toBe(
      Infinity,
    );
  });

  it('is null until the indexer stored the genesis and the era history', () => {
    expect(storedSlotConfig(null, [era(0, 0, 1_000, null)])).toBeNull();
    expect(storedSlotConfig({ system_start: SYSTEM_START }, [])).toBeNull();
  });
});

describe('SlotConfigCache', () => {
  /** The store as the indexer leaves it, read by the cache: each read counted. */
  function store(initial: SlotConfigUntil | null) {
    let stored = initial;
    let reads = 0;
    let now = 0;
    const cache = new SlotConfigCache(
      async () => {
        reads += 1;
        return stored;
      },
      SLOT_CONFIGS.custom,
      () => now,
    );
    return {
      cache,
      reads: () => reads,
      at: (ms: number) => (now = ms),
      store: (next: SlotConfigUntil | null) => (stored = next),
    };
  }
  const byron = { config: { zeroSlot: 0, zeroTime: 0, slotLength: 20_000 }, untilMs: 100_000 };
  const shelley = { config: { zeroSlot: 5, zeroTime: 100_000, slotLength: 1_000 }, untilMs: Infinity };

  it('reads the store once while the era’s horizon lies ahead', async () => {
    const s = store(byron);
    for (const ms of [0, 50_000, 99_999]) {
      s.at(ms);
      expect(await s.cache.get()).toEqual(byron.config);
    }
    expect(s.reads()).toBe(1);
  });

  it('reads it again once the horizon passes, and follows an era change', async () => {
    const s = store(byron);
    await s.cache.get();
    s.store(shelley);
    s.at(100_000);
    expect(await s.cache.get()).toEqual(shelley.config);
    s.at(10 ** 12);
    expect(await s.cache.get()).toEqual(shelley.config);
    expect(s.reads()).toBe(2);
  });

  it('reads it on every call past the horizon until the indexer stores a later one', async () => {
    const s = store(byron);
    s.at(200_000);
    await s.cache.get();
    await s.cache.get();
    expect(s.reads()).toBe(2);
    s.store({ ...byron, untilMs: 300_000 });
    await s.cache.get();
    await s.cache.get();
    expect(s.reads()).toBe(3);
  });

  it('answers the network’s preset before the indexer stored anything, and reads again each time', async () => {
    const s = store(null);
    expect(await s.cache.get()).toEqual(SLOT_CONFIGS.custom);
    s.store(shelley);
    expect(await s.cache.get()).toEqual(shelley.config);
    expect(s.reads()).toBe(2);
  });
});
