/**
 * The PDFs of the portal, in the worker's language (pdf_* messages): contract, payslip, fiscal attest,
 * worked-days attest, C4 and planning.
 */
import type { Locale } from '#domain/api-schema.ts';
import { t } from '../i18n.ts';
import { printedDate } from '../services/clock.ts';
import type { Mission, MissionTerms } from '../services/missions.ts';
import { jobName } from './job-names.ts';
import { PdfWriter } from './writer.ts';
import { formatCents } from '#domain/hours-format.ts';

export type PdfWorker = { first_name: string; last_name: string; email: string; locale: Locale };
const fullName = (w: PdfWorker) => `${w.first_name} ${w.last_name}`;
/** An amount in euros as the worker's language writes it ("15,50 €", "€ 15,50"): the core's one money format. */
const money = (locale: Locale, amount: number) => formatCents(locale, Math.round(amount * 100));
const hours = (m: Pick<Mission, 'start' | 'end'>) => `${m.start} - ${m.end}`;
const AGENCY = 'Interim Portal SRL/BV';

async function start(locale: Locale, titleKey: string, now: Date, worker: PdfWorker, params: Record<string, string> = {}) {
  const title = t(locale, titleKey, params);
  const pdf = await PdfWriter.create({ title, subject: title, locale, now });
  pdf.heading(AGENCY, 11).heading(title).line(t(locale, 'pdf_worker'), fullName(worker)).line(t(locale, 'pdf_email'), worker.email);
  return pdf;
}

export async function contractPdf(worker: PdfWorker, m: MissionTerms, now: Date) {
  const l = worker.locale;
  const pdf = await start(l, 'pdf_contractTitle', now, worker, { reference: m.reference });
  pdf
    .line(t(l, 'pdf_reference'), m.reference)
    .line(t(l, 'pdf_job'), jobName(m.job, l))
    .line(t(l, 'pdf_date'), printedDate(m.date))
    .line(t(l, 'pdf_hours'), hours(m))
    .line(t(l, 'pdf_location'), [m.short_location, m.location1, m.location2].filter(Boolean).join(', ') || '-')
    .line(t(l, 'pdf_km'), String(m.km))
    .space();
  if (m.briefing) pdf.paragraph(`${t(l, 'pdf_briefing')}: ${m.briefing}`);
  pdf.paragraph(t(l, 'pdf_contractClause'));
  return pdf.bytes();
}

export async function payslipPdf(worker: PdfWorker, doc: { name: string; year: number; month: number; amount: number }, now: Date) {
  const l = worker.locale;
  const period = `${String(doc.month).padStart(2, '0')}/${doc.year}`;
  const pdf = await start(l, 'pdf_payslipTitle', now, worker, { period });
  pdf.line(t(l, 'pdf_document'), doc.name).line(t(l, 'pdf_period'), period).line(t(l, 'pdf_netAmount'), money(l, doc.amount)).space();
  pdf.paragraph(t(l, 'pdf_payslipNote'));
  return pdf.bytes();
}

export async function fiscalPdf(worker: PdfWorker, doc: { name: string; year: number; amount: number }, now: Date) {
  const l = worker.locale;
  const pdf = await start(l, 'pdf_fiscalTitle', now, worker, { year: String(doc.year) });
  pdf.line(t(l, 'pdf_document'), doc.name).line(t(l, 'pdf_incomeYear'), String(doc.year)).line(t(l, 'pdf_taxableAmount'), money(l, doc.amount)).space();
  pdf.paragraph(t(l, 'pdf_fiscalNote'));
  return pdf.bytes();
}

const missionRows = (missions: Mission[], l: Locale) => missions.map((m) => [printedDate(m.date), hours(m), m.reference, jobName(m.job, l)]);

export async function workedDaysPdf(worker: PdfWorker, period: { start: string; end: string }, missions: Mission[], now: Date) {
  const l = worker.locale;
  const pdf = await start(l, 'pdf_workedDaysTitle', now, worker);
  pdf.line(t(l, 'pdf_period'), `${printedDate(period.start)} - ${printedDate(period.end)}`);
  pdf.line(t(l, 'pdf_daysWorked'), String(new Set(missions.map((m) => m.date)).size)).space();
  if (missions.length > 0)
    pdf.table([t(l, 'pdf_date'), t(l, 'pdf_hours'), t(l, 'pdf_reference'), t(l, 'pdf_job')], missionRows(missions, l), [90, 100, 170, 135]);
  else pdf.paragraph(t(l, 'pdf_noMissions'));
  pdf.paragraph(t(l, 'pdf_workedDaysNote'));
  return pdf.bytes();
}

export async function c4Pdf(worker: PdfWorker, period: { start: string; end: string }, missions: Mission[], now: Date) {
  const l = worker.locale;
  const pdf = await start(l, 'pdf_c4Title', now, worker);
  pdf
    .line(t(l, 'pdf_period'), `${printedDate(period.start)} - ${printedDate(period.end)}`)
    .line(t(l, 'pdf_employmentStart'), printedDate(missions[0]!.date))
    .line(t(l, 'pdf_employmentEnd'), printedDate(missions.at(-1)!.date))
    .line(t(l, 'pdf_reason'), t(l, 'pdf_c4Reason'))
    .space()
    .table([t(l, 'pdf_date'), t(l, 'pdf_hours'), t(l, 'pdf_reference'), t(l, 'pdf_job')], missionRows(missions, l), [90, 100, 170, 135]);
  pdf.paragraph(t(l, 'pdf_c4Note'));
  return pdf.bytes();
}

export async function planningPdf(worker: PdfWorker, missions: Mission[], now: Date) {
  const l = worker.locale;
  const pdf = await start(l, 'pdf_planningTitle', now, worker);
  if (missions.length === 0) pdf.paragraph(t(l, 'pdf_noMissions'));
  else
    pdf.table(
      [t(l, 'pdf_date'), t(l, 'pdf_hours'), t(l, 'pdf_reference'), t(l, 'pdf_location')],
      missions.map((m) => [printedDate(m.date), hours(m), m.reference, [m.short_location, m.location1].filter(Boolean).join(', ')]),
      [80, 85, 150, 180],
    );
  return pdf.bytes();
}
