import { machineBusySeconds, processCpu } from './proc-cpu.js';

const ownCpuSeconds = () => {
  const own = processCpu(process.pid);
  return own.user + own.system;
};

describe('CPU accounting from /proc', () => {
  it("counts this process's own work in the machine's busy time", () => {
    const machineBefore = machineBusySeconds();
    const ownBefore = ownCpuSeconds();
    // Spins until the kernel has charged this process 0.2 s, however busy the machine (a wall-clock spin got less).
    const giveUpAt = Date.now() + 20_000;
    while (ownCpuSeconds() - ownBefore < 0.2 && Date.now() < giveUpAt);
    const ownSeconds = ownCpuSeconds() - ownBefore;
    expect(ownSeconds).toBeGreaterThanOrEqual(0.2 - 1e-9);
    // The machine's clock ticks are counted per CPU, so its busy time grows at least by ours (less a tick of rounding).
    expect(machineBusySeconds() - machineBefore).toBeGreaterThanOrEqual(ownSeconds - 0.02);
  });
});
