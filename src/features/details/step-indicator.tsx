import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './details.css.ts';

const STEPS = [m.details_step_contactInfo, m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, m.details_step_final] as const;

/** The five steps, the current one marked (`aria-current="step"`, and said, not only shown in bold). */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label={m.details_steps()}>
      <ol className={s.steps}>
        {STEPS.map((title, index) => {
          const here = index + 1 === current;
          return (
            <li key={index} className={[s.stepItem, here ? s.stepCurrent : undefined].filter(Boolean).join(' ')} aria-current={here ? 'step' : undefined}>
              {title()}
              {here ? (
                <>
                  {' '}
                  <VisuallyHidden>{m.details_stepCurrent()}</VisuallyHidden>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
