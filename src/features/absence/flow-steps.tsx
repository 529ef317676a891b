/**
 * The steps before the report is sent: the reason (and a message), the certificate for sickness, the summary that
 * names the mission, and what a failed send says. Each step is a form whose submit is its main action, so Enter works.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import {
  absenceMessage,
  canNext,
  canRetry,
  chosenCertificate,
  chosenReason,
  failureCode,
  isBusy,
  reasonMissing,
  stepPicker,
  type AbsenceReportActor,
} from '../../../machines/absence-report.selectors.ts';
import { pickerState } from '../../../machines/certificate-picker.selectors.ts';
import { ABSENCE_REASONS, ABSENCE_MESSAGE_MAX } from '#domain/absence.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { TextareaField } from '../../ui/field.tsx';
import * as s from './absence.css.ts';
import { CertificatePicker } from './certificate-picker.tsx';
import { REASON_LABEL, finalRefusal } from './texts.ts';

type StepProps = { actor: AbsenceReportActor; heading: RefObject<HTMLHeadingElement | null> };

function StepTitle({ heading, children }: { heading: StepProps['heading']; children: string }) {
  return (
    <h2 ref={heading} tabIndex={-1} className={s.stepTitle}>
      {children}
    </h2>
  );
}

/** A step's form: submitting it (Enter or its submit button) sends the step's event, never a page load. */
function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={s.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function ReasonStep({ actor, heading }: StepProps) {
  const reason = useSelector(actor, chosenReason);
  const message = useSelector(actor, absenceMessage);
  const missing = useSelector(actor, reasonMissing);
  const first = useRef<HTMLInputElement>(null);
  return (
    <StepForm
      onSubmit={() => {
        actor.send({ type: 'absence.next' });
        if (!chosenReason(actor.getSnapshot())) first.current?.focus();
      }}
    >
      <fieldset className={s.fieldset} aria-describedby={missing ? 'absence-reason-error' : undefined}>
        <legend className={s.legend}>
          <StepTitle heading={heading}>{m.absence_reasonLegend()}</StepTitle>
        </legend>
        {missing ? (
          <p id="absence-reason-error" className={s.error}>
            {m.absence_reasonMissing()}
          </p>
        ) : null}
        {ABSENCE_REASONS.map((value, i) => (
          <label key={value} className={s.radio} htmlFor={`absence-reason-${value}`}>
            <input
              ref={i === 0 ? first : undefined}
              id={`absence-reason-${value}`}
              className={s.radioInput}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => actor.send({ type: 'absence.chooseReason', reason: value })}
            />
            <span>{REASON_LABEL[value]()}</span>
          </label>
        ))}
      </fieldset>
      <TextareaField
        id="absence-message"
        label={m.absence_messageLabel()}
        hint={m.absence_messageHint()}
        optional
        rows={4}
        maxLength={ABSENCE_MESSAGE_MAX}
        value={message}
        onChange={(event) => actor.send({ type: 'absence.editMessage', message: event.currentTarget.value })}
      />
      <div className={s.actions}>
        <Button type="submit">{m.absence_next()}</Button>
      </div>
    </StepForm>
  );
}

export function CertificateStep({ actor, heading }: StepProps) {
  const ready = useSelector(actor, canNext);
  const picker = useSelector(actor, stepPicker);
  return picker ? <CertificateStepWith actor={actor} heading={heading} picker={picker} ready={ready} /> : null;
}

function CertificateStepWith({ actor, heading, picker, ready }: StepProps & { picker: NonNullable<ReturnType<typeof stepPicker>>; ready: boolean }) {
  const busy = useSelector(picker, (snapshot) => pickerState(snapshot) === 'preparing');
  return (
    <StepForm
      onSubmit={() => {
        actor.send({ type: 'absence.next' });
      }}
    >
      <StepTitle heading={heading}>{m.absence_certificateTitle()}</StepTitle>
      <p>{m.absence_certificateIntro()}</p>
      <CertificatePicker picker={picker} send={actor.send} id="absence-certificate" />
      <div className={s.actions}>
        {ready ? <Button type="submit">{m.absence_next()}</Button> : null}
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'absence.later' })}>
          {m.absence_certificateLater()}
        </Button>
        <Button variant="quiet" onClick={() => actor.send({ type: 'absence.back' })}>
          {m.absence_back()}
        </Button>
      </div>
    </StepForm>
  );
}

export function ConfirmStep({ actor, heading }: StepProps) {
  const reason = useSelector(actor, chosenReason);
  const message = useSelector(actor, absenceMessage);
  const certificate = useSelector(actor, chosenCertificate);
  const sending = useSelector(actor, isBusy);
  return (
    <StepForm
      onSubmit={() => {
        actor.send({ type: 'absence.send' });
      }}
    >
      <StepTitle heading={heading}>{m.absence_confirmTitle()}</StepTitle>
      <p>{m.absence_confirmIntro()}</p>
      <dl className={s.facts}>
        <div>
          <dt>{m.absence_reasonLabel()}</dt>
          <dd>{reason ? REASON_LABEL[reason]() : null}</dd>
        </div>
        <div>
          <dt>{m.absence_messageShown()}</dt>
          <dd>{message.trim() || m.absence_noMessage()}</dd>
        </div>
        {reason === 'sick' ? (
          <div>
            <dt>{m.absence_certificateTitle()}</dt>
            <dd>{certificate ? certificate.name : m.absence_certificateToFollow()}</dd>
          </div>
        ) : null}
      </dl>
      <div className={s.actions}>
        <Button type="submit" loading={sending}>
          {m.absence_send()}
        </Button>
        <Button variant="quiet" disabled={sending} onClick={() => actor.send({ type: 'absence.back' })}>
          {m.absence_back()}
        </Button>
      </div>
    </StepForm>
  );
}

export function FailedStep({ actor, heading }: StepProps) {
  const retry = useSelector(actor, canRetry);
  const final = finalRefusal(useSelector(actor, failureCode));
  return (
    <div className={s.alert} role="alert">
      <StepTitle heading={heading}>{m.absence_failedTitle()}</StepTitle>
      <p>{final ?? m.absence_failedText()}</p>
      <div className={s.actions}>
        {retry ? <Button onClick={() => actor.send({ type: 'absence.retry' })}>{m.absence_retry()}</Button> : null}
        <Button variant="secondary" onClick={() => actor.send({ type: 'absence.back' })}>
          {m.absence_back()}
        </Button>
      </div>
    </div>
  );
}
