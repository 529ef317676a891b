/**
 * Payslips and fiscal attests are known by their names only (spec §3); the rule that reads a name lives in
 * domain/document-names.ts (any prefix, the second dash-separated part gives the year and month). Listed newest
 * first: payslips by year, then month. A name the rule cannot read is not dropped: it is listed apart, under its
 * own name, so the worker still gets the document (decision 136).
 */
import { parseFiscalYearName, parsePayslipName, type FiscalYearName } from '#domain/document-names.ts';

export type PayslipYear = { year: number; months: { month: number; names: string[] }[] };
export type FiscalYear = FiscalYearName;
export type Grouped<T> = { dated: T; undated: string[] };

/** Newest year first, newest month first; several payslips of one month keep the server's order. */
export function groupPayslips(names: readonly string[]): Grouped<PayslipYear[]> {
  const years = new Map<number, Map<number, string[]>>();
  const undated: string[] = [];
  for (const name of names) {
    const payslip = parsePayslipName(name);
    if (!payslip) {
      undated.push(name);
      continue;
    }
    const months = years.get(payslip.year) ?? new Map<number, string[]>();
    months.set(payslip.month, [...(months.get(payslip.month) ?? []), payslip.name]);
    years.set(payslip.year, months);
  }
  const dated = [...years]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({ year, months: [...months].sort(([a], [b]) => b - a).map(([month, list]) => ({ month, names: list })) }));
  return { dated, undated };
}

export function fiscalYears(names: readonly string[]): Grouped<FiscalYear[]> {
  const parsed = names.map((name) => ({ name, fiscal: parseFiscalYearName(name) }));
  return {
    dated: parsed.flatMap(({ fiscal }) => (fiscal ? [fiscal] : [])).sort((a, b) => b.year - a.year),
    undated: parsed.filter(({ fiscal }) => !fiscal).map(({ name }) => name),
  };
}
