/**
 * The page's kept copies (docs/decisions/241-kept-answers.md): open for a remembered sign-in only (remember-me: "this is
 * my phone"), never for a sign-in kept for the browser session or an impersonation (both live in sessionStorage), and
 * only for the token of that sign-in. The entry (src/main.tsx) starts opening them before the first paint, so that
 * they are there when the app asks; without a remembered sign-in, it removes whatever is kept (a logout or a 401 that
 * could not finish before the page went, an expired sign-in).
 *
 * Part of the entry: the store itself (kept-store.ts: IndexedDB, the sealing) is a chunk of its own, loaded when needed.
 * The calls go one after the other (a removal before the next opening), so that a new sign-in never reads what the
 * removal was taking away.
 */
import { SESSION_KEYS } from '../actors/session-keys.ts';
import type { ExpiringStorage } from '../storage.ts';
import { KEPT_DATABASE } from './kept-names.ts';
import type { KeptStore } from './kept-store.ts';

type Remembered = { token: string; expiresAt: number };

let storage: ExpiringStorage | null = null;
let opened: { token: string; store: Promise<KeptStore | null> } | null = null;
let queue: Promise<unknown> = Promise.resolve();
const loadStore = () => import('./kept-store.ts');

/** Kept copies need what seals them (WebCrypto: a secure context) and IndexedDB. */
const possible = () => typeof indexedDB !== 'undefined' && globalThis.isSecureContext === true && globalThis.crypto?.subtle !== undefined;

/** The remembered sign-in, when there is one and it has not expired. */
function rememberedSignIn(now = Date.now()): Remembered | null {
  if (!storage?.remembered(SESSION_KEYS.user)) return null;
  const raw = storage.get(SESSION_KEYS.user, (value: unknown) => value) as { token?: unknown; expiresAt?: unknown } | undefined;
  const expiresAt = typeof raw?.expiresAt === 'string' ? Date.parse(raw.expiresAt) : Number.NaN;
  return typeof raw?.token === 'string' && expiresAt > now ? { token: raw.token, expiresAt } : null;
}

/** Whether this page keeps copies: a remembered, unexpired sign-in, where they can be sealed and stored. */
export const keepsAnswers = (): boolean => possible() && rememberedSignIn() !== null;

/** At the start of every page: open the remembered sign-in's copies, or remove any copy left without one. */
export function prepareKeptAnswers(target: ExpiringStorage): void {
  storage = target;
  if (!possible()) return;
  const user = rememberedSignIn();
  if (user) void keptAnswersFor(user.token);
  else
    void keptDatabaseExists().then((exists) => {
      if (exists) void forgetKeptAnswers();
    });
}

async function keptDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === KEPT_DATABASE);
}

/** The copies of the sign-in whose token is `token`, or null: not remembered, another token, or no storage for them. */
export function keptAnswersFor(token: string): Promise<KeptStore | null> {
  const user = rememberedSignIn();
  if (!possible() || !user || user.token !== token) return Promise.resolve(null);
  if (opened?.token === token) return opened.store;
  const current = () => rememberedSignIn()?.token === token;
  const store = queue
    .then(loadStore)
    .then((kept) => kept.openKeptStore({ token, expiresAt: user.expiresAt, current }))
    .catch(() => null);
  queue = store;
  opened = { token, store };
  return store;
}

/** Every copy goes: at a logout, a 401, another sign-in (src/actors/session.ts `clearStoredUser`). */
export function forgetKeptAnswers(): Promise<void> {
  opened = null;
  if (!possible()) return Promise.resolve();
  const wiping = queue
    .then(loadStore)
    .then((kept) => kept.wipeKept())
    .catch(() => undefined);
  queue = wiping;
  return wiping;
}
