/** The rows of docs/benchmark.md for the page loads of field.ts: the §7 field budgets and the full table. */
import { BARE_PAGE, PHONE, type FieldRow } from './field.ts';
import { CPU_SLOWDOWN, SLOW_4G } from './throttle.ts';

/**
 * §11: LCP as a ratio to the bare page of the same run (cold cache), CLS on every load. Warm, on a worker's phone
 * (the service worker in control, the kept copies: docs/decisions/240-service-worker.md, 241-kept-answers.md): /login
 * and the signed-in /home and /planning against the bare page warm, and no shift at all when the fresh answer
 * replaces the kept copy.
 */
export const FIELD_BUDGETS = {
  loginLcpRatio: 1.3,
  homeLcpRatio: 2,
  cls: 0.02,
  warmLoginLcpRatio: 1.3,
  warmHomeLcpRatio: 1.5,
  warmPlanningLcpRatio: 1.5,
  replacedCls: 0,
};

const bareOf = (rows: FieldRow[], cache: FieldRow['cache']) => rows.find((r) => r.path === BARE_PAGE.path && r.cache === cache);
export const lcpRatio = (rows: FieldRow[], row: FieldRow): number | null => {
  const bare = bareOf(rows, row.cache);
  return bare && bare.median.lcp > 0 ? row.median.lcp / bare.median.lcp : null;
};
const worstCls = (row: FieldRow) => Math.max(...row.runs.map((r) => r.cls));
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const ratioText = (ratio: number | null) => (ratio === null ? '?' : `${ratio.toFixed(2)}×`);

export function fieldBudgetRows(rows: FieldRow[]): string[] {
  const cold = (path: string) => rows.find((r) => r.path === path && r.cache === 'cold');
  const warm = (path: string) => rows.find((r) => r.path === path && r.cache === 'warm' && !r.replaced);
  const replaced = rows.find((r) => r.replaced);
  const replacedCls = replaced ? worstCls(replaced) : Number.NaN;
  const budget = (label: string, row: FieldRow | undefined, limit: number) => {
    const ratio = row ? lcpRatio(rows, row) : null;
    return `| ${label} ≤ ${limit}× a bare page (same run) | ${row ? `${row.median.lcp.toFixed(0)} ms, ${ratioText(ratio)}` : 'not measured'} | ${ratio !== null && ratio <= limit ? '✓' : '✗'} |`;
  };
  const portal = rows.filter((r) => r.path !== BARE_PAGE.path);
  const cls = portal.length ? Math.max(...portal.map(worstCls)) : Number.NaN;
  return [
    budget('LCP of /login, cold cache, Slow 4G, 4× CPU', cold('/login'), FIELD_BUDGETS.loginLcpRatio),
    budget('LCP of /home signed in, cold cache, Slow 4G, 4× CPU', cold('/home'), FIELD_BUDGETS.homeLcpRatio),
    budget('LCP of /login, warm (the service worker in control), Slow 4G, 4× CPU', warm('/login'), FIELD_BUDGETS.warmLoginLcpRatio),
    budget('LCP of /home signed in, warm (the service worker, the kept copies), Slow 4G, 4× CPU', warm('/home'), FIELD_BUDGETS.warmHomeLcpRatio),
    budget('LCP of /planning signed in, warm (the service worker, the kept copies), Slow 4G, 4× CPU', warm('/planning'), FIELD_BUDGETS.warmPlanningLcpRatio),
    `| CLS = ${FIELD_BUDGETS.replacedCls} when the fresh answer replaces the kept copy (/home, a mission moved since the last visit) | ${replaced ? `worst ${replacedCls.toFixed(3)}` : 'not measured'} | ${mark(replacedCls <= FIELD_BUDGETS.replacedCls)} |`,
    `| CLS ≤ ${FIELD_BUDGETS.cls} (every load below; every route of spec §2: e2e/prerender.spec.ts) | worst ${Number.isNaN(cls) ? '?' : cls.toFixed(3)} | ${mark(cls <= FIELD_BUDGETS.cls)} |`,
  ];
}

export function fieldSection(rows: FieldRow[]): string[] {
  return [
    `## Page loads at ${CPU_SLOWDOWN}× CPU on Slow 4G (${SLOW_4G.latency} ms RTT, 1.6 Mbps down, 750 kbps up)`,
    '',
    `A ${PHONE.viewport.width}×${PHONE.viewport.height} phone viewport. Cold: a fresh browser context. Warm: the same page loaded once before in the same context. ` +
      'Each figure is the median of the runs; the ratio is to the bare static page (a heading and a sentence) served by the same server, at the same cache state, in the same run. ' +
      'CLS is the largest session window of layout shifts (median, and worst run); TBT is the time over 50 ms of each long task after the first contentful paint. ' +
      "/home signed in holds the worker's session in storage as the portal stores it after a remembered login. " +
      'Warm, a portal page was left as a phone keeps it: the service worker in control and, signed in, the kept copies of its answers; ' +
      "the row 'the fresh answer replacing the kept one' is /home after the agency moved a mission it shows: the load waits until the new place is on screen.",
    '',
    '| Page | Cache | LCP | × bare | FCP | CLS (worst) | TBT | LCP runs |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.cache} | ${r.median.lcp.toFixed(0)} ms | ${r.path === BARE_PAGE.path ? '1.00×' : ratioText(lcpRatio(rows, r))} | ${r.median.fcp.toFixed(0)} ms | ` +
        `${r.median.cls.toFixed(3)} (${worstCls(r).toFixed(3)}) | ${r.median.tbt.toFixed(0)} ms | ${r.runs.map((m) => m.lcp.toFixed(0)).join(', ')} |`,
    ),
    '',
  ];
}
