/**
 * "My planning in my calendar" on /planning (§12): add the feed, then its address with a copy button, a
 * webcal:// link and a QR code; "New address" and "Stop the feed", each confirmed. A worker who comes back with
 * an active feed sees since when and when a calendar app last read it: its address cannot be shown again
 * (docs/decisions/110-calendar-feed.md). Reads the calendar feed machine through its selectors only.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import {
  activeSince,
  canCopy,
  canCreate,
  canRenew,
  canRevoke,
  confirming,
  copyState,
  failure,
  feedAddress,
  feedView,
  isCreating,
  isRenewing,
  isRevoking,
  lastReadAt,
  type CalendarFeedActor,
} from '../../../machines/calendar-feed.selectors.ts';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import * as s from './calendar-feed.css.ts';
import { FeedQrCode } from './feed-qr-code.tsx';

/** "12 mai 2027 à 14:05": an instant as a worker in Belgium reads it. */
export const feedMoment = (locale: Locale, iso: string) =>
  formatDate(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }, new Date(iso));

const FAILURE = { create: m.calendarFeed_createFailed, revoke: m.calendarFeed_revokeFailed, renew: m.calendarFeed_renewFailed } as const;

export function CalendarFeedPanel({ actor }: { actor: CalendarFeedActor }) {
  const locale = useLocale();
  const view = useSelector(actor, feedView);
  const address = useSelector(actor, feedAddress);
  const since = useSelector(actor, activeSince);
  const lastRead = useSelector(actor, lastReadAt);
  const asking = useSelector(actor, confirming);
  const failed = useSelector(actor, failure);
  const copied = useSelector(actor, copyState);
  const can = {
    create: useSelector(actor, canCreate),
    copy: useSelector(actor, canCopy),
    revoke: useSelector(actor, canRevoke),
    renew: useSelector(actor, canRenew),
  };
  const busy = { creating: useSelector(actor, isCreating), revoking: useSelector(actor, isRevoking), renewing: useSelector(actor, isRenewing) };
  const addRef = useRef<HTMLButtonElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const renewRef = useRef<HTMLButtonElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  useFocusRules({ view, url: address?.url ?? null, asking, copyFailed: copied === 'failed' }, { addRef, addressRef, renewRef, revokeRef, questionRef });

  return (
    <section aria-labelledby="calendar-feed-title" className={s.panel} data-calendar-feed={view}>
      <h2 id="calendar-feed-title" className={s.title}>
        {m.calendarFeed_title()}
      </h2>
      {failed ? (
        <p role="alert" className={s.problem}>
          {FAILURE[failed]()}
        </p>
      ) : null}

      {view === 'loading' ? <p role="status">{m.calendarFeed_loading()}</p> : null}
      {view === 'unknown' ? (
        <>
          <p className={s.problem}>{m.calendarFeed_unknown()}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'feed.retry' })}>
            {m.calendarFeed_retry()}
          </Button>
        </>
      ) : null}

      {view === 'none' ? (
        <>
          <p className={s.text}>{m.calendarFeed_intro()}</p>
          <Button ref={addRef} loading={busy.creating} disabled={!can.create && !busy.creating} onClick={() => actor.send({ type: 'feed.create' })}>
            {m.calendarFeed_add()}
          </Button>
        </>
      ) : null}

      {view === 'active' ? (
        <>
          {since ? <p className={s.text}>{m.calendarFeed_activeSince({ date: feedMoment(locale, since) })}</p> : null}
          <p className={s.muted}>{lastRead ? m.calendarFeed_lastRead({ date: feedMoment(locale, lastRead) }) : m.calendarFeed_neverRead()}</p>
          {address ? (
            <div className={s.address}>
              <div>
                <label htmlFor="calendar-feed-address" className={s.label}>
                  {m.calendarFeed_addressLabel()}
                </label>
                <p id="calendar-feed-address-hint" className={s.muted}>
                  {m.calendarFeed_addressHint()}
                </p>
                <input
                  ref={addressRef}
                  id="calendar-feed-address"
                  className={s.input}
                  readOnly
                  value={address.url}
                  aria-describedby="calendar-feed-address-hint"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <div className={s.actions}>
                  <Button variant="secondary" disabled={!can.copy} loading={copied === 'copying'} onClick={() => actor.send({ type: 'feed.copy' })}>
                    {m.calendarFeed_copy()}
                  </Button>
                  <a href={address.webcalUrl}>{m.calendarFeed_openInApp()}</a>
                </div>
                <p role="status" className={copied === 'failed' ? s.problem : s.done}>
                  {copied === 'copied' ? m.calendarFeed_copied() : copied === 'failed' ? m.calendarFeed_copyFailed() : null}
                </p>
              </div>
              <FeedQrCode text={address.webcalUrl} />
            </div>
          ) : (
            <p className={s.text}>{m.calendarFeed_hiddenAddress()}</p>
          )}
          <div className={s.actions}>
            <Button
              ref={renewRef}
              variant="secondary"
              loading={busy.renewing}
              disabled={!can.renew && !busy.renewing}
              onClick={() => actor.send({ type: 'feed.renew' })}
            >
              {m.calendarFeed_renew()}
            </Button>
            <Button
              ref={revokeRef}
              variant="danger"
              loading={busy.revoking}
              disabled={!can.revoke && !busy.revoking}
              onClick={() => actor.send({ type: 'feed.revoke' })}
            >
              {m.calendarFeed_stop()}
            </Button>
          </div>
          {asking ? (
            <div className={s.confirm}>
              <p ref={questionRef} tabIndex={-1} className={s.text}>
                {asking === 'revoke' ? m.calendarFeed_confirmStop() : m.calendarFeed_confirmRenew()}
              </p>
              <div className={s.actions}>
                <Button variant={asking === 'revoke' ? 'danger' : 'primary'} onClick={() => actor.send({ type: 'feed.confirm' })}>
                  {asking === 'revoke' ? m.calendarFeed_confirmStopButton() : m.calendarFeed_confirmRenewButton()}
                </Button>
                <Button variant="secondary" onClick={() => actor.send({ type: 'feed.cancel' })}>
                  {m.calendarFeed_keep()}
                </Button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

type FocusRefs = {
  addRef: RefObject<HTMLButtonElement | null>;
  addressRef: RefObject<HTMLInputElement | null>;
  renewRef: RefObject<HTMLButtonElement | null>;
  revokeRef: RefObject<HTMLButtonElement | null>;
  questionRef: RefObject<HTMLParagraphElement | null>;
};

/**
 * Where the keyboard goes as the panel changes: to a new address (made or renewed), to a question when one is
 * asked, back to the button that asked it when the worker keeps the feed, to "Add" once the feed is stopped, and to
 * the address, selected, when the browser refused to copy it.
 */
function useFocusRules(now: { view: string; url: string | null; asking: 'revoke' | 'renew' | null; copyFailed: boolean }, refs: FocusRefs) {
  const before = useRef(now);
  useEffect(() => {
    const was = before.current;
    before.current = now;
    if (now.url && now.url !== was.url) refs.addressRef.current?.focus();
    else if (now.asking && now.asking !== was.asking) refs.questionRef.current?.focus();
    else if (!now.asking && was.asking && now.view === 'active') (was.asking === 'revoke' ? refs.revokeRef : refs.renewRef).current?.focus();
    else if (now.view === 'none' && was.view === 'active') refs.addRef.current?.focus();
    if (now.copyFailed && !was.copyFailed) {
      refs.addressRef.current?.focus();
      refs.addressRef.current?.select();
    }
  });
}
