/**
 * What every editable step shares: its formisch form over the step's domain schema, live validation, when a
 * field shows its error, the server's refusals pushed into the fields, and the frame around the fields (error
 * summary, failure notice, Back and Next).
 *
 * Validation (docs/decisions/041-details-wizard-ui.md): the whole step is parsed 20 ms after the last change
 * (FIELD_DEBOUNCE_MS, §9). Messages show once the step is "submitted" (a Next was tried, or the worker left the
 * step: §4), and from then on follow the typing live. Never on leaving a field (GOV.UK): a message appearing on
 * blur moves the Next button under the pointer that is clicking it. formisch's own triggers are off
 * (`validate`/`revalidate` 'submit' with no <Form>): the wizard decides.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { getDeepErrorEntries, getInput, isDirty, setErrors, useForm, validate, type FormStore } from '@formisch/react';
import { FIELD_DEBOUNCE_MS } from '#domain/constants.ts';
import type { FieldProblem } from '../../../machines/details-wizard.types.ts';
import type { StepDescription, StepInput } from '#domain/details-fields.ts';
import type { StepSchema } from '#domain/details-rules.ts';
import { formPathOf } from '#domain/details-values.ts';

export type StepForm = {
  form: FormStore<StepSchema>;
  /** The worker changed a field: parse the step again, 20 ms after the last change. */
  changed: () => void;
  submitted: boolean;
  /** Parse now (Next): the result decides whether the step may advance. */
  check: () => Promise<boolean>;
  input: () => StepInput;
  /** The worker changed a field since the step was shown (leaving it then drops it from the complete steps). */
  dirty: () => boolean;
  errors: () => Array<{ path: string[]; message: string }>;
};

export function useStepForm(
  schema: StepSchema,
  initialInput: StepInput,
  options: { step: StepDescription | null; submitted: boolean; problems: readonly FieldProblem[] },
): StepForm {
  const { step, submitted, problems } = options;
  const form = useForm({ schema, initialInput, validate: 'submit', revalidate: 'submit' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const changed = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void validate(form), FIELD_DEBOUNCE_MS);
  }, [form]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A step already marked submitted shows its errors as soon as it is shown again (§4). Only when shown: a Next
  // on this step has just validated it, and a later re-check would race the server's refusals below.
  const submittedWhenShown = useRef(submitted);
  useEffect(() => {
    if (submittedWhenShown.current) void validate(form);
  }, [form]);

  // The server's refusals (a 422 of update-details) go to their fields, before the paint that shows the failure
  // notice: a passive effect left one frame (longer on a busy phone) with the notice and no field marked.
  useLayoutEffect(() => {
    for (const problem of problems) {
      const path = formPathOf(step, problem.path);
      const errors: [string] = [problem.message];
      // formisch types each path length on its own.
      if (path?.length === 1) setErrors(form, { path, errors });
      else if (path?.length === 2) setErrors(form, { path, errors });
    }
  }, [problems, step, form]);

  return useMemo<StepForm>(
    () => ({
      form,
      submitted,
      changed,
      check: async () => {
        clearTimeout(timer.current);
        return (await validate(form)).success;
      },
      input: () => getInput(form) as StepInput,
      dirty: () => isDirty(form),
      errors: () => getDeepErrorEntries(form).map((entry) => ({ path: entry.path.map(String), message: entry.errors[0] })),
    }),
    [form, submitted, changed],
  );
}

const StepFormContext = createContext<StepForm | null>(null);

export function StepFormProvider({ value, children }: { value: StepForm; children: ReactNode }) {
  return <StepFormContext.Provider value={value}>{children}</StepFormContext.Provider>;
}

export function useStepFormContext(): StepForm {
  const value = useContext(StepFormContext);
  if (!value) throw new Error('a details field outside its step form');
  return value;
}
