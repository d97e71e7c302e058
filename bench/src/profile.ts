// Self time per function of a V8 .cpuprofile (node --cpu-prof), the evidence for where ingest time goes.
export interface ProfileLine {
  function: string;
  location: string;
  selfMs: number;
  percent: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export function summarizeProfile(profile: CpuProfile, top: number): ProfileLine[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { fn: string; location: string; us: number }>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (!node) return;
    const frame = node.callFrame;
    const location = frame.url
      ? `${frame.url.replace(/^file:\/\/.*?\/(node_modules\/\.pnpm\/|apps\/|packages\/)/, '$1')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName}@${location}`;
    const entry = self.get(key) ?? { fn: frame.functionName || '(anonymous)', location, us: 0 };
    entry.us += delta;
    self.set(key, entry);
  });
  return [...self.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({
      function: e.fn,
      location: e.location,
      selfMs: e.us / 1000,
      percent: (100 * e.us) / Math.max(total, 1),
    }));
}
