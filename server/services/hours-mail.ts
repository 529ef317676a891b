/**
 * The worker's mails about hours, in their language: the client recorded a day's hours (with the deadline to answer),
 * and the agency resolved a contest (the outcome and its note). Sent after the change is stored.
 */
import type { HoursDay, HoursOfDay, Locale } from '#domain/api-schema.ts';
import { formatCents, formatMinutes } from '#domain/hours-format.ts';
import { t } from '../i18n.ts';
import { printedDate } from './clock.ts';
import type { Mailer } from './mail.ts';
import type { Worker } from './workers.ts';

const BRUSSELS_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const BRUSSELS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

/** An instant as Brussels reads it: "17/01/2027 à 11:00" / "17/01/2027 om 11:00". */
export const printedInstant = (locale: Locale, iso: string): string =>
  t(locale, 'mail_hoursAt', { date: printedDate(BRUSSELS_DAY.format(new Date(iso))), time: BRUSSELS_TIME.format(new Date(iso)) });

/** The lines of a day's hours: times (the next day marked), break, paid hours, and the estimate when the wage is known. */
function hoursLines(locale: Locale, hours: HoursOfDay, grossCents: number | null): string {
  const lines = [
    t(locale, 'mail_hoursLineTimes', { start: hours.start, end: hours.end + (hours.endsNextDay ? t(locale, 'mail_hoursNextDay') : '') }),
    t(locale, 'mail_hoursLineBreak', { minutes: hours.breakMinutes }),
    t(locale, 'mail_hoursLinePaid', { paid: formatMinutes(locale, hours.paidMinutes) }),
  ];
  if (grossCents !== null) lines.push(t(locale, 'mail_hoursLineGross', { gross: formatCents(locale, grossCents) }));
  return lines.join('\n');
}

const common = (worker: Worker, day: HoursDay, publicUrl: string) => ({
  name: `${worker.first_name} ${worker.last_name}`.trim(),
  reference: day.reference,
  date: printedDate(day.date),
  link: `${publicUrl}/hours?lang=${worker.locale}`,
});

export async function mailRecorded(mailer: Mailer, worker: Worker, day: HoursDay, publicUrl: string): Promise<void> {
  const locale = worker.locale;
  await mailer.send({
    to: worker.email,
    locale,
    kind: 'hoursRecorded',
    params: { ...common(worker, day, publicUrl), hours: hoursLines(locale, day.recorded, day.grossCents), deadline: printedInstant(locale, day.confirmBy) },
  });
}

export async function mailResolved(mailer: Mailer, worker: Worker, day: HoursDay, publicUrl: string): Promise<void> {
  const locale = worker.locale;
  const resolution = day.resolution!;
  const paid = resolution.outcome === 'worker' ? day.contest!.hours : day.recorded;
  await mailer.send({
    to: worker.email,
    locale,
    kind: 'hoursResolved',
    params: {
      ...common(worker, day, publicUrl),
      outcome: t(locale, resolution.outcome === 'worker' ? 'mail_hoursOutcomeWorker' : 'mail_hoursOutcomeClient'),
      note: resolution.note ? t(locale, 'mail_hoursNote', { note: resolution.note }) : '',
      hours: hoursLines(locale, paid, day.grossCents),
    },
  });
}
