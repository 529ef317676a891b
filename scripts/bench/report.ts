/** docs/benchmark.md from the figures of scripts/bench.ts, with the budgets of §11 beside them. */
import { fieldBudgetRows, fieldSection } from './field-report.ts';
import type { FieldRow } from './field.ts';
import type { InteractionResult } from './inp.ts';
import { SERVER_BUDGET, type LatencyResult } from './server-latency.ts';
import type { RouteSize } from './sizes.ts';
import type { StrokeResult } from './stroke.ts';
import { CPU_SLOWDOWN } from './throttle.ts';

export type Figures = {
  command: string;
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; load: [number, number] };
  sizeReport: string;
  sizes: RouteSize[];
  field: FieldRow[];
  inp: InteractionResult[];
  stroke: StrokeResult;
  server: { info: LatencyResult; bare: LatencyResult };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v: number) => (v === 0 ? '< 16 ms' : `${v.toFixed(0)} ms`);
const FIRST_LOAD_BUDGET = 150 * 1024;
const INTERACTION_BUDGET = 100;

export function renderReport(f: Figures): string {
  const login = f.sizes.find((s) => s.path === '/login');
  const lines = [
    '# Benchmark',
    '',
    `Produced by \`${f.command}\` on ${f.date.slice(0, 16).replace('T', ' ')} UTC (scripts/bench.ts; method: docs/decisions/083-benchmark-method.md).`,
    `Machine: ${f.machine.cpus} CPUs (${f.machine.cpuModel}), Node ${f.machine.node}, Chromium ${f.machine.chromium}; load average ${f.machine.load[0].toFixed(1)} before, ${f.machine.load[1].toFixed(1)} after`,
    '(the machine is shared: other checkouts run their suites on it, so timings carry that noise).',
    '',
    '## Budgets of §11',
    '',
    '| Budget | Measured | |',
    '|---|---|---|',
    `| First load of /login ≤ 150 KB JS gzip | ${login ? kb(login.js) : '?'} | ${login && login.js <= FIRST_LOAD_BUDGET ? '✓' : '✗'} |`,
    `| A later route's own chunk ≤ 30 KB gzip | see \`npm run size\` below | ${/✗/.test(f.sizeReport) ? '✗' : '✓'} |`,
    ...fieldBudgetRows(f.field),
    ...f.inp
      .filter((r) => r.budget !== 'reference')
      .map((r) => {
        const design = r.budget === 'design';
        const budget = design ? `${r.name} < ${INTERACTION_BUDGET} ms at ${CPU_SLOWDOWN}×` : `${r.name} at ${CPU_SLOWDOWN}× (measured; §7 sets no budget)`;
        if ('unavailable' in r) return `| ${budget} | not measurable: ${r.unavailable} | – |`;
        return `| ${budget} | ${ms(r.median)} (worst ${ms(r.worst)}) | ${design ? (r.worst < INTERACTION_BUDGET ? '✓' : '✗') : '–'} |`;
      }),
    '',
    '## First load per route (spec §2)',
    '',
    'Every script and stylesheet a first visit fetched until the network was quiet, gzip level 9 (public routes signed out, the others as an approved employee).',
    '',
    '| Route | JS gzip | CSS gzip | Files |',
    '|---|---:|---:|---:|',
    ...f.sizes.map((s) => (s.note ? `| ${s.path} | – | – | – (${s.note}) |` : `| ${s.path} | ${kb(s.js)} | ${kb(s.css)} | ${s.files} |`)),
    '',
    'Route chunks beyond the shared entry (`npm run size`, from the build manifest):',
    '',
    '```',
    f.sizeReport.trim(),
    '```',
    '',
    ...fieldSection(f.field),
    `## Interactions at ${CPU_SLOWDOWN}× CPU (Event Timing, durationThreshold 16 ms, longest interaction)`,
    '',
    'Each on a fresh page, clicked with the mouse once the page is ready; a budget is met when the worst run is under it. The reference row is the same click on a bare page: the floor of input to paint on this machine during this run.',
    '',
    '| Interaction | Median | Worst | Runs |',
    '|---|---:|---:|---|',
    ...f.inp.map((r) =>
      'unavailable' in r
        ? `| ${r.name} | – | – | not measurable: ${r.unavailable} |`
        : `| ${r.name} | ${ms(r.median)} | ${ms(r.worst)} | ${r.runs.map(ms).join(', ')} |`,
    ),
    '',
    `## Signature pad: one stroke of 1,000 pointer moves at ${CPU_SLOWDOWN}× CPU`,
    '',
    'unavailable' in f.stroke
      ? `Not measurable: ${f.stroke.unavailable}`
      : `Script ${f.stroke.scriptMsPerMove.toFixed(3)} ms per move, all main-thread tasks ${f.stroke.taskMsPerMove.toFixed(3)} ms per move (CDP Performance.getMetrics ScriptDuration / TaskDuration deltas over ${f.stroke.moves} moves; ${f.stroke.inkPixels} inked pixels on the pad afterwards).`,
    '',
    '## Server: GET /api/user/me/info (authenticated) beside a bare Hono route',
    '',
    ...serverRows(f.server),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** The server rows: both routes, their ratios, and the budgets of §11 beside them. */
function serverRows({ info, bare }: Figures['server']): string[] {
  const p99 = info.p99 / bare.p99;
  const throughput = info.perSecond / bare.perSecond;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  return [
    `${SERVER_BUDGET.concurrency} concurrent keep-alive clients from the same machine; after a 1 s warm-up of each, the routes take turns for ${SERVER_BUDGET.rounds} rounds of ${SERVER_BUDGET.seconds / SERVER_BUDGET.rounds} s each (pooled per route).`,
    '',
    '| Route | p50 | p99 | Requests/s | Errors |',
    '|---|---:|---:|---:|---:|',
    `| GET /api/user/me/info | ${info.p50.toFixed(2)} ms | ${info.p99.toFixed(2)} ms | ${info.perSecond.toFixed(0)} | ${info.errors} |`,
    `| bare Hono GET /bare | ${bare.p50.toFixed(2)} ms | ${bare.p99.toFixed(2)} ms | ${bare.perSecond.toFixed(0)} | ${bare.errors} |`,
    `| **ratio** | **${(info.p50 / bare.p50).toFixed(2)}×** | **${p99.toFixed(2)}×** | **${throughput.toFixed(2)}×** | |`,
    '',
    '| Budget (§11) | Measured | |',
    '|---|---|---|',
    `| p99 ≤ ${SERVER_BUDGET.p99Ratio}× the bare route's | ${p99.toFixed(2)}× | ${mark(p99 <= SERVER_BUDGET.p99Ratio)} |`,
    `| requests/s ≥ ${SERVER_BUDGET.throughputRatio}× the bare route's | ${throughput.toFixed(2)}× | ${mark(throughput >= SERVER_BUDGET.throughputRatio)} |`,
  ];
}
