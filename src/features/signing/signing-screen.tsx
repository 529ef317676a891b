/**
 * /digital-signing (spec §2 Digital signing): the prompt without a valid signature, the "nothing to sign"
 * message, or the missions to sign with Sign (enabled by the machine's `can()`) and its confirmation.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { SigningItem } from '../../../machines/signing.machine.ts';
import {
  awaitingApproval,
  canSign,
  canToggleAll,
  isConfirming,
  items,
  lastSigned,
  selected,
  selection,
  signingView,
  type SigningActor,
} from '../../../machines/signing.selectors.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Banner } from '../../ui/banner.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { overlay } from '../../ui/overlay-store.ts';
import { Page } from '../../ui/page.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { SigningRow } from './signing-row.tsx';
import * as s from './signing.css.ts';

export type SigningScreenProps = {
  actor: SigningActor;
  locale: Locale;
  onDownload: (item: SigningItem) => Promise<unknown>;
};

export function SigningScreen({ actor, locale, onDownload }: SigningScreenProps) {
  const view = useSelector(actor, signingView);
  const missions = useSelector(actor, items);
  const signable = useSelector(actor, canSign);
  const awaiting = useSelector(actor, awaitingApproval);
  const sent = useSelector(actor, lastSigned);
  const chosen = useSelector(actor, (snap) => selected(snap).length);
  const all = useSelector(actor, selection);
  const canSelectAll = useSelector(actor, canToggleAll);
  // Behind the open dialog, Sign keeps the look it had when it was pressed.
  const confirming = useSelector(actor, isConfirming);
  const blocked = !signable && !confirming;
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => (view === 'loading' ? overlay.acquire() : undefined), [view]);

  // After a request, the Sign button that opened the dialog is disabled or gone: the dialog cannot give the
  // focus back to it, so it goes to the confirmation (after Radix's own focus return, hence the timer).
  useEffect(() => {
    if (sent.length === 0) return;
    const timer = setTimeout(() => status.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [sent]);

  const toggle = useCallback((mission: string) => actor.send({ type: 'signing.toggle', mission }), [actor]);
  const comment = useCallback((mission: string, text: string) => actor.send({ type: 'signing.comment', mission, comment: text }), [actor]);

  return (
    <Page title={m.signing_title()}>
      <p>{m.signing_intro()}</p>
      <div role="status" className={s.status}>
        {sent.length > 0 ? (
          <p ref={status} tabIndex={-1} className={s.sent}>
            {m.signing_sent()}
          </p>
        ) : null}
      </div>

      {view === 'loadFailed' ? (
        <div className={s.block}>
          <p>{m.signing_loadFailed()}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'signing.retry' })}>
            {m.signing_retry()}
          </Button>
        </div>
      ) : null}

      {view === 'noSignature' ? (
        <div className={s.block}>
          <Banner type="info">{m.signing_noSignature()}</Banner>
          <Link to="/user/manage-signature" className={s.link}>
            {m.signing_createSignatureLink()}
          </Link>
        </div>
      ) : null}

      {view === 'nothingToSign' ? <p className={s.nothing}>{m.signing_nothingToSign()}</p> : null}

      {view === 'list' ? (
        <section aria-labelledby="signing-list-title" className={s.block}>
          <h2 id="signing-list-title" className={s.listTitle}>
            {m.signing_listTitle()}
          </h2>
          {awaiting ? <Banner type="info">{m.signing_awaitingApproval()}</Banner> : null}
          <Checkbox
            label={m.signing_selectAll()}
            checked={all === 'all'}
            disabled={!canSelectAll}
            onCheckedChange={() => actor.send({ type: 'signing.toggleAll' })}
          />
          <ul className={s.list}>
            {missions.map((item) => (
              <SigningRow key={item.mission} item={item} locale={locale} onToggle={toggle} onComment={comment} onDownload={onDownload} />
            ))}
          </ul>
          <p className={s.forfait}>{m.signing_forfait()}</p>
          {/* Sticky at the bottom of the screen while the list scrolls (docs/decisions/139-select-all-sticky-sign-bar-and-freelancer-home.md); after the list, it covers nothing. */}
          <div className={s.signBar} data-testid="signing-bar">
            <p className={s.selectedCount} aria-live="polite">
              {m.signing_selectedCount({ count: chosen, total: missions.length })}
            </p>
            <Button onClick={() => actor.send({ type: 'signing.sign' })} disabled={blocked} aria-describedby={blocked ? 'signing-sign-hint' : undefined}>
              {m.signing_signButton()}
            </Button>
            {!blocked ? null : (
              <p id="signing-sign-hint" className={s.hint}>
                {awaiting ? m.signing_signAfterApproval() : m.validation_signingSelection()}
              </p>
            )}
          </div>
        </section>
      ) : null}

      {view === 'list' || view === 'nothingToSign' ? (
        <p>
          <Link to="/user/manage-signature" className={s.link}>
            {m.signing_modifySignatureLink()}
          </Link>
        </p>
      ) : null}

      <ConfirmDialog actor={actor} locale={locale} />
    </Page>
  );
}
