/**
 * What a conversation is about, as the worker saw it when asking (docs/decisions/270-conversations.md): its kind, its
 * reference, its date or period, and its amount.
 */
import type { ConversationSubject } from '#domain/api-schema.ts';
import { formatCents } from '#domain/hours-format.ts';
import { formatDay, monthName } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import * as s from './conversations.css.ts';

const KIND: Record<ConversationSubject['kind'], () => string> = {
  mission: m.conversation_kind_mission,
  offer: m.conversation_kind_offer,
  hoursDay: m.conversation_kind_hoursDay,
  absence: m.conversation_kind_absence,
  document: m.conversation_kind_document,
};
const AMOUNT: Record<NonNullable<ConversationSubject['amountKind']>, (p: { amount: string }) => string> = {
  hourlyWage: m.conversation_amount_hourlyWage,
  grossEstimate: m.conversation_amount_grossEstimate,
  netPay: m.conversation_amount_netPay,
  taxable: m.conversation_amount_taxable,
};

/** `2027-02` as "février 2027", `2027` as is. */
function periodText(locale: Locale, period: string): string {
  const [year, month] = period.split('-');
  return month ? `${monthName(locale, Number(month))} ${year}` : period;
}

/** One line naming the thing (the list's link text). */
export function subjectLine(subject: ConversationSubject | null): string {
  if (!subject) return m.conversations_generalSubject();
  return `${KIND[subject.kind]()} ${subject.reference}`;
}

export function SubjectCard({ subject, locale }: { subject: ConversationSubject; locale: Locale }) {
  const day = subject.date ? formatDay(locale, subject.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) : null;
  return (
    <section className={s.panel} aria-labelledby="conversation-subject" data-testid="conversation-subject">
      <h2 id="conversation-subject" className={s.heading}>
        {m.conversation_about({ kind: KIND[subject.kind]() })}
      </h2>
      <ul className={s.plainList}>
        <li>{m.conversation_reference({ reference: subject.reference })}</li>
        {day ? <li>{m.conversation_date({ date: day })}</li> : null}
        {subject.period ? <li>{m.conversation_period({ period: periodText(locale, subject.period) })}</li> : null}
        {subject.amountCents !== null && subject.amountKind ? (
          <li>{AMOUNT[subject.amountKind]({ amount: formatCents(locale, subject.amountCents) })}</li>
        ) : null}
      </ul>
    </section>
  );
}
