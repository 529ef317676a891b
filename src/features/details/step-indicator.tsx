/**
 * The step list of the wizard (decision 123): a real navigation. Each step the machine would take the worker to
 * now is a button (back always; forward through complete steps only, the step shown saved on the way); the current
 * step is marked `aria-current="step"` and said; the others are plain text (no control to reach them yet). Which is
 * which comes from the machine (`stepList` of machines/details-wizard.selectors.ts), never decided here.
 */
import type { StepListItem } from '../../../machines/details-wizard.selectors.ts';
import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './details.css.ts';

const TITLES = [m.details_step_contactInfo, m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, m.details_step_final] as const;

export function StepIndicator({ steps, onGo, busy }: { steps: readonly StepListItem[]; onGo: (step: StepListItem['index']) => void; busy: boolean }) {
  return (
    <nav aria-label={m.details_steps()}>
      <ol className={s.steps}>
        {steps.map((step) => {
          const title = TITLES[step.index - 1]!();
          const done = step.complete ? (
            <>
              {' '}
              <span aria-hidden="true">{'✓'}</span>
              <VisuallyHidden>{m.details_stepComplete()}</VisuallyHidden>
            </>
          ) : null;
          if (step.current) {
            return (
              <li key={step.index} className={[s.stepItem, s.stepCurrent].join(' ')} aria-current="step">
                {title}
                {done} <VisuallyHidden>{m.details_stepCurrent()}</VisuallyHidden>
              </li>
            );
          }
          return (
            <li key={step.index} className={s.stepListed}>
              {step.reachable ? (
                <button type="button" className={[s.stepItem, s.stepLink].join(' ')} disabled={busy} onClick={() => onGo(step.index)}>
                  {title}
                  {done}
                </button>
              ) : (
                <span className={s.stepItem}>
                  {title}
                  {done}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
