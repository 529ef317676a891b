/**
 * The mail of a new offer, in the worker's language, with a link to it on the portal: what, where, when, the wage,
 * the places and the deadline, so that a worker can decide from the mail alone and answer in one tap.
 */
import type { Locale } from '#domain/api-schema.ts';
import { brusselsDateTime, endsNextDay, type ShiftTimes } from '#domain/offers.ts';
import { t } from '../i18n.ts';
import { formatCents } from '#domain/hours-format.ts';
import { jobName } from '../pdf/job-names.ts';
import { printedDate } from './clock.ts';
import type { Mail } from './mail.ts';
import type { OfferRow } from './offers.ts';
import type { Worker } from './workers.ts';

const shiftLine = (locale: Locale, s: ShiftTimes) =>
  t(locale, endsNextDay(s) ? 'mail_offerShiftNightLine' : 'mail_offerShiftLine', { date: printedDate(s.date), start: s.start, end: s.end });

/** The place, with its address when the offer has one ("Brussels Expo (Place de Belgique 1, 1020 Bruxelles)"). */
function whereOf(locale: Locale, offer: OfferRow): string {
  const address = [offer.location1, offer.location2].filter(Boolean).join(', ');
  return address ? t(locale, 'mail_offerPlaceWithAddress', { place: offer.short_location, address }) : offer.short_location;
}

export function newOfferMail(worker: Worker, offer: OfferRow, shifts: readonly ShiftTimes[], publicUrl: string): Mail {
  const l = worker.locale;
  const deadline = brusselsDateTime(new Date(offer.answer_by));
  return {
    to: worker.email,
    locale: l,
    kind: 'offerNew',
    params: {
      name: `${worker.first_name} ${worker.last_name}`.trim(),
      job: jobName(offer.job, l),
      place: offer.short_location,
      where: whereOf(l, offer),
      shifts: shifts.map((s) => shiftLine(l, s)).join('\n'),
      wage: formatCents(l, offer.hourly_wage_cents),
      places: String(offer.places),
      answerDate: printedDate(deadline.date),
      answerTime: deadline.time,
      link: `${publicUrl}/offers?offer=${offer.id}&lang=${l}`,
      // What answering means: a place at once, or an application the agency chooses among (decision 260).
      how: t(l, offer.staffing === 'selection' ? 'mail_offerNewHowSelection' : 'mail_offerNewHowFirstCome'),
    },
  };
}

/**
 * The agency is told of a place given back (docs/decisions/262-give-back.md), in its language: who, which offer and
 * shifts, the reason, whether a contract being signed was cancelled, and who in line got the place, if anyone.
 */
export function givenBackMail(
  agency: { email: string; locale: Locale },
  worker: Worker,
  offer: OfferRow,
  shifts: readonly ShiftTimes[],
  facts: { reason: string; signed: boolean; nextInLine: readonly Worker[] },
): Mail {
  const l = agency.locale;
  const name = (w: Worker) => `${w.first_name} ${w.last_name}`.trim() || w.email;
  return {
    to: agency.email,
    locale: l,
    kind: 'offerGivenBack',
    params: {
      name: name(worker),
      email: worker.email,
      reference: offer.reference,
      place: offer.short_location,
      shifts: shifts.map((s) => shiftLine(l, s)).join('\n'),
      reason: facts.reason,
      signed: facts.signed ? t(l, 'mail_offerGivenBackSigned') : '',
      next: facts.nextInLine.length > 0 ? t(l, 'mail_offerGivenBackNext', { names: facts.nextInLine.map(name).join(', ') }) : t(l, 'mail_offerGivenBackNobody'),
    },
  };
}
