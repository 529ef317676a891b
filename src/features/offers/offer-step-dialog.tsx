/**
 * The dialog of a staffing step (machines/offer-step.machine.ts): it says what pressing means (apply: the agency
 * chooses; join the waitlist: a freed place comes at once; give back: the missions are cancelled and the agency is
 * told), names the quota's consequence when the step would pass a student's quota, and for a give-back asks the
 * reason, which must not be blank (said beside the field, and focused, when the worker confirms without one).
 * Reads the child's snapshot through machines/offer-step.selectors.ts only.
 */
import { useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import {
  stepKind,
  stepOverQuota,
  stepReady,
  stepReason,
  stepSending,
  type OfferStepActor,
  type OfferStepKind,
} from '../../../machines/offer-step.selectors.ts';
import type { Offer } from '#domain/api-schema.ts';
import { OFFER_GIVE_BACK_REASON_MAX } from '#domain/offer-staffing.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextareaField } from '../../ui/field.tsx';
import { QuotaOver } from './offer-staffing.tsx';

type Words = { title: () => string; intro: (offer: Offer) => string; confirm: () => string; danger: boolean };
const WORDS: Record<OfferStepKind, Words> = {
  apply: {
    title: m.offers_applyTitle,
    intro: (o) => m.offers_applyIntro({ job: o.jobTitle, place: o.shortLocation }),
    confirm: m.offers_applyConfirm,
    danger: false,
  },
  withdrawApplication: { title: m.offers_withdrawTitle, intro: () => m.offers_withdrawIntro(), confirm: m.offers_withdrawConfirm, danger: true },
  joinWaitlist: { title: m.offers_joinTitle, intro: () => m.offers_joinIntro(), confirm: m.offers_joinConfirm, danger: false },
  leaveWaitlist: { title: m.offers_leaveTitle, intro: () => m.offers_leaveIntro(), confirm: m.offers_leaveConfirm, danger: true },
  giveBack: { title: m.offers_giveBackTitle, intro: () => m.offers_giveBackIntro(), confirm: m.offers_giveBackConfirm, danger: true },
};

export function OfferStepDialog({ step, offer }: { step: OfferStepActor; offer: Offer }) {
  const kind = useSelector(step, stepKind);
  const reason = useSelector(step, stepReason);
  const overQuota = useSelector(step, stepOverQuota);
  const sending = useSelector(step, stepSending);
  const ready = useSelector(step, stepReady);
  // The error shows once the worker tried to confirm without a reason, and goes as soon as there is one.
  const [tried, setTried] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const words = WORDS[kind];
  const confirm = () => {
    if (!ready && kind === 'giveBack') {
      setTried(true);
      field.current?.focus();
    }
    step.send({ type: 'offer.confirm' });
  };
  const cancel = () => step.send({ type: 'offer.cancel' });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !sending && cancel()}
      title={words.title()}
      description={words.intro(offer)}
      footer={
        <>
          <Button variant={words.danger ? 'danger' : 'primary'} loading={sending} onClick={confirm}>
            {overQuota ? m.offers_overQuotaConfirm() : words.confirm()}
          </Button>
          <Button variant="secondary" disabled={sending} onClick={cancel}>
            {m.offers_cancel()}
          </Button>
        </>
      }
    >
      {overQuota && offer.quota ? <QuotaOver quota={offer.quota} /> : null}
      {kind === 'giveBack' ? (
        <TextareaField
          ref={field}
          label={m.offers_giveBackReason()}
          hint={m.offers_giveBackReasonHint({ max: OFFER_GIVE_BACK_REASON_MAX })}
          error={tried && !ready ? m.offers_giveBackReasonRequired() : undefined}
          value={reason}
          maxLength={OFFER_GIVE_BACK_REASON_MAX}
          readOnly={sending}
          required
          onChange={(event) => step.send({ type: 'offer.reason', reason: event.currentTarget.value })}
        />
      ) : null}
    </Dialog>
  );
}
