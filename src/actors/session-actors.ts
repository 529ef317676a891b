/**
 * The session machine's actors (machines/session.machine.ts header): API calls through the one client, and the
 * stored user of spec §3/§9. The API layer has already told the worker about any failure (§8), so these only
 * return values or rethrow.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import type { CurrentUser, LoginInput, RestoreOutput, GeneralInfo } from '../../machines/session.machine.ts';
import type { Api } from '../api/client.ts';
import type { ExpiringStorage } from '../storage.ts';
import { parseBoolean, parseString } from '../storage.ts';

/** Storage keys of the session (the locale preference lives in src/i18n/locale.ts and survives logout). */
export const SESSION_KEYS = { user: 'currentUser', email: 'loginEmail', loggedOut: 'loggedOutNotice' } as const;

/** Only a well-formed, unexpired user comes back from storage; anything else counts as signed out. */
const storedUserSchema = v.object({
  token: v.pipe(v.string(), v.minLength(16)),
  username: v.string(),
  locale: v.picklist(['fr', 'nl']),
  email: v.string(),
  statute: v.picklist([1, 2, 3]),
  details: v.picklist([0, 1, 2]),
  signatureStatus: v.picklist([0, 1, 2, 3]),
  newAccount: v.boolean(),
  hasEmailBeenValidated: v.boolean(),
  shouldRedirectToDetailsPage: v.boolean(),
  blockAccessToDetailsPage: v.boolean(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});

export function parseStoredUser(raw: unknown, now = Date.now()): CurrentUser | undefined {
  const parsed = v.safeParse(storedUserSchema, raw);
  if (!parsed.success || Date.parse(parsed.output.expiresAt) <= now) return undefined;
  return parsed.output;
}

/** The stored user is there but has not the shape of this version (an older portal, a hand-edited entry). */
export class UnreadableStoredUser extends Error {
  constructor() {
    super('The stored user is unreadable');
    this.name = 'UnreadableStoredUser';
  }
}

/**
 * The user kept in storage (§3/§9): null when there is none or its token has expired; an entry that is there but
 * unreadable rejects, so that the session machine drops it (`clearStoredUser`) instead of silently ignoring it.
 */
export function readStoredUser(store: ExpiringStorage, now = Date.now()): CurrentUser | null {
  const raw = store.get(SESSION_KEYS.user, (value: unknown) => value);
  if (raw === undefined) return null;
  if (!v.is(storedUserSchema, raw)) throw new UnreadableStoredUser();
  const user = parseStoredUser(raw, now);
  if (!user) store.remove(SESSION_KEYS.user);
  return user ?? null;
}

/** The e-mail typed at the last login, kept for a day (§9) to prefill the form. */
export const rememberedEmail = (store: ExpiringStorage): string => store.get(SESSION_KEYS.email, parseString) ?? '';

export function sessionActors(api: Api, store: ExpiringStorage) {
  return {
    restoreUser: fromPromise<RestoreOutput>(async () => {
      const loggedOut = store.get(SESSION_KEYS.loggedOut, parseBoolean) === true;
      store.remove(SESSION_KEYS.loggedOut);
      return { user: readStoredUser(store), loggedOut };
    }),
    login: fromPromise<CurrentUser, LoginInput>(({ input, signal }) => api.unwrap(api.client.POST('/auth/login', { body: input, signal }))),
    impersonate: fromPromise<CurrentUser, { token: string }>(({ input, signal }) =>
      api.unwrap(api.client.GET('/auth/impersonate', { params: { query: { token: input.token } }, signal })),
    ),
    loadInfo: fromPromise<GeneralInfo>(({ signal }) => api.unwrap(api.client.GET('/user/me/info', { signal }))),
    revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
      // The token of the worker leaving, explicitly: the session may already have moved on.
      await api.unwrap(api.client.POST('/auth/logout', { headers: { Authorization: `Bearer ${input.token}` } }));
    }),
  };
}
