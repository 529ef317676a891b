/**
 * The hottest functions of a Chrome trace's CPU profile (the 'Profile' / 'ProfileChunk' events that the
 * 'disabled-by-default-v8.cpu_profiler' category records), by self or total time inside a window of the trace's clock.
 * For trace-interaction.ts: which functions a tap's main-thread work is made of.
 */
type Frame = { functionName: string; url?: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: Frame; parent?: number };
type ProfileEvent = {
  name: string;
  id?: string;
  pid: number;
  tid: number;
  ts: number;
  args?: { data?: { startTime?: number; cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } };
};

export type HotFunction = { name: string; where: string; selfMs: number; totalMs: number };

export function hottestFunctions(events: ProfileEvent[], pid: number, from: number, to: number, by: 'selfMs' | 'totalMs', top = 15): HotFunction[] {
  const byFunction = new Map<string, HotFunction>();
  const byProfile = new Map<string, { nodes: Map<number, Node>; time: number }>();
  for (const e of events) {
    if (e.pid !== pid || !e.id) continue;
    if (e.name === 'Profile') byProfile.set(e.id, { nodes: new Map(), time: e.args?.data?.startTime ?? e.ts });
    if (e.name !== 'ProfileChunk') continue;
    const profile = byProfile.get(e.id);
    if (!profile) continue;
    for (const node of e.args?.data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const delta = deltas[i] ?? 0;
      profile.time += delta;
      if (profile.time < from || profile.time > to) return;
      // Self time to the sampled function, total time to every distinct function on its stack.
      const seen = new Set<string>();
      for (let node = profile.nodes.get(id), leaf = true; node; node = node.parent === undefined ? undefined : profile.nodes.get(node.parent), leaf = false) {
        const frame = node.callFrame;
        if (frame.functionName === '(idle)' || frame.functionName === '(program)' || frame.functionName === '(root)') continue;
        const where = `${(frame.url ?? '').split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`;
        const key = `${frame.functionName}@${where}`;
        const hot = byFunction.get(key) ?? { name: frame.functionName || '(anonymous)', where, selfMs: 0, totalMs: 0 };
        // A sample's time is the gap to the next one; the delta to this one is a close enough stand-in.
        if (leaf) hot.selfMs += delta / 1000;
        if (!seen.has(key)) hot.totalMs += delta / 1000;
        seen.add(key);
        byFunction.set(key, hot);
      }
    });
  }
  return [...byFunction.values()].sort((a, b) => b[by] - a[by]).slice(0, top);
}
