// The kept copies' store (docs/decisions/241-kept-answers.md): sealed with the token that wrote them, readable with it
// only, emptied for another owner or past the sign-in's expiry, bounded, and never written once the sign-in has ended.
import { describe, expect, it } from 'vitest';
import { MAX_KEPT, openKeptStore, ownerOf, wipeKept, type KeptBackend, type Sealed } from '../../src/kept/kept-store.ts';

function memoryBackend(): KeptBackend & { records: Map<string, Sealed> } {
  const records = new Map<string, Sealed>();
  return {
    records,
    entries: async () => [...records.entries()],
    set: async (key, value) => void records.set(key, value),
    del: async (key) => void records.delete(key),
    clear: async () => records.clear(),
  };
}

const A = 'token-of-worker-a-0123456789abcdef';
const B = 'token-of-worker-b-0123456789abcdef';
const NOW = Date.parse('2026-12-03T10:00:00Z');
const owner = (token: string, current = () => true) => ({ token, expiresAt: NOW + 86_400_000, current });
const body = JSON.stringify({ username: 'Anne Dupont', email: 'anne.dupont@example.test', street: 'Rue de la Loi 16' });

describe('the kept store', () => {
  it('gives back what it kept, with its time; the record holds nothing readable of it', async () => {
    const backend = memoryBackend();
    const store = await openKeptStore(owner(A), backend, () => NOW);
    await store.write('fr /api/user/me/info', body, NOW - 5_000);
    expect(await store.read('fr /api/user/me/info')).toEqual({ body, at: NOW - 5_000 });
    expect(await store.read('fr /api/user/me/offers')).toBeNull();
    const record = backend.records.get('fr /api/user/me/info')!;
    const stored = Buffer.from(record.data).toString('latin1') + JSON.stringify({ ...record, data: undefined, iv: undefined });
    for (const secret of ['Anne', 'Dupont', 'anne.dupont', 'Rue de la Loi', A]) expect(stored).not.toContain(secret);
    expect(record.owner).toBe(await ownerOf(A));
    expect(record.owner).not.toContain(A.slice(0, 12));
  });

  it("another worker's store never reads A's copies: opening it empties them", async () => {
    const backend = memoryBackend();
    const a = await openKeptStore(owner(A), backend, () => NOW);
    await a.write('fr /api/user/me/info', body, NOW);
    const b = await openKeptStore(owner(B), backend, () => NOW);
    // Emptied at the opening, before anything is read.
    expect(backend.records.size).toBe(0);
    expect(await b.read('fr /api/user/me/info')).toBeNull();
  });

  it('a record sealed under another token is refused and removed, even under its own key name', async () => {
    const backend = memoryBackend();
    const b = await openKeptStore(owner(B), backend, () => NOW);
    await b.write('fr /api/user/me/info', body, NOW);
    // A's owner name on B's sealed record (a hand-made mix): the name passes, the seal does not.
    const record = backend.records.get('fr /api/user/me/info')!;
    backend.records.set('fr /api/user/me/info', { ...record, owner: await ownerOf(A) });
    const a = await openKeptStore(owner(A), backend, () => NOW);
    expect(await a.read('fr /api/user/me/info')).toBeNull();
    expect(backend.records.has('fr /api/user/me/info')).toBe(false);
  });

  it("past the sign-in's expiry nothing is read, and a store opened then starts empty", async () => {
    const backend = memoryBackend();
    let now = NOW;
    const store = await openKeptStore(owner(A), backend, () => now);
    await store.write('fr /api/user/me/info', body, NOW);
    now = NOW + 86_400_000;
    expect(await store.read('fr /api/user/me/info')).toBeNull();
    await openKeptStore({ ...owner(A), expiresAt: now + 1_000 }, backend, () => now);
    expect(backend.records.size).toBe(0);
  });

  it('writes nothing once its sign-in is no longer the remembered one (a logout under way)', async () => {
    const backend = memoryBackend();
    let signedIn = true;
    const store = await openKeptStore(
      owner(A, () => signedIn),
      backend,
      () => NOW,
    );
    signedIn = false;
    await store.write('fr /api/user/me/info', body, NOW);
    expect(backend.records.size).toBe(0);
  });

  it(`keeps at most ${MAX_KEPT} answers: the oldest go first`, async () => {
    const backend = memoryBackend();
    const store = await openKeptStore(owner(A), backend, () => NOW);
    for (let i = 0; i < MAX_KEPT + 3; i++) await store.write(`fr /api/user/me/availabilities/2026/${i}`, '{}', NOW - 1_000_000 + i);
    expect(backend.records.size).toBe(MAX_KEPT);
    expect([0, 1, 2].map((i) => backend.records.has(`fr /api/user/me/availabilities/2026/${i}`))).toEqual([false, false, false]);
    expect(backend.records.has(`fr /api/user/me/availabilities/2026/${MAX_KEPT + 2}`)).toBe(true);
  });

  it('the wipe removes everything', async () => {
    const backend = memoryBackend();
    const store = await openKeptStore(owner(A), backend, () => NOW);
    await store.write('fr /api/user/me/info', body, NOW);
    await wipeKept(backend);
    expect(backend.records.size).toBe(0);
  });
});
