// The API client's kept layer (docs/decisions/241-kept-answers.md): while a page draws its screen, a read's kept copy
// answers at once and the network's answer is held for the next read, a differing one asks for a refresh; any other
// read asks the network and falls back to the copy without one; refusals reach the next read; writes end what is held.
import { describe, expect, it, vi } from 'vitest';
import { createKeptFetch, HELD_MAX_AGE_MS } from '../../src/kept/kept-fetch.ts';
import type { KeptCopy, KeptStore } from '../../src/kept/kept-store.ts';
import { createKeptNoteStore } from '../../src/ui/kept-note-store.ts';

const BASE = 'http://portal.test/api';
const TOKEN = 'remembered-token-0123456789';
const INFO = `${BASE}/user/me/info`;
const KEY = `fr /api/user/me/info`;

function memoryStore(initial: Record<string, KeptCopy> = {}): KeptStore & { copies: Map<string, KeptCopy> } {
  const copies = new Map(Object.entries(initial));
  return { copies, read: async (key) => copies.get(key) ?? null, write: async (key, body, at) => void copies.set(key, { body, at }) };
}

/** A network whose answers the test gives when it wants. */
function network() {
  const asked: Array<{ request: Request; answer: (response: Response | Error) => void }> = [];
  const fetch = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const request = input instanceof Request && !init ? input : new Request(input, init);
        asked.push({ request, answer: (response) => (response instanceof Error ? reject(response) : resolve(response)) });
      }),
  ) as unknown as typeof globalThis.fetch & ReturnType<typeof vi.fn>;
  return { fetch, asked };
}

const get = (url: string, token = TOKEN) => new Request(url, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'fr' } });
const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { drawing?: boolean; copies?: Record<string, KeptCopy>; remembered?: boolean; now?: () => number } = {}) {
  const store = memoryStore(options.copies);
  const note = createKeptNoteStore();
  const onRefresh = vi.fn();
  const net = network();
  let drawing = options.drawing ?? true;
  const kept = createKeptFetch({
    store: async (token) => (options.remembered === false || token !== TOKEN ? null : store),
    drawing: () => drawing,
    note,
    onRefresh,
    now: options.now ?? (() => 1_000_000),
  });
  return { fetch: kept.fetchThrough(net.fetch), kept, store, note, onRefresh, net, setDrawing: (value: boolean) => (drawing = value) };
}

const copy = (value: unknown, at = 900_000): KeptCopy => ({ body: JSON.stringify(value), at });

describe('while a page draws its screen', () => {
  it("the first read is the kept copy at once; the network's same answer changes nothing and serves the next read", async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    const first = await t.fetch(get(INFO));
    expect(await first.json()).toEqual({ name: 'Anne' });
    expect(t.net.asked).toHaveLength(1);
    expect(t.note.getSnapshot()).toEqual({ offline: false, oldest: 900_000 });
    t.net.asked[0]!.answer(json({ name: 'Anne' }));
    await settle();
    expect(t.onRefresh).not.toHaveBeenCalled();
    expect(t.note.getSnapshot()).toEqual({ offline: false, oldest: null });
    // The screen's next read takes the held answer: no second request.
    expect(await (await t.fetch(get(INFO))).json()).toEqual({ name: 'Anne' });
    expect(t.net.asked).toHaveLength(1);
  });

  it('a differing answer asks for a refresh once all are back; the refresh reads it; the copy is replaced', async () => {
    const planning = `${BASE}/user/me/upcoming-planning`;
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }), 'fr /api/user/me/upcoming-planning': copy([]) } });
    await t.fetch(get(INFO));
    await t.fetch(get(planning));
    t.net.asked[0]!.answer(json({ name: 'Anne B.' }));
    await settle();
    expect(t.onRefresh).not.toHaveBeenCalled();
    t.net.asked[1]!.answer(json([]));
    await settle();
    expect(t.onRefresh).toHaveBeenCalledTimes(1);
    expect(t.onRefresh).toHaveBeenCalledWith([KEY]);
    expect(await (await t.fetch(get(INFO))).json()).toEqual({ name: 'Anne B.' });
    expect(JSON.parse(t.store.copies.get(KEY)!.body)).toEqual({ name: 'Anne B.' });
  });

  it('a refusal (401: the session ended elsewhere) reaches the next read as it came', async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    await t.fetch(get(INFO));
    t.net.asked[0]!.answer(json({ code: 'unauthorized', message: 'no' }, 401));
    await settle();
    expect(t.onRefresh).toHaveBeenCalledWith([KEY]);
    expect((await t.fetch(get(INFO))).status).toBe(401);
    expect(JSON.parse(t.store.copies.get(KEY)!.body)).toEqual({ name: 'Anne' });
  });

  it('no network: the copy stays on show, marked offline, and nothing is refreshed', async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    await t.fetch(get(INFO));
    t.net.asked[0]!.answer(new TypeError('Failed to fetch'));
    await settle();
    expect(t.note.getSnapshot()).toEqual({ offline: true, oldest: 900_000 });
    expect(t.onRefresh).not.toHaveBeenCalled();
    // Back online: asked again; an answer that differs is read again, and the note goes.
    t.kept.backOnline();
    expect(t.net.asked).toHaveLength(2);
    t.net.asked[1]!.answer(json({ name: 'Anne E.' }));
    await settle();
    expect(t.note.getSnapshot()).toEqual({ offline: false, oldest: null });
    expect(t.onRefresh).toHaveBeenCalledWith([KEY]);
    expect(await (await t.fetch(get(INFO))).json()).toEqual({ name: 'Anne E.' });
    t.kept.backOnline();
    expect(t.net.asked).toHaveLength(2);
  });

  it('only the first read of an answer in the page: a second one asks the network', async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    await t.fetch(get(INFO));
    t.net.asked[0]!.answer(json({ name: 'Anne' }));
    await settle();
    await t.fetch(get(INFO)); // the held answer
    const third = t.fetch(get(INFO));
    await settle();
    expect(t.net.asked).toHaveLength(2);
    t.net.asked[1]!.answer(json({ name: 'Anne C.' }));
    expect(await (await third).json()).toEqual({ name: 'Anne C.' });
  });

  it("a `fallback` answer (the calendar feed's state) is never shown first", async () => {
    const feed = `${BASE}/user/me/calendar-feed`;
    const t = setup({ copies: { 'fr /api/user/me/calendar-feed': copy({ active: false }) } });
    const read = t.fetch(get(feed));
    await settle();
    t.net.asked[0]!.answer(json({ active: true }));
    expect(await (await read).json()).toEqual({ active: true });
  });
});

