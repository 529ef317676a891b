/**
 * What browser storage may hold at the end of a test (§10, docs/decisions/075-token-storage.md): no personal data in
 * localStorage, sessionStorage or IndexedDB. The one exception is the spec's own (§9): the e-mail typed at
 * login, kept for one day under `portal.v1.loginEmail` to prefill the form; it must be that and only that.
 * The session token itself is allowed (the spec keeps it in storage; decision 075 records the trade-off); a
 * calendar feed's address never is (§12). Cache Storage never holds an answer of the API: its `no-store` answers are
 * the service worker's to leave alone (docs/decisions/240-service-worker.md).
 */
import { KEPT_DATABASE, KEPT_OBJECT_STORE } from '../../../src/kept/kept-names.ts';
import { describeFindings, findPersonalData, type KnownValue } from './personal-data.ts';

/** `cacheStorage`: the key is `<cache> <url>` (no body: the service worker's precache is the build's files). */
export type StoredEntry = { area: 'localStorage' | 'sessionStorage' | 'indexedDB' | 'cacheStorage'; key: string; value: string };

export const REMEMBERED_EMAIL_KEY = 'portal.v1.loginEmail';
const DAY_MS = 86_400_000;
// A minute of slack between the browser's clock at storing time and ours.
const SLACK_MS = 60_000;

function isRememberedEmail(entry: StoredEntry, now: number): boolean {
  if (entry.area !== 'localStorage' || entry.key !== REMEMBERED_EMAIL_KEY) return false;
  try {
    const parsed = JSON.parse(entry.value) as { value?: unknown; expiresAt?: unknown };
    return (
      Object.keys(parsed).sort().join() === 'expiresAt,value' &&
      typeof parsed.value === 'string' &&
      typeof parsed.expiresAt === 'number' &&
      parsed.expiresAt <= now + DAY_MS + SLACK_MS
    );
  } catch {
    return false;
  }
}

/**
 * A calendar feed's address (https or webcal): its secret opens the worker's planning without a password, so the
 * portal keeps it in memory only (docs/decisions/110-calendar-feed.md), whoever's it is.
 */
const FEED_ADDRESS = /\/api\/calendar\/[A-Za-z0-9_-]{43}/;

function isApiAnswer(key: string): boolean {
  try {
    return new URL(key.slice(key.lastIndexOf(' ') + 1)).pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * Workbox's revision of a precached file is a hash of its content: hex digits that may happen to spell a valid
 * registry number (a build's hours.html did: 3a53339439272e7f…). It is the build's, never a worker's, so it is not read.
 */
const REVISION = /([?&]__WB_REVISION__=)[0-9a-f]+/g;
const readKey = (entry: StoredEntry) => (entry.area === 'cacheStorage' ? entry.key.replace(REVISION, '$1') : entry.key);

/**
 * The kept answers (src/kept/kept-store.ts) are sealed: each record holds its owner's hash (hex, which may spell a
 * phone number by chance), two times and bytes. Records of exactly that shape are not read; anything else there
 * (an answer kept in clear, a field added) is read as text and named.
 */
const KEPT_STORE = `${KEPT_DATABASE}/${KEPT_OBJECT_STORE}`;
const isBytes = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).join() === 'bytes';
function isSealedRecord(record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Record<string, unknown>;
  return (
    Object.keys(r).sort().join() === 'at,data,expiresAt,iv,owner' &&
    typeof r.owner === 'string' &&
    /^[0-9a-f]{32}$/.test(r.owner) &&
    typeof r.at === 'number' &&
    typeof r.expiresAt === 'number' &&
    isBytes(r.iv) &&
    isBytes(r.data)
  );
}
const isKeptStore = (entry: StoredEntry) => entry.area === 'indexedDB' && entry.key === KEPT_STORE;
function allSealed(value: string): boolean {
  try {
    const records = JSON.parse(value) as unknown;
    return Array.isArray(records) && records.every(isSealedRecord);
  } catch {
    return false;
  }
}

export function storageProblems(entries: readonly StoredEntry[], known: readonly KnownValue[], now: number): string[] {
  const problems: string[] = [];
  for (const entry of entries) {
    if (entry.area === 'cacheStorage' && isApiAnswer(entry.key)) problems.push(`an API answer in Cache Storage "${entry.key}"`);
    if (FEED_ADDRESS.test(entry.value) || FEED_ADDRESS.test(entry.key)) problems.push(`a calendar feed address in ${entry.area} "${entry.key}"`);
    if (isRememberedEmail(entry, now)) continue;
    if (isKeptStore(entry)) {
      if (allSealed(entry.value)) continue;
      problems.push(`a kept answer not sealed in indexedDB "${entry.key}"`);
    }
    const findings = findPersonalData(`${readKey(entry)} ${entry.value}`, known);
    if (findings.length > 0) problems.push(`personal data in ${entry.area} "${entry.key}": ${describeFindings(findings)}`);
  }
  return problems;
}
