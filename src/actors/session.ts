/**
 * The session machine with the app's implementations (docs/conventions.md, Machines: the machine stays pure; effects come
 * through `.provide()`). Navigation goes through the router, toasts through the toast store, storage through
 * src/storage.ts with the lifetimes of spec §9.
 */
import { sessionMachine } from '../../machines/session.machine.ts';
import type { Api } from '../api/client.ts';
import { STORAGE_EMAIL_TTL_MS } from '#domain/constants.ts';
import { changeLocale } from '../i18n/locale.ts';
import type { ExpiringStorage } from '../storage.ts';
import type { ToastStore, ToastMessageKey } from '../ui/toast-store.ts';
import { sessionActors, storedUserOf } from './session-actors.ts';
import { SESSION_KEYS } from './session-keys.ts';

export type SessionDeps = {
  api: Api;
  store: ExpiringStorage;
  toasts: ToastStore;
  /** Router navigation; `returnHere` asks /login to bring the worker back to where they are now. */
  navigate: (to: string, options: { returnHere?: boolean }) => void;
  reload: () => void;
  /** Removes the worker's kept copies (docs/decisions/241-kept-answers.md). */
  forgetKeptAnswers?: () => void;
};

export function createSessionLogic(deps: SessionDeps) {
  const { store } = deps;
  return sessionMachine.provide({
    actors: sessionActors(deps.api, store),
    actions: {
      notify: (_, params) => deps.toasts.show({ type: params.type, key: params.msg as ToastMessageKey }),
      navigate: (_, params) => deps.navigate(params.to, { returnHere: params.returnHere }),
      goToLanding: ({ context }) => deps.navigate(context.landing ?? '/', {}),
      // Remember-me keeps the user for the default 30 days; otherwise for the browser session only (§9).
      // Only the token and flags are kept, not the name or address (decision 075).
      persistUser: ({ context }) => {
        if (context.user) store.set(SESSION_KEYS.user, storedUserOf(context.user), context.remember ? {} : { session: true });
      },
      rememberEmail: ({ event }) => {
        if (event.type === 'session.login') store.set(SESSION_KEYS.email, event.email, { ttlMs: STORAGE_EMAIL_TTL_MS });
      },
      // Everything of the session goes, its kept copies too; the interface language and the typed e-mail stay (§4 logout).
      clearStoredUser: () => {
        store.clear({ keep: ['locale', SESSION_KEYS.email] });
        deps.forgetKeptAnswers?.();
      },
      applyLocale: ({ context }) => {
        if (context.user) changeLocale(context.user.locale);
      },
      rememberLoggedOutNotice: () => store.set(SESSION_KEYS.loggedOut, true, { session: true }),
      reloadPage: () => deps.reload(),
    },
  });
}
