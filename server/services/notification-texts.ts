/**
 * The words of a notification, in a language: a title and a short body (what a phone shows on its lock screen),
 * made from the raw facts the event kept (`params`), so that the list reads in the worker's language of today and a
 * push in their language when it is sent (docs/decisions/253-what-is-pushed.md).
 */
import type { Locale, NotificationKind } from '#domain/api-schema.ts';
import { brusselsDateTime } from '#domain/offers.ts';
import { t } from '../i18n.ts';
import { formatCents } from '#domain/hours-format.ts';
import { jobName } from '../pdf/job-names.ts';
import { printedDate } from './clock.ts';

export type NotificationParams = Record<string, string | number>;
export type NotificationText = { title: string; body: string };

/** An instant as Brussels reads it: "17/01/2027 à 11:00" / "17/01/2027 om 11:00". */
const instant = (locale: Locale, iso: string | number) => {
  const { date, time } = brusselsDateTime(new Date(iso));
  return t(locale, 'push_at', { date: printedDate(date), time });
};

const text = (locale: Locale, kind: NotificationKind, params: NotificationParams): NotificationText => ({
  title: t(locale, `push_${kind}Title`, params),
  body: t(locale, `push_${kind}Body`, params),
});

/** What every news of an offer names: its job, its place, its first shift and how many more. */
function offerParts(p: Record<string, string>, locale: Locale) {
  return {
    job: jobName(p.job!, locale),
    place: p.place!,
    shift: t(locale, 'push_shift', { date: printedDate(p.date!), start: p.start!, end: p.end! }),
    more: Number(p.shifts) > 1 ? t(locale, 'push_offerMoreShifts', { count: Number(p.shifts) - 1 }) : '',
  };
}

/** The facts each kind keeps, made readable: dates as dd/mm/yyyy, a job in the worker's language, money as money. */
export function notificationText(kind: NotificationKind, params: NotificationParams, locale: Locale): NotificationText {
  const p = params as Record<string, string>;
  switch (kind) {
    case 'offerNew': {
      const deadline = brusselsDateTime(new Date(p.answerBy!));
      return text(locale, kind, {
        ...offerParts(p, locale),
        wage: formatCents(locale, Number(p.wageCents)),
        answerDate: printedDate(deadline.date),
        answerTime: deadline.time,
      });
    }
    case 'offerPlaceGiven':
    case 'offerNotSelected':
      return text(locale, kind, offerParts(p, locale));
    case 'missionChanged':
    case 'missionCancelled':
      return text(locale, kind, { ...p, job: jobName(p.job!, locale), date: printedDate(p.date!), place: p.place || '—' });
    case 'hoursRecorded':
    case 'hoursReminder':
      return text(locale, kind, { reference: p.reference!, date: printedDate(p.date!), deadline: instant(locale, p.confirmBy!) });
    case 'certificateDue':
      return text(locale, kind, { reference: p.reference!, date: printedDate(p.date!), lastDay: printedDate(p.lastDay!) });
    case 'conversationReply':
      // The reply's words stay in the portal: a lock screen shows only that there is one (and what it is about).
      return p.reference
        ? { title: t(locale, 'push_conversationReplyTitle'), body: t(locale, 'push_conversationReplyAboutBody', { reference: p.reference }) }
        : text(locale, kind, {});
    default:
      return text(locale, kind, {});
  }
}
