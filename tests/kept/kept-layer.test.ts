// The kept layer on demand (docs/decisions/241-kept-answers.md): without a remembered sign-in the requests go straight
// to the network and the layer is never asked for its copies; with one, from the start or from a later sign-in, they
// go through it, and once it is there every request does (a write must reach it).
import { describe, expect, it, vi } from 'vitest';
import { keptLayer } from '../../src/kept/kept-layer.ts';
import type { KeptStore } from '../../src/kept/kept-store.ts';

const INFO = 'http://portal.test/api/user/me/info';
const get = () => new Request(INFO, { headers: { Authorization: 'Bearer remembered-token-0123456789', 'Accept-Language': 'fr' } });
const empty: KeptStore = { read: async () => null, write: async () => undefined };

function setup(remembered: { now: boolean }) {
  const store = vi.fn(async () => empty);
  const next = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })) as unknown as typeof fetch &
    ReturnType<typeof vi.fn>;
  const layer = keptLayer({ store, drawing: () => false, onRefresh: () => undefined }, () => remembered.now);
  return { store, next, fetch: layer.fetchThrough(next) };
}

describe('keptLayer', () => {
  it('sends every request straight on without a remembered sign-in, never asking for kept copies', async () => {
    const { store, next, fetch } = setup({ now: false });
    expect((await fetch(get())).status).toBe(200);
    expect(next).toHaveBeenCalledTimes(1);
    expect(store).not.toHaveBeenCalled();
  });

  it('goes through the kept copies with a remembered sign-in, and keeps doing so once loaded', async () => {
    const remembered = { now: true };
    const { store, next, fetch } = setup(remembered);
    await fetch(get());
    expect(store).toHaveBeenCalledWith('remembered-token-0123456789');
    remembered.now = false;
    await fetch(get());
    expect(store).toHaveBeenCalledTimes(2);
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('is loaded at the first request made after a remembered sign-in', async () => {
    const remembered = { now: false };
    const { store, fetch } = setup(remembered);
    await fetch(get());
    remembered.now = true;
    await fetch(get());
    expect(store).toHaveBeenCalledTimes(1);
  });
});
