/** The dev inspector's decision and buffering (src/dev/inspector.ts, docs/decisions/072-dev-inspector.md). */
import { describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { inspectOption, wantsInspector, withoutSecrets, type LoadedInspector } from '../../src/dev/inspector.ts';

const event = (n: number) => ({ type: '@xstate.event', n }) as unknown as InspectionEvent;

describe('wantsInspector', () => {
  it('is on only in development with inspect in the query', () => {
    expect(wantsInspector('?inspect', true)).toBe(true);
    expect(wantsInspector('?year=2026&inspect=1', true)).toBe(true);
    expect(wantsInspector('?inspect', false)).toBe(false);
    expect(wantsInspector('', true)).toBe(false);
    expect(wantsInspector('?inspector', true)).toBe(false);
  });
});

describe('inspectOption', () => {
  it('loads nothing and gives no option unless wanted', () => {
    const load = vi.fn<() => Promise<LoadedInspector>>();
    expect(inspectOption('?inspect', false, load)).toEqual({});
    expect(inspectOption('?other', true, load)).toEqual({});
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the inspector once wanted, and replays what actors reported before it loaded, in order', async () => {
    const received: unknown[] = [];
    let resolve!: (inspector: LoadedInspector) => void;
    const load = vi.fn(() => new Promise<LoadedInspector>((r) => (resolve = r)));
    const option = inspectOption('?inspect', true, load);
    expect(load).toHaveBeenCalledOnce();
    option.inspect!.next!(event(1));
    option.inspect!.next!(event(2));
    expect(received).toEqual([]);
    resolve({ inspect: { next: (e) => received.push(e) } });
    await Promise.resolve();
    option.inspect!.next!(event(3));
    expect(received).toEqual([event(1), event(2), event(3)]);
  });

  it('warns and keeps the app running when the inspector cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const option = inspectOption('?inspect', true, () => Promise.reject(new Error('offline')));
    option.inspect!.next!(event(1));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The Stately inspector could not load:', expect.any(Error)));
  });
});

describe('withoutSecrets', () => {
  it('hides passwords and tokens at any depth, and keeps the rest', () => {
    const login = { type: 'session.login', email: 'a@b.be', password: 'secret', nested: [{ user: { token: 't', locale: 'fr' } }] };
    expect(withoutSecrets(login)).toEqual({
      type: 'session.login',
      email: 'a@b.be',
      password: '[hidden]',
      nested: [{ user: { token: '[hidden]', locale: 'fr' } }],
    });
  });
});
