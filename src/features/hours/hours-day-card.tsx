/**
 * One recorded day on /hours: the client's hours, paid hours, the gross estimate, its status in words and, while it is
 * to confirm, the time left, a tick box to confirm it with others, Confirm (one tap) and Contest (the form). A
 * contest shows the worker's hours and reason; a resolution its outcome and the agency's note. Its state is the
 * day's machine (machines/hours-day.machine.ts), whose actor the hours page's machine runs and this card reads: its
 * deadline passing turns it confirmed there and then (decision 225).
 */
import { Activity, useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { HoursDay } from '#domain/api-schema.ts';
import * as day from '../../../machines/hours-day.selectors.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { CheckboxBox } from '../../ui/checkbox.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { ContestForm } from './contest-form.tsx';
import * as s from './hours.css.ts';
import { brusselsMoment, timeLeft } from '../../i18n/time-left.ts';
import { dayTitle, grossText, paidText, timesText } from './hours-text.ts';
import { AskAbout } from '../../ui/ask-about.tsx';

export type DayCardProps = {
  /** The day's actor (started by the route, a new one when the day is read again with other hours or status). */
  actor: day.HoursDayActor;
  locale: Locale;
  /** The time the time left counts from (the page's clock). */
  now: number;
  /** The page's tick boxes: whether this day is ticked, and whether ticking is open (not while confirming them). */
  ticked: boolean;
  tickable: boolean;
  onTick: (day: HoursDay) => void;
  /** The day stopped being to confirm while ticked: the page unticks it. */
  onDrop: (mission: string) => void;
};

const STATUS: Record<day.HoursDayView, (d: HoursDay) => string> = {
  toConfirm: () => m.hours_statusToConfirm(),
  confirmed: () => m.hours_statusConfirmed(),
  autoConfirmed: () => m.hours_statusAutoConfirmed(),
  contested: () => m.hours_statusContested(),
  resolved: (d) => (d.resolution?.outcome === 'worker' ? m.hours_statusResolvedWorker() : m.hours_statusResolvedClient()),
  unknown: () => m.hours_statusToConfirm(),
};

export function HoursDayCard({ actor, locale, now, ticked, tickable, onTick, onDrop }: DayCardProps) {
  const snap = useSelector(actor, (snapshot) => snapshot);
  const d = day.dayOf(snap);
  const view = day.dayView(snap);
  const title = dayTitle(locale, d.date);
  const selectable = day.isSelectable(snap) && !day.isBusy(snap);

  useEffect(() => {
    if (ticked && !selectable) onDrop(d.mission);
  }, [ticked, selectable, d.mission, onDrop]);

  // Keyboard and screen reader users keep their place when the control they used goes away: a day confirmed or
  // contested from this card says its new status; a closed form gives the focus back to Contest.
  const item = useRef<HTMLLIElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const contestButton = useRef<HTMLButtonElement>(null);
  const open = day.formOpen(snap);
  // The contest form is prepared while closed (decision 223): React renders it hidden from the values it would open
  // with (the client's hours), so that Contest shows a form already built. A new one after each closing: what was
  // typed goes with the closed form, as the machine forgets it.
  const prepared = view === 'toConfirm' && day.canContest(snap);
  const [formRound, setFormRound] = useState(0);
  const before = useRef({ view, open });
  useEffect(() => {
    const was = before.current;
    before.current = { view, open };
    if (was.open && !open) setFormRound((n) => n + 1);
    const active = document.activeElement;
    const here = active === null || active === document.body || item.current?.contains(active) === true;
    if (!here) return;
    if (was.view === 'toConfirm' && view !== 'toConfirm') status.current?.focus();
    else if (was.open && !open && view === 'toConfirm') contestButton.current?.focus();
  }, [view, open]);

  return (
    <li ref={item} className={ticked ? s.cardTicked : s.card} data-mission={d.mission} data-status={view} aria-labelledby={`day-${d.mission}`}>
      <h3 id={`day-${d.mission}`} className={s.dayTitle}>
        {title} <span className={s.reference}>{d.reference}</span>
      </h3>
      <p>
        <AskAbout kind="hoursDay" id={d.mission} what={`${title} ${d.reference}`} />
      </p>
      <p ref={status} tabIndex={-1} className={s.status[view === 'unknown' ? 'toConfirm' : view]}>
        {STATUS[view](d)}
      </p>
      {view === 'toConfirm' ? (
        <p className={s.timeLeft}>{m.hours_timeLeft({ time: timeLeft(d.confirmBy, now), deadline: brusselsMoment(locale, d.confirmBy) })}</p>
      ) : null}
      <dl className={s.facts}>
        <div>
          <dt>{m.hours_clientHours()}</dt>
          <dd>{timesText(d.recorded)}</dd>
        </div>
        <div>
          <dt>{m.hours_paid()}</dt>
          <dd>{paidText(locale, d.paidMinutes)}</dd>
        </div>
        <div>
          <dt>{m.hours_gross()}</dt>
          <dd>{grossText(locale, d)}</dd>
        </div>
        {d.contest ? (
          <>
            <div>
              <dt>{m.hours_yourHours()}</dt>
              <dd>
                {timesText(d.contest.hours)} ({paidText(locale, d.contest.hours.paidMinutes)})
              </dd>
            </div>
            <div>
              <dt>{m.hours_reason()}</dt>
              <dd className={s.text}>{d.contest.reason}</dd>
            </div>
          </>
        ) : null}
        {d.resolution?.note ? (
          <div>
            <dt>{m.hours_agencyNote()}</dt>
            <dd className={s.text}>{d.resolution.note}</dd>
          </div>
        ) : null}
      </dl>
      {day.failure(snap) === 'confirm' ? (
        <p className={s.error} role="alert">
          {m.hours_confirmFailed()}
        </p>
      ) : null}
      {day.failure(snap) === 'load' ? (
        <p className={s.error} role="alert">
          {m.hours_dayLoadFailed()}{' '}
          <Button variant="secondary" onClick={() => actor.send({ type: 'day.retry' })}>
            {m.hours_retry()}
          </Button>
        </p>
      ) : null}
      {view === 'toConfirm' && !open ? (
        <div className={s.actions}>
          <label className={s.tick}>
            <CheckboxBox checked={ticked} disabled={!tickable || !selectable} onCheckedChange={() => onTick(d)} />
            {m.hours_select()}
            <VisuallyHidden> {m.hours_ofDay({ day: title })}</VisuallyHidden>
          </label>
          {/* The same button while it confirms (busy) and after a failure (try again): the focus stays on it. */}
          <Button onClick={() => actor.send({ type: 'day.confirm' })} disabled={!tickable} loading={day.isConfirming(snap)}>
            {m.hours_confirm()}
            <VisuallyHidden> {m.hours_ofDay({ day: title })}</VisuallyHidden>
          </Button>
          <Button ref={contestButton} variant="secondary" onClick={() => actor.send({ type: 'day.contest' })} disabled={!tickable || !day.canContest(snap)}>
            {m.hours_contest()}
            <VisuallyHidden> {m.hours_ofDay({ day: title })}</VisuallyHidden>
          </Button>
        </div>
      ) : null}
      {open || prepared ? (
        <Activity mode={open ? 'visible' : 'hidden'}>
          <ContestForm
            key={formRound}
            mission={d.mission}
            title={m.hours_contestTitle({ day: title })}
            start={day.formStart(snap)}
            serverErrors={day.fieldErrors(snap)}
            saving={day.isSaving(snap)}
            failed={day.failure(snap) === 'contest'}
            canCancel={day.canCancelContest(snap)}
            onSubmit={(draft) => actor.send({ type: 'contest.submit', draft })}
            onCancel={() => actor.send({ type: 'contest.cancel' })}
          />
        </Activity>
      ) : null}
    </li>
  );
}
