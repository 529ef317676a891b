/**
 * The employee-details wizard's screen (spec §2, §4, §5): reads the wizard machine's snapshot through
 * its selectors and shows the step it names; each step view sends the machine its events. The chosen images
 * live in `images` (src/actors/details-files.ts), shared with the upload actor.
 */
import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import type { ChosenImages } from '../../actors/details-files.ts';
import type { PersonalDetails } from '#domain/api-schema.ts';
import type { EditableStep, FieldProblem } from '../../../machines/details-wizard.types.ts';
import * as wizard from '../../../machines/details-wizard.selectors.ts';
import type { WizardActor, WizardSnapshot } from '../../../machines/details-wizard.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { m } from '../../paraglide/messages.js';
import type { StepContext } from './step-frame.tsx';
import { aboutOf } from '#domain/details-values.ts';
import * as s from './details.css.ts';

// The steps (one view draws the three steps with fields from their descriptions) and the review are chunks of their own (the route's chunk stays within §7's 30 KB, decision 123). Their
// download starts as soon as this module runs, alongside the read of the file, so the wizard rarely waits for
// them; it may open on any of them now that it resumes where the worker stopped.
const fieldsModule = import('./fields-step.tsx');
const picturesModule = import('./pictures-step.tsx');
const reviewModule = import('./review-step.tsx');
const FieldsStep = lazy(() => fieldsModule.then((module) => ({ default: module.FieldsStep })));
const PicturesStep = lazy(() => picturesModule.then((module) => ({ default: module.PicturesStep })));
const ReviewStep = lazy(() => reviewModule.then((module) => ({ default: module.ReviewStep })));

const STEPS = { 1: FieldsStep, 2: FieldsStep, 3: FieldsStep, 4: PicturesStep } as const;

const failedToLoad = (snapshot: WizardSnapshot) => wizard.failure(snapshot) === 'load';
// After the submit the machine is done and the router is on its way home: the review stays until then.
const showsReview = (snapshot: WizardSnapshot) => wizard.isReviewing(snapshot) || snapshot.status === 'done';
/** The gender chosen on step 2 decides fields of step 3 and of the review. */
const legalValues = (snapshot: WizardSnapshot) => wizard.stepValues(snapshot, 'legal');

export function DetailsWizard({ actor, images }: { actor: WizardActor; images: ChosenImages }) {
  useLocale();
  // Each part selects what it shows, so a new snapshot re-renders only what changed: the frame here
  // follows the loaded file, the failure and which part is shown; the review and the step select the rest.
  const loaded = useSelector(actor, wizard.details) as PersonalDetails | null;
  const loadFailed = useSelector(actor, failedToLoad);
  const reviewing = useSelector(actor, showsReview);
  const legal = useSelector(actor, legalValues);

  if (!loaded) {
    return (
      <Page title={m.details_title()}>
        {loadFailed ? (
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

  const { gender } = aboutOf(loaded, legal);
  const Part = reviewing ? Review : EditedStep;
  return (
    <Suspense fallback={<p role="status">{m.details_loading()}</p>}>
      <Part actor={actor} details={loaded} images={images} gender={gender} />
    </Suspense>
  );
}

type PartProps = { actor: WizardActor; details: PersonalDetails; images: ChosenImages; gender: string };

/** No refusals is no change, whichever empty list the snapshot holds. */
const sameProblems = (a: readonly FieldProblem[], b: readonly FieldProblem[]) => a === b || (a.length === 0 && b.length === 0);
const submitFailed = (snapshot: WizardSnapshot) => wizard.failure(snapshot) === 'submit';
const stepFailure = (snapshot: WizardSnapshot) => {
  const why = wizard.failure(snapshot);
  return why === 'save' || why === 'upload' ? why : null;
};
const shownStep = (snapshot: WizardSnapshot) => wizard.currentStep(snapshot).index as EditableStep;
const shownValues = (snapshot: WizardSnapshot) => wizard.stepValues(snapshot, wizard.currentStep(snapshot).name);
const shownSubmitted = (snapshot: WizardSnapshot) => wizard.isStepSubmitted(snapshot, wizard.currentStep(snapshot).name);
/** The same list is no change (a snapshot builds a new array each time). */
const sameJson = <T,>(a: T, b: T) => a === b || JSON.stringify(a) === JSON.stringify(b);

function Review({ actor, details, images, gender }: PartProps) {
  const values = useSelector(actor, wizard.allValues);
  const busy = useSelector(actor, wizard.isBusy);
  const failed = useSelector(actor, submitFailed);
  const problems = useSelector(actor, wizard.problems, sameProblems);
  const canRetry = useSelector(actor, wizard.canRetry);
  const steps = useSelector(actor, wizard.stepList, sameJson);
  return <ReviewStep {...{ details, values, gender, images, busy, failed, problems, canRetry, steps }} send={actor.send} />;
}

function EditedStep({ actor, details, images, gender }: PartProps) {
  const step = useSelector(actor, shownStep);
  const initial = useSelector(actor, shownValues);
  const submitted = useSelector(actor, shownSubmitted);
  const problems = useSelector(actor, wizard.problems, sameProblems);
  const busy = useSelector(actor, wizard.isBusy);
  const failure = useSelector(actor, stepFailure);
  const canGoBack = useSelector(actor, wizard.canGoBack);
  const returnsToReview = useSelector(actor, wizard.returnsToReview);
  const steps = useSelector(actor, wizard.stepList, sameJson);
  const removable = useSelector(actor, wizard.removableHere, sameJson);
  const removal = useSelector(actor, wizard.removal, sameJson);
  const ctx: StepContext = {
    index: step,
    details,
    initial,
    submitted,
    problems,
    busy,
    failure,
    canGoBack,
    returnsToReview,
    gender,
    images,
    steps,
    removable,
    removal,
    send: actor.send,
  };
  const Step = STEPS[step];
  // A new instance per step (and per visit of a step): its form starts from the values kept for it.
  return <Step key={`${step}:${returnsToReview}`} ctx={ctx} />;
}
