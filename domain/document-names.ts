/**
 * Payslips and fiscal attests are known by their names only (spec §3): the second dash-separated part starts with
 * a 4-digit year (and, for a payslip, a 2-digit month). Spec §3 reads nothing else, so the first part is whatever
 * prefix the agency's back end uses (`payslip-`, `loonbrief-`, `FP_`…): any prefix is accepted (decision 136).
 * One rule for both sides: the client groups the lists with it, the contract's DocumentName pattern says the same.
 */
export type PayslipName = { name: string; year: number; month: number };
export type FiscalYearName = { name: string; year: number };

const secondPart = (name: string): string | null => {
  const parts = name.split('-');
  return parts.length >= 2 && parts[0] !== '' ? parts[1]! : null;
};

/** The year and month of a payslip's name, or null when its second part does not start with YYYYMM (a real month). */
export function parsePayslipName(name: string): PayslipName | null {
  const match = /^(\d{4})(\d{2})/.exec(secondPart(name) ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { name, year, month } : null;
}

/** The year of a fiscal attest's name, or null when its second part does not start with YYYY. */
export function parseFiscalYearName(name: string): FiscalYearName | null {
  const match = /^(\d{4})/.exec(secondPart(name) ?? '');
  return match ? { name, year: Number(match[1]) } : null;
}
