/// <reference types="jest" />
import { genesisConfiguration } from './genesis.js';
import { slotInfo, systemStartEndingAt } from './era-summaries.js';
import { loadNetwork, systemStart } from './networks.js';

describe('a chain served on its own time line', () => {
  const network = loadNetwork('custom');

  it('chooses the system start that puts a slot at the given time, in whole seconds', () => {
    // Slot 2100: Byron's 100 slots of 20 s (2000 s), then 2000 slots of 1 s.
    const now = new Date('2026-12-02T01:00:00.750Z');
    const start = systemStartEndingAt(network, 2100, now);
    expect(start.toISOString()).toBe('2026-12-01T23:53:20.000Z');
    const moved = loadNetwork('custom', start);
    expect(slotInfo(moved, 2100).time.toISOString()).toBe('2026-12-02T01:00:00.000Z');
    expect(slotInfo(moved, 2101).time.getTime()).toBeGreaterThan(now.getTime());
  });

  it('moves both genesis start times, which the network queries report', () => {
    const start = new Date('2026-06-01T12:00:00Z');
    const moved = loadNetwork('custom', start);
    expect(systemStart(moved)).toEqual(start);
    expect(genesisConfiguration(moved, 'shelley').startTime).toBe('2026-06-01T12:00:00Z');
    expect(genesisConfiguration(moved, 'byron').startTime).toBe('2026-06-01T12:00:00Z');
    expect(systemStart(network)).toEqual(new Date('2025-01-01T00:00:00Z'));
    expect(() => loadNetwork('custom', new Date('2026-06-01T12:00:00.5Z'))).toThrow(/whole second/);
  });
});
