/**
 * The session machine's actors (machines/session.machine.ts header): API calls through the one client, and the
 * stored user of spec §3/§9. The API layer has already told the worker about any failure (§8), so these only
 * return values or rethrow.
 */
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import type { CurrentUser, LoginInput, RestoreOutput, GeneralInfo } from '../../machines/session.types.ts';
import type { Api } from '../api/client.ts';
import type { ExpiringStorage } from '../storage.ts';
import { parseBoolean, parseString } from '../storage.ts';
import { SESSION_KEYS } from './session-keys.ts';

/**
 * What the browser keeps of the signed-in user (docs/decisions/075): the token and the flags the app needs
 * before the info arrives, never the name or the e-mail address (GET /user/me/info brings them back).
 * Strict: an entry of an older portal that still holds them is unreadable, so it is dropped.
 */
const storedUserSchema = v.strictObject({
  token: v.pipe(v.string(), v.minLength(16)),
  locale: v.picklist(['fr', 'nl']),
  statute: v.picklist([1, 2, 3]),
  details: v.picklist([0, 1, 2]),
  signatureStatus: v.picklist([0, 1, 2, 3]),
  newAccount: v.boolean(),
  hasEmailBeenValidated: v.boolean(),
  shouldRedirectToDetailsPage: v.boolean(),
  blockAccessToDetailsPage: v.boolean(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
});

export type StoredUser = v.InferOutput<typeof storedUserSchema>;

/** The part of the current user that may be stored. */
export function storedUserOf(user: CurrentUser): StoredUser {
  const { username: _name, email: _email, ...kept } = user;
  return kept;
}

function parseStoredUser(raw: unknown, now = Date.now()): CurrentUser | undefined {
  const parsed = v.safeParse(storedUserSchema, raw);
  if (!parsed.success || Date.parse(parsed.output.expiresAt) <= now) return undefined;
  // Name and address come with the info (session.selectors.ts displayName, accountEmail).
  return { ...parsed.output, username: '', email: '' };
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
      await api.unwrap(api.client.POST('/auth/logout', { body: {}, headers: { Authorization: `Bearer ${input.token}` } }));
    }),
  };
}