describe('any other read', () => {
  it('asks the network and keeps its answer; without a network, the copy, marked offline; without a copy, the failure', async () => {
    const t = setup({ drawing: false, copies: { [KEY]: copy({ name: 'Anne' }) } });
    const read = t.fetch(get(INFO));
    await settle();
    t.net.asked[0]!.answer(json({ name: 'Anne D.' }));
    expect(await (await read).json()).toEqual({ name: 'Anne D.' });
    await settle();
    expect(JSON.parse(t.store.copies.get(KEY)!.body)).toEqual({ name: 'Anne D.' });

    const offline = t.fetch(get(INFO));
    await settle();
    t.net.asked[1]!.answer(new TypeError('Failed to fetch'));
    expect(await (await offline).json()).toEqual({ name: 'Anne D.' });
    expect(t.note.getSnapshot().offline).toBe(true);

    const hours = t.fetch(get(`${BASE}/user/me/hours`));
    await settle();
    t.net.asked[2]!.answer(new TypeError('Failed to fetch'));
    await expect(hours).rejects.toThrow('Failed to fetch');
  });

  it('a write ends what is held: the read after it asks the network', async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    await t.fetch(get(INFO));
    t.net.asked[0]!.answer(json({ name: 'Anne' }));
    await settle();
    const post = t.fetch(new Request(`${BASE}/user/me/update-policies`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` }, body: '{}' }));
    await settle();
    t.net.asked[1]!.answer(json({}));
    await post;
    const read = t.fetch(get(INFO));
    await settle();
    expect(t.net.asked).toHaveLength(3);
    t.net.asked[2]!.answer(json({ name: 'Anne' }));
    await read;
  });

  it('an answer asked before a write and given after it is not held: the read after the write asks the network', async () => {
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) } });
    await t.fetch(get(INFO));
    const post = t.fetch(new Request(`${BASE}/user/me/update-policies`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` }, body: '{}' }));
    await settle();
    t.net.asked[0]!.answer(json({ name: 'before the write' }));
    t.net.asked[1]!.answer(json({}));
    await post;
    await settle();
    const read = t.fetch(get(INFO));
    await settle();
    expect(t.net.asked).toHaveLength(3);
    t.net.asked[2]!.answer(json({ name: 'after the write' }));
    expect(await (await read).json()).toEqual({ name: 'after the write' });
  });

  it(`a held answer is given within ${HELD_MAX_AGE_MS / 1000} s only`, async () => {
    let now = 1_000_000;
    const t = setup({ copies: { [KEY]: copy({ name: 'Anne' }) }, now: () => now });
    await t.fetch(get(INFO));
    t.net.asked[0]!.answer(json({ name: 'Anne' }));
    await settle();
    now += HELD_MAX_AGE_MS + 1;
    const read = t.fetch(get(INFO));
    await settle();
    expect(t.net.asked).toHaveLength(2);
    t.net.asked[1]!.answer(json({ name: 'Anne' }));
    await read;
  });
});

describe('nothing kept', () => {
  it('for a sign-in that is not remembered, another token, or an answer that is never kept', async () => {
    for (const [remembered, url, token] of [
      [false, INFO, TOKEN],
      [true, INFO, 'another-token-0123456789'],
      [true, `${BASE}/user/me/details`, TOKEN],
    ] as const) {
      const t = setup({ remembered, copies: { [KEY]: copy({ name: 'Anne' }), 'fr /api/user/me/details': copy({ iban: 'x' }) } });
      const read = t.fetch(get(url, token));
      await settle();
      t.net.asked[0]!.answer(json({ fresh: true }));
      expect(await (await read).json()).toEqual({ fresh: true });
      await settle();
      expect([...t.store.copies.keys()].sort()).toEqual(['fr /api/user/me/details', KEY]);
      expect(JSON.parse(t.store.copies.get(KEY)!.body)).toEqual({ name: 'Anne' });
    }
  });
});
