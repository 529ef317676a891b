// @vitest-environment jsdom
// The note of the kept copies (docs/decisions/241-kept-answers.md, 242-offline.md): "offline, as of" when the network
// could not be reached, "updated at" for a copy older than a minute waiting for the network, nothing otherwise.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { m } from '../../src/paraglide/messages.js';
import { KeptNote, keptTime } from '../../src/ui/kept-note.tsx';
import { createKeptNoteStore } from '../../src/ui/kept-note-store.ts';

const NOW = Date.parse('2026-12-03T13:40:00Z'); // 14:40 in Brussels
const live = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')!;

describe('the kept note', () => {
  it('says nothing while the copies on show are fresh, or younger than a minute', () => {
    const store = createKeptNoteStore();
    const { container } = render(<KeptNote store={store} now={() => NOW} />);
    expect(live(container).textContent).toBe('');
    act(() => store.kept('fr /api/user/me/info', NOW - 30_000));
    expect(live(container).textContent).toBe('');
  });

  it('"updated at" the oldest copy on show once older than a minute; nothing once the network answered', () => {
    const store = createKeptNoteStore();
    const { container } = render(<KeptNote store={store} now={() => NOW} />);
    act(() => {
      store.kept('a', NOW - 120_000);
      store.kept('b', NOW - 600_000);
    });
    expect(live(container).textContent).toBe(m.shell_keptUpdatedAt({ when: '14:30' }));
    act(() => store.fresh('b'));
    expect(live(container).textContent).toBe(m.shell_keptUpdatedAt({ when: '14:38' }));
    act(() => store.fresh('a'));
    expect(live(container).textContent).toBe('');
  });

  it('"offline, as of" whatever its age, marked; a new page starts without it', () => {
    const store = createKeptNoteStore();
    const { container } = render(<KeptNote store={store} now={() => NOW} />);
    act(() => store.offline('a', NOW - 10_000));
    expect(live(container).textContent).toBe(m.shell_keptOffline({ when: '14:39' }));
    expect(live(container).hasAttribute('data-offline')).toBe(true);
    act(() => store.newPage());
    expect(live(container).textContent).toBe('');
  });

  it('the day is said when the copy is not from today, in the interface language', () => {
    expect(keptTime(NOW - 3_600_000, NOW, 'fr')).toBe('13:40');
    // Belgian French writes 01/12, Belgian Dutch 1/12.
    expect(keptTime(Date.parse('2026-12-01T07:05:00Z'), NOW, 'fr')).toBe('01/12 08:05');
    expect(keptTime(Date.parse('2026-12-01T07:05:00Z'), NOW, 'nl')).toBe('1/12 08:05');
  });
});
