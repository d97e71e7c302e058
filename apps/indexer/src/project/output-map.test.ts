import { OutputMap } from './output-map.js';

const a = 'aa'.repeat(32);
const b = 'bb'.repeat(32);

describe('OutputMap', () => {
  it('keeps values by transaction hash and output index', () => {
    const map = new OutputMap<string>();
    map.set({ txHash: a, index: 2 }, 'a2');
    map.set({ txHash: a, index: 0 }, 'a0');
    map.set({ txHash: b, index: 2 }, 'b2');
    map.set({ txHash: a, index: 2 }, 'a2 again');
    expect(map.size).toBe(3);
    expect(map.get({ txHash: a, index: 2 })).toBe('a2 again');
    expect(map.get({ txHash: a, index: 1 })).toBeUndefined();
    expect(map.get({ txHash: b, index: 0 })).toBeUndefined();
  });

  it('counts what is left after deletions, deleting a missing value being no change', () => {
    const map = new OutputMap<string>();
    map.set({ txHash: a, index: 0 }, 'a0');
    map.set({ txHash: a, index: 1 }, 'a1');
    map.delete({ txHash: a, index: 0 });
    map.delete({ txHash: a, index: 0 });
    map.delete({ txHash: b, index: 0 });
    expect(map.size).toBe(1);
    expect(map.get({ txHash: a, index: 0 })).toBeUndefined();
    map.delete({ txHash: a, index: 1 });
    map.set({ txHash: a, index: 1 }, 'a1 again');
    expect(map.size).toBe(1);
  });

  it('drops the oldest transactions beyond a capacity', () => {
    const map = new OutputMap<string>();
    map.set({ txHash: a, index: 0 }, 'a0');
    map.set({ txHash: b, index: 0 }, 'b0');
    map.set({ txHash: b, index: 3 }, 'b3');
    expect(map.size).toBe(3);
    expect(map.get({ txHash: b, index: 3 })).toBe('b3');
    map.trimTo(2);
    expect(map.size).toBe(2);
    expect(map.get({ txHash: a, index: 0 })).toBeUndefined();
    expect(map.get({ txHash: b, index: 0 })).toBe('b0');
    map.clear();
    expect(map.size).toBe(0);
  });
});
