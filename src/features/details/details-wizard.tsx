/**
 * The employee-details wizard's screen (spec §2, §4, §5; issue 5): reads the wizard machine's snapshot through
 * its selectors and shows the step it names; each step view sends the machine its events. The chosen images
 * live in `images` (src/actors/details-files.ts), shared with the upload actor.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ChosenImages } from '../../actors/details-files.ts';
import type { PersonalDetails } from '../../api/schema.ts';
import type { detailsWizardMachine, EditableStep } from '../../../machines/details-wizard.machine.ts';
import * as wizard from '../../../machines/details-wizard.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { m } from '../../paraglide/messages.js';
import { ContactStep } from './contact-step.tsx';
import { GeneralStep } from './general-step.tsx';
import { LegalStep } from './legal-step.tsx';
import { PicturesStep } from './pictures-step.tsx';
import { ReviewStep } from './review-step.tsx';
import type { StepContext } from './step-frame.tsx';
import { legalInput } from './step-input.ts';
import * as s from './details.css.ts';

export type WizardActor = ActorRefFrom<typeof detailsWizardMachine>;

const STEPS = { 1: ContactStep, 2: LegalStep, 3: GeneralStep, 4: PicturesStep } as const;

export function DetailsWizard({ actor, images }: { actor: WizardActor; images: ChosenImages }) {
  useLocale();
  const snapshot = useSelector(actor, (snap) => snap);
  const loaded = wizard.details(snapshot) as PersonalDetails | null;
  const why = wizard.failure(snapshot);

  if (!loaded) {
    return (
      <Page title={m.details_title()}>
        {why === 'load' ? (
          <div role="alert" className={s.alert}>
            <p className={s.alertText}>{m.details_loadFailed()}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'wizard.retry' })}>
              {m.details_retry()}
            </Button>
          </div>
        ) : (
          <p role="status">{m.details_loading()}</p>
        )}
      </Page>
    );
  }

  const legal = wizard.stepValues(snapshot, 'legal');
  const gender = String(legal?.sex ?? legalInput(loaded).sex);
  const busy = wizard.isBusy(snapshot);

  // After the submit the machine is done and the router is on its way home: the review stays until then.
  if (wizard.isReviewing(snapshot) || snapshot.status === 'done') {
    return (
      <ReviewStep
        details={loaded}
        values={snapshot.context.values}
        gender={gender}
        images={images}
        busy={busy}
        failed={why === 'submit'}
        problems={wizard.problems(snapshot)}
        canRetry={wizard.canRetry(snapshot)}
        send={actor.send}
      />
    );
  }

  const { index, name } = wizard.currentStep(snapshot);
  const step = index as EditableStep;
  const ctx: StepContext = {
    index: step,
    details: loaded,
    initial: wizard.stepValues(snapshot, name),
    submitted: wizard.isStepSubmitted(snapshot, name),
    problems: wizard.problems(snapshot),
    busy,
    failure: why === 'save' || why === 'upload' ? why : null,
    canGoBack: wizard.canGoBack(snapshot),
    returnsToReview: wizard.returnsToReview(snapshot),
    gender,
    images,
    send: actor.send,
  };
  const Step = STEPS[step];
  // A new instance per step (and per visit of a step): its form starts from the values kept for it.
  return <Step key={`${step}:${snapshot.context.returnToReview}`} ctx={ctx} />;
}
