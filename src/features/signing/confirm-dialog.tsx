/**
 * The confirmation of §2 Digital signing: the selected missions as "date - reference" (with their comments,
 * so the worker checks what is sent: WCAG 3.3.4), Cancel and Sign. Open while the machine says so; a failed
 * request keeps it open with selection and comments intact.
 */
import { useSelector } from '@xstate/react';
import { canConfirm, isConfirming, isSubmitting, selected, submitFailed, type SigningActor } from '../../../machines/signing.selectors.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { missionDate } from './format.ts';
import * as s from './signing.css.ts';

export function ConfirmDialog({ actor, locale }: { actor: SigningActor; locale: Locale }) {
  const open = useSelector(actor, isConfirming);
  const submitting = useSelector(actor, isSubmitting);
  const failed = useSelector(actor, submitFailed);
  const confirmable = useSelector(actor, canConfirm);
  const missions = useSelector(actor, selected);
  const cancel = () => {
    if (!submitting) actor.send({ type: 'signing.cancel' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : cancel())}
      title={m.signing_confirmTitle()}
      description={m.signing_confirmDescription()}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={submitting}>
            {m.signing_cancel()}
          </Button>
          <Button onClick={() => actor.send({ type: 'signing.confirm' })} loading={submitting} disabled={!confirmable && !submitting}>
            {m.signing_confirmButton()}
          </Button>
        </>
      }
    >
      <ul className={s.confirmList} data-testid="confirm-missions">
        {missions.map((item) => (
          <li key={item.mission}>
            {m.signing_confirmItem({ date: missionDate(item.date, locale), reference: item.reference })}
            {item.comment ? <span className={s.confirmComment}>{m.signing_confirmComment({ comment: item.comment })}</span> : null}
          </li>
        ))}
      </ul>
      {failed ? (
        <p role="alert" className={s.error}>
          {m.signing_submitFailed()}
        </p>
      ) : null}
    </Dialog>
  );
}
