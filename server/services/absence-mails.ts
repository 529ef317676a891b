/**
 * The agency is told of each absence report at once, of a certificate that comes later, and of a withdrawal, by a
 * mail to its address (AGENCY_EMAIL) in its language (AGENCY_LOCALE). The mail carries what the agency needs to
 * act (the worker and how to reach them, the mission, the reason, the message, the certificate's state), never
 * the certificate itself: the agency downloads it from the back-office (docs/decisions/200-absence-reports.md).
 */
import type { AgencySettings } from '../config.ts';
import { t } from '../i18n.ts';
import { jobName } from '../pdf/job-names.ts';
import type { ReportRow } from './absences.ts';
import { certificateView } from './absence-views.ts';
import { mustPhoneAgency } from '#domain/absence.ts';
import { printedDate } from './clock.ts';
import type { Mailer, MailKind } from './mail.ts';
import type { Worker } from './workers.ts';

const TIME = new Intl.DateTimeFormat('fr-BE', {
  timeZone: 'Europe/Brussels',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function params(agency: AgencySettings, worker: Worker, r: ReportRow, now: Date): Record<string, string> {
  const { locale } = agency;
  const mobile = typeof worker.details.contactInfo?.mobile === 'string' && worker.details.contactInfo.mobile ? worker.details.contactInfo.mobile : '—';
  const { status, lastDay } = certificateView(r, now);
  const certificate =
    status === 'received'
      ? t(locale, 'mail_absenceCertificateReceived')
      : status === 'due'
        ? t(locale, 'mail_absenceCertificateDue', { date: printedDate(lastDay!) })
        : status === 'late'
          ? t(locale, 'mail_absenceCertificateLate')
          : t(locale, 'mail_absenceCertificateNotNeeded');
  return {
    name: `${worker.first_name} ${worker.last_name}`.trim(),
    email: worker.email,
    mobile,
    reference: r.reference,
    job: jobName(r.job, locale),
    date: printedDate(r.date),
    start: r.start,
    end: r.end,
    place: r.short_location || '—',
    reason: t(locale, `mail_absenceReason_${r.reason}`),
    message: r.message || t(locale, 'mail_absenceNoMessage'),
    certificate,
    reportedAt: TIME.format(r.reported_at),
    phone: r.withdrawn_at === null && mustPhoneAgency(r, r.reported_at) ? t(locale, 'mail_absencePhoneExpected') : '',
    report: r.id,
  };
}

export async function mailAgency(
  mailer: Mailer,
  agency: AgencySettings,
  kind: Extract<MailKind, `absence${string}`>,
  worker: Worker,
  r: ReportRow,
  now: Date,
): Promise<void> {
  await mailer.send({ to: agency.email, locale: agency.locale, kind, params: params(agency, worker, r, now) });
}
