// The service worker's push handling (src/service-worker/push.ts) on a fake ServiceWorkerGlobalScope: what a push
// shows, and where a tap on it leads.
import { describe, expect, it } from 'vitest';
import {
  installPushHandlers,
  LIST_PATH,
  portalPath,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushScope,
} from '../../src/service-worker/push.ts';

const ORIGIN = 'https://portail.example.be';

function fakeScope(windows: Array<{ url: string; focused?: boolean }> = [], language = 'fr-BE') {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({
    ...w,
    calls: [] as string[],
    async focus() {
      this.calls.push('focus');
    },
    async navigate(url: string) {
      this.calls.push(`navigate ${url}`);
    },
  }));
  const listeners: Record<string, (event: never) => void> = {};
  const scope: PushScope = {
    location: { origin: ORIGIN },
    navigator: { language },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => clients, openWindow: async (url) => void opened.push(url) },
    addEventListener: (type: string, listener: (event: never) => void) => void (listeners[type] = listener),
  } as PushScope;
  installPushHandlers(scope);
  const run = async (type: 'push' | 'notificationclick', event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => void (work = p) } as never);
    await work;
  };
  return {
    shown,
    opened,
    clients,
    push: (data: unknown) =>
      run('push', {
        data:
          data === undefined
            ? null
            : {
                json: () =>
                  data instanceof Error
                    ? (() => {
                        throw data;
                      })()
                    : data,
              },
      } satisfies Omit<PushEventLike, 'waitUntil'>),
    click: (data: unknown) => {
      let closed = false;
      return run('notificationclick', { notification: { data, close: () => void (closed = true) } } satisfies Omit<
        NotificationClickEventLike,
        'waitUntil'
      >).then(() => closed);
    },
  };
}

const MESSAGE = {
  id: 'n1',
  kind: 'offerNew',
  title: 'Nouvelle offre : Steward à Forest National',
  body: 'Le 10/02/2027, de 18:00 à 23:00',
  url: '/offers?offer=o1',
  tag: 'AbC-_xYz',
  icon: '/icons/icon-192.png',
};

describe('push', () => {
  it('shows the title, body and icon, tagged with the Topic, the link in its data', async () => {
    const sw = fakeScope();
    await sw.push(MESSAGE);
    expect(sw.shown).toEqual([
      {
        title: MESSAGE.title,
        options: { body: MESSAGE.body, icon: MESSAGE.icon, tag: MESSAGE.tag, renotify: true, data: { url: '/offers?offer=o1', id: 'n1', kind: 'offerNew' } },
      },
    ]);
  });

  it('shows something for a push it cannot read, in the phone’s language, leading to the list', async () => {
    const fr = fakeScope();
    await fr.push(undefined);
    await fr.push(new SyntaxError('not JSON'));
    await fr.push({ title: '' });
    expect(fr.shown.map((s) => [s.title, s.options.body, (s.options.data as { url: string }).url])).toEqual(
      Array(3).fill(['Portail intérimaires', 'Vous avez une nouvelle notification.', LIST_PATH]),
    );
    const nl = fakeScope([], 'nl-BE');
    await nl.push(null);
    expect(nl.shown[0]!.title).toBe('Uitzendportaal');
  });

  it('never carries a link out of the portal', async () => {
    const sw = fakeScope();
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42]) await sw.push({ ...MESSAGE, url });
    expect(sw.shown.map((s) => (s.options.data as { url: string }).url)).toEqual(Array(5).fill(LIST_PATH));
    expect(portalPath('/hours')).toBe('/hours');
  });
});

describe('notificationclick', () => {
  it('focuses the portal’s window and opens the link in it (the focused one first), closing the notification', async () => {
    const sw = fakeScope([{ url: 'https://other.example/' }, { url: `${ORIGIN}/home` }, { url: `${ORIGIN}/planning`, focused: true }]);
    expect(await sw.click({ url: '/offers?offer=o1' })).toBe(true);
    expect(sw.clients.map((c) => c.calls)).toEqual([[], [], ['focus', `navigate ${ORIGIN}/offers?offer=o1`]]);
    expect(sw.opened).toEqual([]);
  });

  it('does not reload a window already at the link', async () => {
    const sw = fakeScope([{ url: `${ORIGIN}/hours` }]);
    await sw.click({ url: '/hours' });
    expect(sw.clients[0]!.calls).toEqual(['focus']);
  });

  it('opens a window at the link when none of the portal is open, and the list for a link from elsewhere', async () => {
    const sw = fakeScope([{ url: 'https://other.example/' }]);
    await sw.click({ url: '/planning' });
    await sw.click({ url: 'https://evil.example/' });
    await sw.click(null);
    expect(sw.opened).toEqual([`${ORIGIN}/planning`, `${ORIGIN}${LIST_PATH}`, `${ORIGIN}${LIST_PATH}`]);
  });
});
