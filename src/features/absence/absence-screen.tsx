/**
 * "I can't come" (requirements §16): the report of an absence for one mission, in a few short steps (reason and message,
 * the certificate for sickness, a summary that names the mission), then its receipt, which the worker reopens from
 * the planning or the home. Reads the absence report machine through its selectors only (decision 204); each step's
 * heading takes the focus when the step changes, so a screen reader starts at the new content.
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AbsenceMission } from '../../../machines/absence-report.types.ts';
import { absenceMission, absenceStep, type AbsenceReportActor, type AbsenceStep } from '../../../machines/absence-report.selectors.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Page } from '../../ui/page.tsx';
import * as s from './absence.css.ts';
import { CertificateStep, ConfirmStep, FailedStep, ReasonStep } from './flow-steps.tsx';
import { Receipt } from './receipt.tsx';
import { missionDay } from './texts.ts';

export function AbsenceScreen({ actor }: { actor: AbsenceReportActor }) {
  const locale = useLocale();
  const step = useSelector(actor, absenceStep);
  const mission = useSelector(actor, absenceMission);
  const heading = useStepFocus(step);
  return (
    <Page title={m.absence_title()}>
      <MissionCard mission={mission} locale={locale} />
      {step === 'reason' ? <ReasonStep actor={actor} heading={heading} /> : null}
      {step === 'certificate' ? <CertificateStep actor={actor} heading={heading} /> : null}
      {step === 'confirming' || step === 'sending' ? <ConfirmStep actor={actor} heading={heading} /> : null}
      {step === 'failed' ? <FailedStep actor={actor} heading={heading} /> : null}
      {step === 'receipt' || step === 'withdrawn' ? <Receipt actor={actor} heading={heading} /> : null}
      <p>
        <Link to="/planning">{m.absence_backToPlanning()}</Link>
      </p>
    </Page>
  );
}

/** The heading of the step shown: focused when the step changes (not on the first paint, which the page's h1 has). */
function useStepFocus(step: AbsenceStep) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    // Sending is the summary still (its button shows it is busy): the focus stays on that button.
    if (shown.current === step || (shown.current === 'confirming' && step === 'sending')) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}

/** The mission the report is about, named in words at the top of every step. */
export function MissionCard({ mission, locale }: { mission: AbsenceMission; locale: Locale }) {
  return (
    <section aria-label={m.absence_missionLabel()} className={s.mission}>
      <dl className={s.facts}>
        <div>
          <dt>{m.absence_missionLabel()}</dt>
          <dd>{mission.reference}</dd>
        </div>
        <div>
          <dt>{m.absence_whenLabel()}</dt>
          <dd>{m.absence_when({ day: missionDay(locale, mission.date), start: mission.start, end: mission.end })}</dd>
        </div>
        {mission.shortLocation ? (
          <div>
            <dt>{m.absence_placeLabel()}</dt>
            <dd>{mission.shortLocation}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
