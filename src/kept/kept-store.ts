/**
 * The kept copies of the worker's answers on a remembered phone (docs/decisions/241-kept-answers.md), in IndexedDB
 * (idb-keyval), each sealed with AES-GCM under a key derived from the session token (HKDF-SHA-256): readable only
 * with the token that wrote it, so never by another worker signing in on the same browser, nor by anyone once the
 * token is gone, even if a removal was cut short. Every record names its owner (a hash of the token, not the token)
 * and the sign-in's expiry: a store opened for another owner, or after that expiry, is emptied first.
 *
 * Loaded on demand (src/kept/page-kept.ts): nothing of it is in a first load.
 */
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { KEPT_DATABASE, KEPT_OBJECT_STORE } from './kept-names.ts';

/** What a record holds: nothing readable but its owner's hash, its times and the sealed answer. */
export type Sealed = { owner: string; expiresAt: number; at: number; iv: Uint8Array; data: ArrayBuffer };

/** Where the records live (IndexedDB in the browser; a Map in the unit tests). */
export type KeptBackend = {
  entries(): Promise<Array<[string, Sealed]>>;
  set(key: string, value: Sealed): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
};

export type KeptCopy = { body: string; at: number };

export type KeptStore = {
  read(key: string): Promise<KeptCopy | null>;
  /** Keeps `body` as the answer of `key` at `at`: not when the sign-in that opened the store has ended since. */
  write(key: string, body: string, at: number): Promise<void>;
};

/** The availability months seen add up: beyond this many records the oldest go. */
export const MAX_KEPT = 48;

let idbStore: UseStore | null = null;
/** The records in this browser's IndexedDB. */
export function indexedDbBackend(): KeptBackend {
  idbStore ??= createStore(KEPT_DATABASE, KEPT_OBJECT_STORE);
  const store = idbStore;
  return {
    entries: () => entries<string, Sealed>(store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    clear: () => clear(store),
  };
}

const text = new TextEncoder();

async function sealingKey(token: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', text.encode(token), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: text.encode('portal kept answers'), info: text.encode('v1') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The owner's name on the records: a hash of the token, from which the token cannot be found again. */
export async function ownerOf(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text.encode(`portal kept owner ${token}`)));
  return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type KeptOwner = {
  token: string;
  /** The sign-in's expiry (ms): its copies go with it. */
  expiresAt: number;
  /** Whether that sign-in is still the remembered one (a logout, a 401 or another sign-in ends it). */
  current: () => boolean;
};

export async function openKeptStore(owner: KeptOwner, backend: KeptBackend = indexedDbBackend(), now: () => number = Date.now): Promise<KeptStore> {
  const [key, name] = await Promise.all([sealingKey(owner.token), ownerOf(owner.token)]);
  const found = await backend.entries();
  // Someone else's records, or expired ones: none of them is read, all go.
  if (found.some(([, record]) => record.owner !== name || record.expiresAt <= now())) {
    await backend.clear();
    found.length = 0;
  }
  const records = new Map(found);

  return {
    async read(entry) {
      const record = records.get(entry);
      if (!record || owner.expiresAt <= now()) return null;
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv as Uint8Array<ArrayBuffer> }, key, record.data);
        return { body: new TextDecoder().decode(plain), at: record.at };
      } catch {
        // Not sealed with this token after all: it goes.
        records.delete(entry);
        await backend.del(entry);
        return null;
      }
    },
    async write(entry, body, at) {
      if (!owner.current() || owner.expiresAt <= now()) return;
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, text.encode(body));
      if (!owner.current()) return;
      const record: Sealed = { owner: name, expiresAt: owner.expiresAt, at, iv, data };
      records.set(entry, record);
      await backend.set(entry, record);
      if (records.size <= MAX_KEPT) return;
      const oldest = [...records.entries()].sort(([, a], [, b]) => a.at - b.at).slice(0, records.size - MAX_KEPT);
      for (const [old] of oldest) {
        records.delete(old);
        await backend.del(old);
      }
    },
  };
}

/** Every kept copy goes (a logout, a 401, another sign-in, an expired or absent remembered sign-in). */
export const wipeKept = (backend: KeptBackend = indexedDbBackend()): Promise<void> => backend.clear();
