import { describe, expect, it } from 'vitest';
import { createStorage, parseBoolean, parseString, STORAGE_VERSION } from '../../src/storage.ts';
import { STORAGE_DEFAULT_TTL_MS, STORAGE_EMAIL_TTL_MS } from '#domain/constants.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

function setup(start = 1_000_000) {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const clock = { t: start };
  const store = createStorage({ local, session, now: () => clock.t });
  return { local, session, clock, store };
}

const key = (k: string) => `portal.v${STORAGE_VERSION}.${k}`;

describe('storage with expiry (spec §9)', () => {
  it('stores JSON under a versioned key and reads it back', () => {
    const { store, local } = setup();
    expect(store.set('user', { name: 'Ada', remember: true })).toBe(true);
    expect(local.getItem(key('user'))).toContain('"name":"Ada"');
    expect(store.get('user', (raw) => raw as { name: string })).toEqual({ name: 'Ada', remember: true });
  });

  it('expires entries after 30 days by default', () => {
    const { store, clock, local } = setup();
    store.set('locale', 'nl');
    clock.t += STORAGE_DEFAULT_TTL_MS - 1;
    expect(store.get('locale', parseString)).toBe('nl');
    clock.t += 1;
    expect(store.get('locale', parseString)).toBeUndefined();
    expect(local.getItem(key('locale'))).toBeNull();
  });

  it('honours a per-entry time to live (the login e-mail: one day)', () => {
    const { store, clock } = setup();
    store.set('email', 'a@b.be', { ttlMs: STORAGE_EMAIL_TTL_MS });
    clock.t += STORAGE_EMAIL_TTL_MS - 1;
    expect(store.get('email', parseString)).toBe('a@b.be');
    clock.t += 1;
    expect(store.get('email', parseString)).toBeUndefined();
  });

  it('keeps a session entry in sessionStorage, and one key lives in one place', () => {
    const { store, local, session } = setup();
    store.set('user', 'remembered');
    store.set('user', 'this tab only', { session: true });
    expect(local.getItem(key('user'))).toBeNull();
    expect(session.getItem(key('user'))).not.toBeNull();
    expect(store.get('user', parseString)).toBe('this tab only');
    store.set('user', 'remembered again');
    expect(session.getItem(key('user'))).toBeNull();
    expect(store.get('user', parseString)).toBe('remembered again');
  });

  it('reads corrupt entries, foreign shapes and wrong types as nothing, and removes them', () => {
    const { store, local } = setup();
    local.setItem(key('a'), '{not json');
    local.setItem(key('b'), JSON.stringify({ something: 'else' }));
    store.set('c', 42);
    expect(store.get('a', parseString)).toBeUndefined();
    expect(store.get('b', parseString)).toBeUndefined();
    expect(store.get('c', parseString)).toBeUndefined();
    expect(local.length).toBe(0);
  });

  it('ignores entries of another storage version', () => {
    const { store, local } = setup();
    local.setItem(`portal.v${STORAGE_VERSION + 1}.locale`, JSON.stringify({ value: 'nl', expiresAt: Infinity }));
    expect(store.get('locale', parseString)).toBeUndefined();
  });

  it('degrades quietly when the browser refuses to store, or has no storage at all', () => {
    const { store, local } = setup();
    local.failWrites = true;
    expect(store.set('x', true)).toBe(false);
    expect(store.get('x', parseBoolean)).toBeUndefined();
    const none = createStorage({ local: undefined, session: undefined });
    expect(none.set('x', true)).toBe(false);
    expect(none.get('x', parseBoolean)).toBeUndefined();
    expect(() => none.clear()).not.toThrow();
  });

  it('removes a key everywhere, and clears the portal entries except those kept', () => {
    const { store, local, session } = setup();
    local.setItem('someone-else', 'keep me');
    store.set('user', 'u', { session: true });
    store.set('locale', 'nl');
    store.set('email', 'a@b.be');
    store.remove('email');
    expect(store.get('email', parseString)).toBeUndefined();
    store.clear({ keep: ['locale'] });
    expect(store.get('user', parseString)).toBeUndefined();
    expect(store.get('locale', parseString)).toBe('nl');
    expect(local.getItem('someone-else')).toBe('keep me');
    expect(session.length).toBe(0);
  });
});

describe('remembered (docs/decisions/241-kept-answers.md)', () => {
  it('is true for an entry kept beyond the browser session, false for one of this session or none', () => {
    const { store } = setup();
    expect(store.remembered('user')).toBe(false);
    store.set('user', { token: 't' });
    expect(store.remembered('user')).toBe(true);
    store.set('user', { token: 't' }, { session: true });
    expect(store.remembered('user')).toBe(false);
    store.remove('user');
    expect(store.remembered('user')).toBe(false);
  });
});
