/**
 * /user/manage-signature (spec §2 Signature management): the current signature and its status, create or
 * modify it in the drawing dialog. Reads the signature machine's snapshot through its selectors only.
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  canDraw,
  isDialogOpen,
  showNewAccountNotice,
  signature,
  signatureView,
  type SignatureActor,
  type SignatureView,
} from '../../../machines/signature.selectors.ts';
import { m } from '../../paraglide/messages.js';
import { Banner, type BannerType } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { overlay } from '../../ui/overlay-store.ts';
import { Page } from '../../ui/page.tsx';
import { SignatureDialog } from './signature-dialog.tsx';
import * as s from './signature.css.ts';

/** Validated green, PendingReview info, Rejected warning (§4), each said in words too (not by colour alone). */
const STATUS: Record<'validated' | 'pendingReview' | 'rejected', { type: BannerType; text: () => string }> = {
  validated: { type: 'success', text: m.signature_statusValidated },
  pendingReview: { type: 'info', text: m.signature_statusPendingReview },
  rejected: { type: 'warning', text: m.signature_statusRejected },
};

export function SignatureScreen({ actor, username }: { actor: SignatureActor; username: string }) {
  const view = useSelector(actor, signatureView);
  const current = useSelector(actor, signature);
  const drawAllowed = useSelector(actor, canDraw);
  const newAccount = useSelector(actor, showNewAccountNotice);
  const dialogOpen = useSelector(actor, isDialogOpen);
  const draw = () => actor.send({ type: 'signature.draw' });
  const actions = useRef<HTMLDivElement>(null);

  // The shared loading overlay while the signature is read (spec §2; the e2e fixture waits for it too).
  useEffect(() => (view === 'loading' ? overlay.acquire() : undefined), [view]);

  // A first signature replaces the create button by the modify one: the dialog cannot give the focus back to
  // the button that opened it, so once it has closed (after Radix's own focus return), the modify button takes it.
  const wasOpen = useRef(false);
  useEffect(() => {
    const closed = wasOpen.current && !dialogOpen;
    wasOpen.current = dialogOpen;
    if (!closed) return;
    const timer = setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) actions.current?.querySelector('button')?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [dialogOpen]);

  return (
    <Page title={m.signature_title()}>
      {view === 'loadFailed' ? (
        <div className={s.block}>
          <p>{m.signature_loadFailed()}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'signature.retry' })}>
            {m.signature_retry()}
          </Button>
        </div>
      ) : null}

      {view === 'none' ? (
        <div className={s.block}>
          <p>{m.signature_intro()}</p>
          {newAccount ? (
            <div id="signature-new-account">
              <Banner type="info">{m.signature_newAccountNotice()}</Banner>
            </div>
          ) : null}
          <Button onClick={draw} disabled={!drawAllowed} aria-describedby={newAccount ? 'signature-new-account' : undefined}>
            {m.signature_createButton()}
          </Button>
        </div>
      ) : null}

      {isShown(view) ? (
        <div className={s.block}>
          <div data-signature-status={view}>
            <Banner type={STATUS[view].type}>{STATUS[view].text()}</Banner>
          </div>
          {current?.value ? (
            <figure className={s.figure}>
              <img className={s.image} src={current.value} alt={m.signature_imageAlt()} />
            </figure>
          ) : null}
          <div className={s.actions} ref={actions}>
            <Button onClick={draw} disabled={!drawAllowed}>
              {m.signature_modifyButton()}
            </Button>
            <Link to="/digital-signing" className={s.link}>
              {m.signature_signingLink()}
            </Link>
          </div>
        </div>
      ) : null}

      <SignatureDialog actor={actor} username={username} />
    </Page>
  );
}

const isShown = (view: SignatureView): view is 'validated' | 'pendingReview' | 'rejected' =>
  view === 'validated' || view === 'pendingReview' || view === 'rejected';
