/**
 * A period and its download (spec §2 Documents, §5): the worked-days attest and the C4. Start and end are
 * required, start on or before end (domain/period.ts), by default from the first day of the previous month to
 * today. Errors show on submit, beside their field, and the first one takes the focus. While the file comes the
 * button is busy; when the agency has no C4 for the period, the screen says so in place, and only here (the API
 * layer raises no toast for it: docs/decisions/130); other failures are the API layer's toast.
 */
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { isApiRequestError } from '../../api/errors.ts';
import { defaultPeriod, periodForm, type Period } from '#domain/period.ts';
import { V } from '#domain/validation-keys.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { DateField } from '../../ui/field.tsx';
import * as s from './documents.css.ts';
import { formatDay } from '../../i18n/dates.ts';

const messages: Record<string, () => string> = {
  [V.required]: m.validation_required,
  [V.date]: m.validation_date,
  [V.periodOrder]: m.validation_periodOrder,
};

export type PeriodErrors = Partial<Record<keyof Period, string>>;

/** The form's errors as message keys per field (none when the period is valid). */
export function periodErrors(period: Period): Partial<Record<keyof Period, string>> {
  const result = v.safeParse(periodForm, period);
  if (result.success) return {};
  const errors: Partial<Record<keyof Period, string>> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as keyof Period | null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const longDate = (day: string, locale: Locale) => formatDay(locale, day, { day: 'numeric', month: 'long', year: 'numeric' });

export type PeriodDownloadProps = {
  /** Prefix of the fields' ids (`attest`, `c4`). */
  id: string;
  buttonLabel: string;
  download: (start: string, end: string) => Promise<unknown>;
  /** Today in Brussels (YYYY-MM-DD). */
  today: string;
  locale: Locale;
  /** The API code that means "nothing for this period" and the sentence to show for it. */
  nothingFor?: { code: string; message: (period: { start: string; end: string }) => string };
};

export function PeriodDownload({ id, buttonLabel, download, today, locale, nothingFor }: PeriodDownloadProps) {
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(today));
  const [errors, setErrors] = useState<PeriodErrors>({});
  const [busy, setBusy] = useState(false);
  const [nothing, setNothing] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = periodErrors(period);
    setErrors(found);
    setNothing(null);
    const first = (['start', 'end'] as const).find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`#${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await download(period.start, period.end);
    } catch (error) {
      if (nothingFor && isApiRequestError(error) && error.code === nothingFor.code) {
        setNothing(nothingFor.message({ start: longDate(period.start, locale), end: longDate(period.end, locale) }));
      }
    } finally {
      setBusy(false);
    }
  };

  const change = (field: keyof Period) => (value: string) => {
    setPeriod((p) => ({ ...p, [field]: value }));
    setNothing(null);
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className={s.periodForm}>
      <div className={s.periodFields}>
        <DateField
          id={`${id}-start`}
          label={m.documents_periodStart()}
          value={period.start}
          required
          max={period.end || undefined}
          onChange={(event) => change('start')(event.target.value)}
          error={errors.start ? messages[errors.start]?.() : undefined}
        />
        <DateField
          id={`${id}-end`}
          label={m.documents_periodEnd()}
          value={period.end}
          required
          min={period.start || undefined}
          onChange={(event) => change('end')(event.target.value)}
          error={errors.end ? messages[errors.end]?.() : undefined}
        />
      </div>
      <Button type="submit" loading={busy} aria-busy={busy || undefined}>
        {buttonLabel}
      </Button>
      <p role="status" className={nothing ? s.nothing : s.emptyStatus} data-testid={`${id}-status`}>
        {nothing}
      </p>
    </form>
  );
}
