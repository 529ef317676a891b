// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Toaster } from '../../src/ui/toaster.tsx';
import { createToastStore, MAX_TOASTS } from '../../src/ui/toast-store.ts';
import { TOAST_DURATION_MS } from '#domain/constants.ts';
import { m } from '../../src/paraglide/messages.js';

describe('Toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('show a message key in the interface language, with its type said to screen readers', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'success', key: 'auth_loggedIn' });
    });
    expect(screen.getAllByText(m.auth_loggedIn()).length).toBeGreaterThan(0);
    const description = screen.getAllByText(m.auth_loggedIn()).map((el) => el.textContent);
    expect(description).toContain(`${m.ui_kindSuccess()} ${m.auth_loggedIn()}`);
  });

  it('show a server text as it is', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'danger', text: 'Dit e-mailadres is al geregistreerd.' });
    });
    expect(screen.getAllByText('Dit e-mailadres is al geregistreerd.').length).toBeGreaterThan(0);
  });

  it(`hide themselves after ${TOAST_DURATION_MS} ms (not before)`, () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'warning', key: 'general_policiesNotAgreedTo' });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    });
    expect(store.getSnapshot()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(store.getSnapshot()).toHaveLength(0);
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.queryByText(m.general_policiesNotAgreedTo())).toBeNull();
  });

  it('close with their close button', async () => {
    vi.useRealTimers();
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ type: 'info', key: 'auth_loggedOut' });
    });
    await userEvent.click(screen.getByRole('button', { name: m.ui_close() }));
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('render each type differently', () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      (['success', 'danger', 'warning', 'info'] as const).forEach((type) => store.show({ type, text: type }));
    });
    const classes = (['success', 'danger', 'warning', 'info'] as const).map((type) => screen.getByText(type).closest('li')!.className);
    expect(new Set(classes).size).toBe(4);
  });

  it(`keep at most ${MAX_TOASTS} at once, dropping the oldest`, () => {
    const store = createToastStore();
    for (let i = 1; i <= MAX_TOASTS + 2; i += 1) store.show({ type: 'info', text: `t${i}` });
    expect(store.getSnapshot().map((t) => 'text' in t && t.text)).toEqual(['t3', 't4', 't5', 't6']);
  });
});
