/**
 * The receipt of a report: when it reached the agency, what it says, the certificate (in, awaited until its day, or
 * late), and, while the mission is less than 24 hours away or under way, the notice to phone the agency now with its
 * number as a tel: link. From here the certificate follows, and the report is withdrawn (asked first) before the
 * mission starts: two parts of the receipt's machine (machines/absence-receipt.machine.ts) that go on side by side,
 * so the certificate's line and its picker stay as they are while a withdrawal is asked.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import {
  canSendCertificate,
  canWithdraw,
  certificateState,
  confirmingWithdrawal,
  isBusy,
  mustPhone,
  receiptPicker,
  receiptReport,
  uploadFailed,
  uploading,
  withdrawFailed,
  withdrawalCode,
  withdrawing,
  type AbsenceReceiptActor,
} from '../../../machines/absence-receipt.selectors.ts';
import { canReportAgain, receiptOf, reportOf, type AbsenceReportActor } from '../../../machines/absence-report.selectors.ts';
import type { AbsenceReport } from '#domain/api-schema.ts';
import { telHref } from '#domain/absence.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import * as s from './absence.css.ts';
import { CertificatePicker } from './certificate-picker.tsx';
import { REASON_LABEL, missionDay, moment } from './texts.ts';
import { AskAbout } from '../../ui/ask-about.tsx';

type Heading = RefObject<HTMLHeadingElement | null>;

/** The receipt while the report stands (its own actor), or the withdrawn report. */
export function Receipt({ actor, heading }: { actor: AbsenceReportActor; heading: Heading }) {
  const receipt = useSelector(actor, receiptOf);
  const withdrawn = useSelector(actor, (snapshot) => (receiptOf(snapshot) ? null : reportOf(snapshot)));
  if (receipt) return <StandingReceipt receipt={receipt} heading={heading} />;
  if (!withdrawn) return null;
  return (
    <ReceiptFacts report={withdrawn} heading={heading} withdrawn>
      <ReportAgain actor={actor} />
    </ReceiptFacts>
  );
}

function StandingReceipt({ receipt, heading }: { receipt: AbsenceReceiptActor; heading: Heading }) {
  const report = useSelector(receipt, receiptReport);
  const phone = useSelector(receipt, mustPhone);
  return (
    <ReceiptFacts report={report} heading={heading} withdrawn={false} phone={phone} certificate={<CertificateLine receipt={receipt} />}>
      <CertificateFollows receipt={receipt} />
      <Withdrawal receipt={receipt} />
    </ReceiptFacts>
  );
}

function ReceiptFacts(props: { report: AbsenceReport; heading: Heading; withdrawn: boolean; phone?: boolean; certificate?: ReactNode; children: ReactNode }) {
  const { report, heading, withdrawn, phone = false, certificate, children } = props;
  const locale = useLocale();
  return (
    <section className={s.step} aria-labelledby="absence-receipt-title">
      <h2 id="absence-receipt-title" ref={heading} tabIndex={-1} className={s.stepTitle}>
        {withdrawn ? m.absence_withdrawnTitle() : m.absence_receiptTitle()}
      </h2>
      {phone ? <PhoneNotice phone={report.agencyPhone} /> : null}
      <p>
        <AskAbout kind="absence" id={report.id} what={report.mission.reference} />
      </p>
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
        {certificate ? (
          <div>
            <dt>{m.absence_certificateTitle()}</dt>
            <dd>{certificate}</dd>
          </div>
        ) : null}
      </dl>
      {children}
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

function CertificateLine({ receipt }: { receipt: AbsenceReceiptActor }) {
  const locale = useLocale();
  const state = useSelector(receipt, certificateState);
  const { certificate } = useSelector(receipt, receiptReport);
  if (state === 'sent' && certificate.receivedAt) return <>{m.absence_certificateReceived({ date: moment(locale, certificate.receivedAt) })}</>;
  if (state === 'due' && certificate.lastDay) return <>{m.absence_certificateDue({ day: missionDay(locale, certificate.lastDay) })}</>;
  if (state === 'late') return <>{m.absence_certificateLate()}</>;
  return <>{m.absence_certificateNotNeeded()}</>;
}

/** While the certificate is due: choose it and send it from here. */
function CertificateFollows({ receipt }: { receipt: AbsenceReceiptActor }) {
  const picker = useSelector(receipt, receiptPicker);
  const sending = useSelector(receipt, uploading);
  const failed = useSelector(receipt, uploadFailed);
  const can = useSelector(receipt, canSendCertificate);
  if (!picker) return null;
  return (
    <div className={s.step}>
      <CertificatePicker picker={picker} send={receipt.send} locked={sending} id="absence-certificate-later" />
      {failed ? (
        <p role="alert" className={s.error}>
          {m.absence_uploadFailed()}
        </p>
      ) : null}
      {can || sending ? (
        <div className={s.actions}>
          <Button loading={sending} onClick={() => receipt.send({ type: 'absence.sendCertificate' })}>
            {m.absence_sendCertificate()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Withdrawing the report, asked in place; the focus follows the question and comes back to the button. */
function Withdrawal({ receipt }: { receipt: AbsenceReceiptActor }) {
  const can = useSelector(receipt, canWithdraw);
  const asking = useSelector(receipt, confirmingWithdrawal);
  const busy = useSelector(receipt, withdrawing);
  const failed = useSelector(receipt, withdrawFailed);
  const code = useSelector(receipt, withdrawalCode);
  const locked = useSelector(receipt, isBusy);
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
            <Button variant="danger" loading={busy} onClick={() => receipt.send({ type: failed ? 'absence.retry' : 'absence.confirm' })}>
              {failed ? m.absence_retry() : m.absence_withdrawConfirm()}
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => receipt.send({ type: 'absence.cancel' })}>
            {m.absence_withdrawKeep()}
          </Button>
        </div>
      </div>
    );
  }
  if (!can) return null;
  return (
    <div className={s.actions}>
      <Button variant="secondary" disabled={locked} onClick={() => receipt.send({ type: 'absence.withdraw' })}>
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
