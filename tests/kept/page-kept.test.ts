// The page's kept copies (docs/decisions/241-kept-answers.md): opened for a remembered, unexpired sign-in and its very
// token only; removed at the start of a page without one; a removal always ends before the next opening.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../src/storage.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const calls: string[] = [];
vi.mock('../../src/kept/kept-store.ts', () => ({
  openKeptStore: async ({ token }: { token: string }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    calls.push(`open ${token}`);
    return { token };
  },
  wipeKept: async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    calls.push('wipe');
  },
}));

const TOKEN = 'remembered-token-0123456789';
const user = (token: string, expiresIn = 86_400_000) => ({ token, expiresAt: new Date(Date.now() + expiresIn).toISOString() });

async function freshModule() {
  vi.resetModules();
  return import('../../src/kept/page-kept.ts');
}

let databases: string[] = [];
beforeEach(() => {
  calls.length = 0;
  databases = [];
  vi.stubGlobal('indexedDB', { databases: async () => databases.map((name) => ({ name, version: 1 })) });
  vi.stubGlobal('isSecureContext', true);
});
afterEach(() => vi.unstubAllGlobals());

function storage() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return createStorage({ local, session });
}

describe('the kept copies of the page', () => {
  it('open for the remembered sign-in, once, and for its token only', async () => {
    const store = storage();
    store.set('currentUser', user(TOKEN));
    const kept = await freshModule();
    kept.prepareKeptAnswers(store);
    expect(await kept.keptAnswersFor(TOKEN)).toEqual({ token: TOKEN });
    expect(await kept.keptAnswersFor('another-token-0123456789')).toBeNull();
    expect(calls).toEqual([`open ${TOKEN}`]);
  });

  it('never for a sign-in kept for the browser session (no remember-me, an impersonation), nor an expired one', async () => {
    for (const [entry, options] of [
      [user(TOKEN), { session: true }],
      [user(TOKEN, -1_000), {}],
    ] as const) {
      calls.length = 0;
      const store = storage();
      store.set('currentUser', entry, options);
      databases = ['portal-kept'];
      const kept = await freshModule();
      kept.prepareKeptAnswers(store);
      expect(await kept.keptAnswersFor(TOKEN)).toBeNull();
      // What such a page finds kept goes.
      await vi.waitFor(() => expect(calls).toEqual(['wipe']));
    }
  });

  it('a page without a sign-in removes nothing when nothing was ever kept', async () => {
    const kept = await freshModule();
    kept.prepareKeptAnswers(storage());
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toEqual([]);
  });

  it('a removal ends before the next sign-in opens its store (logout, then another worker)', async () => {
    const store = storage();
    store.set('currentUser', user(TOKEN));
    const kept = await freshModule();
    kept.prepareKeptAnswers(store);
    void kept.forgetKeptAnswers();
    store.set('currentUser', user('worker-b-token-0123456789'));
    expect(await kept.keptAnswersFor('worker-b-token-0123456789')).toEqual({ token: 'worker-b-token-0123456789' });
    expect(calls).toEqual([`open ${TOKEN}`, 'wipe', 'open worker-b-token-0123456789']);
  });

  it('nothing at all without what seals them (not a secure context)', async () => {
    vi.stubGlobal('isSecureContext', false);
    const store = storage();
    store.set('currentUser', user(TOKEN));
    const kept = await freshModule();
    kept.prepareKeptAnswers(store);
    expect(await kept.keptAnswersFor(TOKEN)).toBeNull();
    await kept.forgetKeptAnswers();
    expect(calls).toEqual([]);
  });
});
