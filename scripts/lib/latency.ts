/** Latency samples and their percentiles (nearest-rank), for the load script and the benchmark. */
export class Latencies {
  private readonly samples: number[] = [];
  add(ms: number): void {
    this.samples.push(ms);
  }
  static merge(list: Latencies[]): Latencies {
    const all = new Latencies();
    for (const l of list) all.samples.push(...l.samples);
    return all;
  }
  get count(): number {
    return this.samples.length;
  }
  /** The p-th percentile (0–100) by nearest rank, in ms; NaN when empty. */
  percentile(p: number): number {
    if (this.samples.length === 0) return Number.NaN;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  }
  summary(): string {
    const f = (v: number) => v.toFixed(1).padStart(7);
    return `n=${String(this.count).padStart(6)}  p50 ${f(this.percentile(50))} ms  p95 ${f(this.percentile(95))} ms  p99 ${f(this.percentile(99))} ms`;
  }
}
