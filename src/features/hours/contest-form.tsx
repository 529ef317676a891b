/**
 * The contest form of a day (requirements §15): it starts from the client's hours (or from what the worker last sent, kept by
 * the day's machine through a failure), checks with the rules the server applies (domain/hours.ts) when sent,
 * and shows each problem by its field and in a GOV.UK error summary; the server's own refusals (422) the same way.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { FieldError } from '#domain/api-schema.ts';
import type { ContestDraft } from '../../../machines/hours.types.ts';
import { contestRules } from '#domain/hours.ts';
import { V } from '#domain/validation-keys.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, type SummaryError } from '../../ui/error-summary.tsx';
import { TextField, TextareaField } from '../../ui/field.tsx';
import * as s from './hours.css.ts';

/** The validation keys this form can meet, in words (an explicit list: the bundle keeps only these messages). */
const MESSAGES: Readonly<Record<string, () => string>> = {
  [V.required]: m.validation_required,
  [V.time]: m.validation_time,
  [V.outOfRange]: m.hours_breakWhole,
  [V.hoursEndEqualsStart]: m.validation_hoursEndEqualsStart,
  [V.hoursBreakTooLong]: m.validation_hoursBreakTooLong,
  [V.hoursReasonRequired]: m.validation_hoursReasonRequired,
  [V.hoursTextTooLong]: m.validation_hoursTextTooLong,
};

type Field = keyof ContestDraft;
const FIELDS: readonly Field[] = ['start', 'end', 'breakMinutes', 'reason'];
const LABELS: Record<Field, () => string> = { start: m.hours_fieldStart, end: m.hours_fieldEnd, breakMinutes: m.hours_fieldBreak, reason: m.hours_fieldReason };
type Values = { start: string; end: string; breakMinutes: string; reason: string };

/** The problems of the typed values by field (in words), or the draft to send. */
function check(values: Values): { draft: ContestDraft } | { problems: Partial<Record<Field, string>> } {
  const whole = /^\d{1,4}$/.test(values.breakMinutes.trim());
  const parsed = v.safeParse(contestRules, { ...values, breakMinutes: whole ? Number(values.breakMinutes.trim()) : -1 });
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of parsed.issues ?? []) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && !problems[field]) problems[field] = MESSAGES[issue.message]?.() ?? issue.message;
  }
  if (!whole) problems.breakMinutes = m.hours_breakWhole();
  return parsed.success && whole ? { draft: parsed.output } : { problems };
}

export type ContestFormProps = {
  /** Ids and names are made unique by the day's mission. */
  mission: string;
  title: string;
  start: ContestDraft;
  /** The server's messages after a refusal of the values (422), by field path. */
  serverErrors: readonly FieldError[];
  saving: boolean;
  failed: boolean;
  canCancel: boolean;
  onSubmit: (draft: ContestDraft) => void;
  onCancel: () => void;
};

export function ContestForm({ mission, title, start, serverErrors, saving, failed, canCancel, onSubmit, onCancel }: ContestFormProps) {
  const [values, setValues] = useState<Values>({ ...start, breakMinutes: String(start.breakMinutes) });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [attempts, setAttempts] = useState(0);
  const id = (field: Field) => `contest-${mission}-${field}`;
  // The form opens where the worker pressed Contest: the focus goes to its title, read first by a screen reader.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const shown: Partial<Record<Field, string>> = { ...Object.fromEntries(serverErrors.map((e) => [e.path, e.message])), ...problems };
  const summary: SummaryError[] = FIELDS.flatMap((f) => (shown[f] ? [{ fieldId: id(f), message: shown[f]!, label: LABELS[f]() }] : []));
  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => setValues({ ...values, [field]: event.currentTarget.value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check(values);
    setAttempts((n) => n + 1);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    onSubmit(result.draft);
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate aria-labelledby={`contest-${mission}-title`}>
      <h3 ref={heading} tabIndex={-1} id={`contest-${mission}-title`} className={s.formTitle}>
        {title}
      </h3>
      <ErrorSummary errors={summary} focusKey={`${attempts}:${serverErrors.length}`} />
      <p className={s.hint}>{m.hours_contestIntro()}</p>
      <div className={s.times}>
        <TextField id={id('start')} type="time" label={m.hours_fieldStart()} value={values.start} onChange={set('start')} error={shown.start} required />
        <TextField
          id={id('end')}
          type="time"
          label={m.hours_fieldEnd()}
          hint={m.hours_fieldEndHint()}
          value={values.end}
          onChange={set('end')}
          error={shown.end}
          required
        />
      </div>
      <TextField
        id={id('breakMinutes')}
        inputMode="numeric"
        label={m.hours_fieldBreak()}
        value={values.breakMinutes}
        onChange={set('breakMinutes')}
        error={shown.breakMinutes}
        autoComplete="off"
      />
      <TextareaField
        id={id('reason')}
        label={m.hours_fieldReason()}
        hint={m.hours_fieldReasonHint()}
        value={values.reason}
        onChange={set('reason')}
        error={shown.reason}
        rows={4}
      />
      {/* A count, not a hard limit: the worker sees the text they typed, and the check says when it is too long. */}
      <p className={s.hint}>{m.hours_reasonCount({ count: Array.from(values.reason.trim()).length })}</p>
      {failed ? (
        <p className={s.error} role="alert">
          {m.hours_contestFailed()}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          {m.hours_send()}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={!canCancel}>
          {m.hours_cancel()}
        </Button>
      </div>
    </form>
  );
}
