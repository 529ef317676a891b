/**
 * What a signed-in screen shows of its kept copies (docs/decisions/241-kept-answers.md): "offline, as of …" when the
 * network could not be reached, "updated at …" while a copy more than a minute old waits for the network's answer,
 * nothing once the network has answered. One polite live region, there from the first paint (its text changes); not a `status` role: the screens' own status
 * messages keep theirs alone.
 */
import { useSyncExternalStore } from 'react';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import { keptNote, NO_KEPT_NOTE, type KeptNoteStore } from './kept-note-store.ts';
import * as s from './kept-note.css.ts';

/** A copy younger than this is as good as fresh: no note. */
export const KEPT_NOTE_AFTER_MS = 60_000;

/** HH:MM in Brussels, with the day when it is not today's. */
export function keptTime(at: number, now: number, locale: string): string {
  const zone = { timeZone: 'Europe/Brussels' } as const;
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', zone).format(ms);
  const time = new Intl.DateTimeFormat(`${locale}-BE`, { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  if (day(at) === day(now)) return time;
  return `${new Intl.DateTimeFormat(`${locale}-BE`, { ...zone, day: 'numeric', month: 'numeric' }).format(at)} ${time}`;
}

export function KeptNote({ store, now = Date.now }: { store: KeptNoteStore; now?: () => number }) {
  const locale = useLocale();
  const note = useSyncExternalStore(store.subscribe, store.getSnapshot, () => NO_KEPT_NOTE);
  const at = note.oldest;
  const text =
    at === null
      ? ''
      : note.offline
        ? m.shell_keptOffline({ when: keptTime(at, now(), locale) })
        : now() - at > KEPT_NOTE_AFTER_MS
          ? m.shell_keptUpdatedAt({ when: keptTime(at, now(), locale) })
          : '';
  return (
    <p aria-live="polite" className={s.note} data-offline={note.offline && text ? '' : undefined}>
      {text}
    </p>
  );
}

/** The page's note, of the page's kept copies (what the shell loads once a remembered sign-in keeps them). */
export default function PageKeptNote() {
  return <KeptNote store={keptNote} />;
}
