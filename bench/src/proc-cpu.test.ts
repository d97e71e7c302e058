import { machineBusySeconds, processCpu } from './proc-cpu.js';

describe('CPU accounting from /proc', () => {
  it("counts this process's own work in the machine's busy time", () => {
    const machineBefore = machineBusySeconds();
    const ownBefore = processCpu(process.pid);
    const until = Date.now() + 300;
    let spins = 0;
    while (Date.now() < until) spins++;
    const own = processCpu(process.pid);
    const ownSeconds = own.user + own.system - ownBefore.user - ownBefore.system;
    expect(spins).toBeGreaterThan(0);
    expect(ownSeconds).toBeGreaterThan(0.2);
    // The machine's clock ticks are counted per CPU, so its busy time grows at least by ours (less a tick of rounding).
    expect(machineBusySeconds() - machineBefore).toBeGreaterThanOrEqual(ownSeconds - 0.02);
  });
});
