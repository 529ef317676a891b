// @vitest-environment jsdom
// A new build never runs beside the old one in a page (docs/decisions/240-service-worker.md): the next navigation
// after a new worker is waiting (or another tab let it take over) asks it to take over and loads the new build's page.
import { describe, expect, it, vi } from 'vitest';
import { keepBuildsApart, type BlockingHistory } from '../../src/pwa/updates.ts';
import { SW_MESSAGES } from '../../src/pwa/sw-messages.ts';

type Blocker = Parameters<BlockingHistory['block']>[0];

function setup({ waiting = false, controlled = true, startedControlled = true } = {}) {
  const container = new EventTarget() as EventTarget & { controller: object | null };
  container.controller = controlled ? {} : null;
  const posted: unknown[] = [];
  const waitingWorker = { postMessage: (message: unknown) => posted.push(message) };
  const registration = { waiting: waiting ? waitingWorker : null, update: vi.fn(async () => undefined) };
  let blocker: Blocker | undefined;
  const history: BlockingHistory = {
    block: (b) => {
      blocker = b;
      return () => {};
    },
  };
  const loads: Array<[string, boolean]> = [];
  const apart = keepBuildsApart({
    container: container as unknown as ServiceWorkerContainer,
    registration: registration as unknown as ServiceWorkerRegistration,
    history,
    startedControlled,
    load: (href, replace) => loads.push([href, replace]),
  });
  const navigate = (href: string, action = 'PUSH') => blocker!.blockerFn({ nextLocation: { href }, action });
  return { container, registration, posted, loads, navigate, apart };
}

describe('one build per page', () => {
  it('without a new build, every navigation stays in the page', async () => {
    const t = setup();
    expect(await t.navigate('/planning')).toBe(false);
    expect(t.loads).toEqual([]);
  });

  it('a waiting build is asked to take over at the next navigation, which loads its page', async () => {
    const t = setup({ waiting: true });
    expect(t.apart.updateReady()).toBe(true);
    const blocked = t.navigate('/planning?x=1');
    await Promise.resolve();
    expect(t.posted).toEqual([{ type: SW_MESSAGES.skipWaiting }]);
    expect(t.loads).toEqual([]);
    t.container.dispatchEvent(new Event('controllerchange'));
    expect(await blocked).toBe(true);
    expect(t.loads).toEqual([['/planning?x=1', false]]);
  });

  it('a redirect replaces the entry; back and forward stay in the page', async () => {
    const t = setup({ waiting: true });
    const redirect = t.navigate('/login', 'REPLACE');
    await Promise.resolve();
    t.container.dispatchEvent(new Event('controllerchange'));
    await redirect;
    expect(t.loads).toEqual([['/login', true]]);
    expect(await t.navigate('/home', 'BACK')).toBe(false);
  });

  it("the first install is no new build; another tab's take-over is", async () => {
    const first = setup({ waiting: true, controlled: false, startedControlled: false });
    expect(first.apart.updateReady()).toBe(false);
    first.container.dispatchEvent(new Event('controllerchange'));
    expect(first.apart.updateReady()).toBe(false);
    const other = setup({ startedControlled: true });
    other.container.dispatchEvent(new Event('controllerchange'));
    // Nothing waits any more: the page loads the next one at once.
    expect(await other.navigate('/hours')).toBe(true);
    expect(other.loads).toEqual([['/hours', false]]);
    expect(other.posted).toEqual([]);
  });
});
