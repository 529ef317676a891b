/**
 * Payslips and fiscal attests are known by their names only (spec §3): `payslip-YYYYMM-<id>` and
 * `fiscal-YYYY-<id>` — the second dash-separated part starts with the year (and the month). Listed newest first:
 * payslips by year, then month.
 */

export type Payslip = { name: string; year: number; month: number };
export type PayslipYear = { year: number; months: { month: number; names: string[] }[] };
export type FiscalYear = { name: string; year: number };

/** The year and month of a payslip's name, or null for a name that is not one. */
export function parsePayslip(name: string): Payslip | null {
  const match = /^(\d{4})(\d{2})/.exec(name.split('-')[1] ?? '');
  if (!name.startsWith('payslip-') || !match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { name, year, month } : null;
}

function parseFiscalYear(name: string): FiscalYear | null {
  const match = /^(\d{4})/.exec(name.split('-')[1] ?? '');
  return name.startsWith('fiscal-') && match ? { name, year: Number(match[1]) } : null;
}

/** Newest year first, newest month first; several payslips of one month keep the server's order. */
export function groupPayslips(names: readonly string[]): PayslipYear[] {
  const years = new Map<number, Map<number, string[]>>();
  for (const payslip of names.map(parsePayslip)) {
    if (!payslip) continue;
    const months = years.get(payslip.year) ?? new Map<number, string[]>();
    months.set(payslip.month, [...(months.get(payslip.month) ?? []), payslip.name]);
    years.set(payslip.year, months);
  }
  return [...years]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({ year, months: [...months].sort(([a], [b]) => b - a).map(([month, list]) => ({ month, names: list })) }));
}

export function fiscalYears(names: readonly string[]): FiscalYear[] {
  return names
    .map(parseFiscalYear)
    .filter((f): f is FiscalYear => f !== null)
    .sort((a, b) => b.year - a.year);
}
