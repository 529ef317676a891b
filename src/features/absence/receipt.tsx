/**
 * The receipt of a report: when it reached the agency, what it says, the certificate (in, awaited until its day, or
 * late), and, while the mission is less than 24 hours away or under way, the notice to phone the agency now with its
 * number as a tel: link. From here the certificate follows, and the report is withdrawn (asked first) before the
 * mission starts.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import {
  canReportAgain,
  canSendCertificate,
  canWithdraw,
  certificatePicker,
  certificateState,
  confirmingWithdrawal,
  failureCode,
  isBusy,
  mustPhone,
  receipt,
  withdrawFailed,
  withdrawing,
  type AbsenceReportActor,
} from '../../../machines/absence-report.selectors.ts';
import type { AbsenceReport } from '../../../machines/absence-report.types.ts';
import { telHref } from '#domain/absence.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import * as s from './absence.css.ts';
import { CertificatePicker } from './certificate-picker.tsx';
import { REASON_LABEL, missionDay, moment } from './texts.ts';

export function Receipt({ actor, heading }: { actor: AbsenceReportActor; heading: RefObject<HTMLHeadingElement | null> }) {
  const locale = useLocale();
  const report = useSelector(actor, receipt);
  const phone = useSelector(actor, mustPhone);
  const withdrawn = report?.status === 'withdrawn';
  if (!report) return null;
  return (
    <section className={s.step} aria-labelledby="absence-receipt-title">
      <h2 id="absence-receipt-title" ref={heading} tabIndex={-1} className={s.stepTitle}>
        {withdrawn ? m.absence_withdrawnTitle() : m.absence_receiptTitle()}
      </h2>
      {phone ? <PhoneNotice phone={report.agencyPhone} /> : null}
      {withdrawn ? <p className={s.success}>{m.absence_withdrawnText()}</p> : <p>{m.absence_receiptSentAt({ date: moment(locale, report.reportedAt) })}</p>}
      <dl className={s.facts}>
        <div>
          <dt>{m.absence_reasonLabel()}</dt>
          <dd>{REASON_LABEL[report.reason]()}</dd>
        </div>
        <div>
          <dt>{m.absence_messageShown()}</dt>
          <dd>{report.message || m.absence_noMessage()}</dd>
        </div>
        {withdrawn ? null : (
          <div>
            <dt>{m.absence_certificateTitle()}</dt>
            <dd>
              <CertificateLine actor={actor} report={report} locale={locale} />
            </dd>
          </div>
        )}
      </dl>
      {withdrawn ? null : <CertificateFollows actor={actor} />}
      {withdrawn ? <ReportAgain actor={actor} /> : <Withdrawal actor={actor} />}
    </section>
  );
}

/** The notice a worker must not miss: the agency needs a phone call now, the report is stored all the same. */
function PhoneNotice({ phone }: { phone: string }) {
  return (
    <div className={s.phone} role="alert">
      <h3 className={s.phoneTitle}>{m.absence_phoneTitle()}</h3>
      <p>{m.absence_phoneText()}</p>
      <a className={s.phoneLink} href={telHref(phone)}>
        {m.absence_phoneCall({ phone })}
      </a>
    </div>
  );
}

function CertificateLine({ actor, report, locale }: { actor: AbsenceReportActor; report: AbsenceReport; locale: Locale }) {
  const state = useSelector(actor, certificateState);
  const { certificate } = report;
  if (state === 'sent' && certificate.receivedAt) return <>{m.absence_certificateReceived({ date: moment(locale, certificate.receivedAt) })}</>;
  if (state === 'due' && certificate.lastDay) return <>{m.absence_certificateDue({ day: missionDay(locale, certificate.lastDay) })}</>;
  if (state === 'late') return <>{m.absence_certificateLate()}</>;
  return <>{m.absence_certificateNotNeeded()}</>;
}

/** While the certificate is due: choose it and send it from here. */
function CertificateFollows({ actor }: { actor: AbsenceReportActor }) {
  const due = useSelector(actor, (snapshot) => certificateState(snapshot) === 'due');
  const picker = useSelector(actor, certificatePicker);
  const can = useSelector(actor, canSendCertificate);
  if (!due) return null;
  return (
    <div className={s.step}>
      <CertificatePicker actor={actor} id="absence-certificate-later" />
      {picker === 'uploadFailed' ? (
        <p role="alert" className={s.error}>
          {m.absence_uploadFailed()}
        </p>
      ) : null}
      {can || picker === 'uploading' ? (
        <div className={s.actions}>
          <Button loading={picker === 'uploading'} onClick={() => actor.send({ type: 'absence.sendCertificate' })}>
            {m.absence_sendCertificate()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Withdrawing the report, asked in place; the focus follows the question and comes back to the button. */
function Withdrawal({ actor }: { actor: AbsenceReportActor }) {
  const can = useSelector(actor, canWithdraw);
  const asking = useSelector(actor, confirmingWithdrawal);
  const busy = useSelector(actor, withdrawing);
  const failed = useSelector(actor, withdrawFailed);
  const code = useSelector(actor, failureCode);
  const locked = useSelector(actor, isBusy);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  if (asking || busy || failed) {
    return (
      <div role="group" aria-labelledby="absence-withdraw-question" className={failed ? s.alert : s.panel}>
        <p id="absence-withdraw-question" ref={question} tabIndex={-1} role={failed ? 'alert' : undefined}>
          {failed ? (code === 'absence_mission_started' ? m.absence_withdrawStarted() : m.absence_withdrawFailed()) : m.absence_withdrawQuestion()}
        </p>
        <div className={s.actions}>
          {failed && code === 'absence_mission_started' ? null : (
            <Button variant="danger" loading={busy} onClick={() => actor.send({ type: failed ? 'absence.retry' : 'absence.confirm' })}>
              {failed ? m.absence_retry() : m.absence_withdrawConfirm()}
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'absence.cancel' })}>
            {m.absence_withdrawKeep()}
          </Button>
        </div>
      </div>
    );
  }
  if (!can) return null;
  return (
    <div className={s.actions}>
      <Button variant="secondary" disabled={locked} onClick={() => actor.send({ type: 'absence.withdraw' })}>
        {m.absence_withdraw()}
      </Button>
    </div>
  );
}

function ReportAgain({ actor }: { actor: AbsenceReportActor }) {
  const can = useSelector(actor, canReportAgain);
  if (!can) return null;
  return (
    <div className={s.actions}>
      <Button variant="secondary" onClick={() => actor.send({ type: 'absence.reportAgain' })}>
        {m.absence_reportAgain()}
      </Button>
    </div>
  );
}
