/**
 * Browser storage with expiry (spec §9): every entry carries its own expiry date, 30 days unless told
 * otherwise; `session: true` keeps an entry in sessionStorage instead (the login without remember-me).
 *
 * Keys are versioned (`portal.v1.<key>`): a later change of a stored shape bumps STORAGE_VERSION and the old
 * entries are simply not read. Reading never throws: a corrupt, expired or unreadable entry reads as
 * `undefined` (and is removed), and a browser that refuses storage (private mode, quota) degrades to
 * "nothing remembered" rather than breaking the app.
 *
 * §10: no personal data (registry number, IBAN, details) may be stored here.
 */
import { STORAGE_DEFAULT_TTL_MS } from '#domain/constants.ts';

export const STORAGE_VERSION = 1;
const PREFIX = 'portal.';

export type StorageOptions = {
  /** Time to live in milliseconds (default 30 days). */
  ttlMs?: number;
  /** Keep the entry for this browser session only (sessionStorage). */
  session?: boolean;
};

/** Checks what was read: returns the value when it has the expected shape, `undefined` otherwise. */
export type StorageParser<T> = (raw: unknown) => T | undefined;

export type ExpiringStorage = {
  get<T>(key: string, parse: StorageParser<T>): T | undefined;
  /** Returns false when the browser refused to store the entry. */
  set(key: string, value: unknown, options?: StorageOptions): boolean;
  remove(key: string): void;
  /** Whether the entry of `key` outlives this browser session (localStorage: a remembered sign-in), not just this tab's. */
  remembered(key: string): boolean;
  /** Removes every entry of the portal (any version), except the keys listed in `keep`. */
  clear(options?: { keep?: readonly string[] }): void;
};

type Entry = { value: unknown; expiresAt: number };

export type StorageDeps = {
  local?: Storage | undefined;
  session?: Storage | undefined;
  now?: () => number;
};

const isEntry = (raw: unknown): raw is Entry => typeof raw === 'object' && raw !== null && 'value' in raw && typeof (raw as Entry).expiresAt === 'number';

/** `window.localStorage` itself may throw (storage disabled): treat that as "no storage". */
function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    return undefined;
  }
}

export function createStorage(deps: StorageDeps = {}): ExpiringStorage {
  const local = 'local' in deps ? deps.local : browserStorage('localStorage');
  const session = 'session' in deps ? deps.session : browserStorage('sessionStorage');
  const now = deps.now ?? Date.now;
  const fullKey = (key: string) => `${PREFIX}v${STORAGE_VERSION}.${key}`;

  const quietly = (action: () => void) => {
    try {
      action();
    } catch {
      // Storage refused (quota, private mode): nothing more we can do.
    }
  };

  function readFrom(store: Storage | undefined, key: string): Entry | undefined {
    if (!store) return undefined;
    let text: string | null;
    try {
      text = store.getItem(fullKey(key));
    } catch {
      return undefined;
    }
    if (text === null) return undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isEntry(parsed)) return parsed;
    } catch {
      // fall through: corrupt entry
    }
    quietly(() => store.removeItem(fullKey(key)));
    return undefined;
  }

  return {
    get(key, parse) {
      for (const store of [session, local]) {
        const entry = readFrom(store, key);
        if (!entry) continue;
        if (entry.expiresAt <= now()) {
          quietly(() => store!.removeItem(fullKey(key)));
          continue;
        }
        const value = parse(entry.value);
        if (value !== undefined) return value;
        quietly(() => store!.removeItem(fullKey(key)));
      }
      return undefined;
    },
    set(key, value, options = {}) {
      const target = options.session ? session : local;
      const other = options.session ? local : session;
      if (!target) return false;
      const entry: Entry = { value, expiresAt: now() + (options.ttlMs ?? STORAGE_DEFAULT_TTL_MS) };
      try {
        target.setItem(fullKey(key), JSON.stringify(entry));
      } catch {
        return false;
      }
      // One key lives in one place: a login without remember-me replaces a remembered one and vice versa.
      quietly(() => other?.removeItem(fullKey(key)));
      return true;
    },
    remembered(key) {
      return readFrom(local, key) !== undefined && readFrom(session, key) === undefined;
    },
    remove(key) {
      quietly(() => local?.removeItem(fullKey(key)));
      quietly(() => session?.removeItem(fullKey(key)));
    },
    clear(options = {}) {
      const keep = new Set((options.keep ?? []).map(fullKey));
      for (const store of [local, session]) {
        if (!store) continue;
        quietly(() => {
          const ours = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
            (k): k is string => k !== null && k.startsWith(PREFIX) && !keep.has(k),
          );
          ours.forEach((k) => store.removeItem(k));
        });
      }
    },
  };
}

/** The portal's storage (localStorage + sessionStorage of this browser). */
export const storage: ExpiringStorage = createStorage();

/** Parsers for common shapes. */
export const parseString: StorageParser<string> = (raw) => (typeof raw === 'string' ? raw : undefined);
export const parseBoolean: StorageParser<boolean> = (raw) => (typeof raw === 'boolean' ? raw : undefined);
