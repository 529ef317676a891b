/**
 * The calendar feed machine with the app's implementations (machines/calendar-feed.machine.ts header): the four
 * calls, the clipboard, and the toast once the feed is stopped. A failed call has already been told to the worker
 * by the API layer (§8); the machine keeps the feed as it was. The address answered by create and renew lives in
 * the actor's context only: nothing here stores it.
 */
import { fromPromise } from 'xstate';
import { calendarFeedMachine, type FeedAddress, type FeedStatus } from '../../machines/calendar-feed.machine.ts';
import type { Api } from '../api/client.ts';
import { m } from '../paraglide/messages.js';
import type { ToastStore } from '../ui/toast-store.ts';

export type CalendarFeedDeps = {
  api: Api;
  toasts: Pick<ToastStore, 'show'>;
  /** Writes text to the clipboard (navigator.clipboard.writeText in the browser); rejects when refused. */
  writeClipboard: (text: string) => Promise<void>;
};

export function calendarFeedActors({ api, writeClipboard }: Pick<CalendarFeedDeps, 'api' | 'writeClipboard'>) {
  return {
    loadFeed: fromPromise<FeedStatus>(({ signal }) => api.unwrap(api.client.GET('/user/me/calendar-feed', { signal }))),
    createFeed: fromPromise<FeedAddress>(({ signal }) => api.unwrap(api.client.POST('/user/me/calendar-feed', { body: {}, signal }))),
    copyAddress: fromPromise<void, { text: string }>(({ input }) => writeClipboard(input.text)),
    revokeFeed: fromPromise<void>(({ signal }) => api.unwrap(api.client.POST('/user/me/calendar-feed/revoke', { body: {}, signal }))),
    renewFeed: fromPromise<FeedAddress>(({ signal }) => api.unwrap(api.client.POST('/user/me/calendar-feed/renew', { body: {}, signal }))),
  };
}

/**
 * The machine's toasts, as text: registering them among the toast store's keys would put them in the first load of
 * every page (the store is in the entry chunk), for a message only /planning shows.
 */
const MESSAGES: Record<string, () => string> = { calendarFeed_stopped: m.calendarFeed_stopped };

export function createCalendarFeedLogic(deps: CalendarFeedDeps) {
  return calendarFeedMachine.provide({
    actors: calendarFeedActors(deps),
    actions: { notify: (_, params) => deps.toasts.show({ type: params.type, text: MESSAGES[params.msg]?.() ?? params.msg }) },
  });
}

/** The browser's clipboard; refused where it does not exist (an insecure page, an old browser). */
export const browserClipboard = (text: string): Promise<void> =>
  globalThis.navigator?.clipboard ? globalThis.navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'));
