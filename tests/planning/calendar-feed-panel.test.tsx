// @vitest-environment jsdom
/**
 * The calendar feed's panel on the real machine, its actors controlled by the test: what the worker sees and where
 * the keyboard goes in each state (§12).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { calendarFeedMachine, type FeedAddress, type FeedStatus } from '../../machines/calendar-feed.machine.ts';
import { CalendarFeedPanel } from '../../src/features/planning/calendar-feed-panel.tsx';
import { qrPath } from '../../src/features/planning/feed-qr-code.tsx';
import { m } from '../../src/paraglide/messages.js';
import { ACTIVE, ADDRESS, NEW_ADDRESS, NONE } from '../machines/fixtures/calendar-feed.ts';

type Calls = {
  create: () => Promise<FeedAddress>;
  renew: () => Promise<FeedAddress>;
  revoke: () => Promise<void>;
  load: () => Promise<FeedStatus>;
  copy: (text: string) => Promise<void>;
};

function renderPanel(status: FeedStatus | null, calls: Partial<Calls> = {}) {
  const notify = vi.fn();
  const copy = vi.fn(calls.copy ?? (async () => {}));
  const logic = calendarFeedMachine.provide({
    actors: {
      loadFeed: fromPromise(calls.load ?? (async () => NONE)),
      createFeed: fromPromise(calls.create ?? (async () => ADDRESS)),
      renewFeed: fromPromise(calls.renew ?? (async () => NEW_ADDRESS)),
      revokeFeed: fromPromise(calls.revoke ?? (async () => {})),
      copyAddress: fromPromise<void, { text: string }>(({ input }) => copy(input.text)),
    },
    actions: { notify: (_, params) => notify(params) },
  });
  const actor = createActor(logic, { input: { status } }).start();
  render(<CalendarFeedPanel actor={actor} />);
  return { actor, notify, copy };
}

const button = (name: string) => screen.getByRole('button', { name });
/** What the panel says, read within its own region. */
const panelText = () => screen.getByRole('region', { name: m.calendarFeed_title() }).textContent ?? '';

describe('the calendar feed panel', () => {
  it('adds the feed: the address (focused) with its copy button, its webcal link and its QR code', async () => {
    const { copy } = renderPanel(NONE);
    expect(screen.getByRole('region', { name: m.calendarFeed_title() }).textContent).toContain(m.calendarFeed_intro());
    await userEvent.click(button(m.calendarFeed_add()));
    const field = await screen.findByRole('textbox', { name: m.calendarFeed_addressLabel() });
    expect((field as HTMLInputElement).value).toBe(ADDRESS.url);
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-describedby')).toBe('calendar-feed-address-hint');
    expect(screen.getByRole('link', { name: m.calendarFeed_openInApp() }).getAttribute('href')).toBe(ADDRESS.webcalUrl);
    // The QR code encodes the webcal address (drawn by the library the page loads lazily).
    const qr = await screen.findByRole('img', { name: m.calendarFeed_qrLabel() });
    expect(qr.querySelector('path')!.getAttribute('d')).toBe((await qrPath(ADDRESS.webcalUrl)).path);
    expect(qr.querySelector('path')!.getAttribute('d')).not.toBe((await qrPath(NEW_ADDRESS.webcalUrl)).path);
    expect(panelText()).toContain('Votre agenda est abonné à votre planning depuis le 14 mai 2026 à 10:02.');
    expect(panelText()).toContain(m.calendarFeed_neverRead());

    await userEvent.click(button(m.calendarFeed_copy()));
    expect(copy).toHaveBeenCalledWith(ADDRESS.url);
    expect((await screen.findByRole('status')).textContent).toBe(m.calendarFeed_copied());
  });

  it('when the browser refuses to copy, says so and selects the address to copy by hand', async () => {
    renderPanel(NONE, { copy: async () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    await userEvent.click(button(m.calendarFeed_add()));
    const field = (await screen.findByRole('textbox', { name: m.calendarFeed_addressLabel() })) as HTMLInputElement;
    await userEvent.click(button(m.calendarFeed_copy()));
    await waitFor(() => expect(panelText()).toContain(m.calendarFeed_copyFailed()));
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, ADDRESS.url.length]);
  });

  it('a worker back with an active feed: since when, last read, no address; a new one only after confirming', async () => {
    renderPanel(ACTIVE);
    expect(panelText()).toContain('Votre agenda est abonné à votre planning depuis le 2 avril 2026 à 19:45.');
    expect(panelText()).toContain('Dernière lecture par un agenda : le 14 mai 2026 à 09:00.');
    expect(panelText()).toContain(m.calendarFeed_hiddenAddress());
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(button(m.calendarFeed_renew()));
    expect(document.activeElement?.textContent).toBe(m.calendarFeed_confirmRenew());
    await userEvent.click(button(m.calendarFeed_keep()));
    expect(screen.queryByText(m.calendarFeed_confirmRenew())).toBeNull();
    expect(document.activeElement).toBe(button(m.calendarFeed_renew()));
    await userEvent.click(button(m.calendarFeed_renew()));
    await userEvent.click(button(m.calendarFeed_confirmRenewButton()));
    const field = await screen.findByRole('textbox', { name: m.calendarFeed_addressLabel() });
    expect((field as HTMLInputElement).value).toBe(NEW_ADDRESS.url);
    expect(document.activeElement).toBe(field);
  });

  it('stops the feed after confirming; the worker is told and lands on "Add to my calendar"', async () => {
    let finish = () => {};
    const { notify } = renderPanel(ACTIVE, { revoke: () => new Promise<void>((resolve) => (finish = resolve)) });
    await userEvent.click(button(m.calendarFeed_stop()));
    expect(document.activeElement?.textContent).toBe(m.calendarFeed_confirmStop());
    await userEvent.click(button(m.calendarFeed_confirmStopButton()));
    // Busy while the server stops it: focus stays on the button, which ignores clicks.
    expect(document.activeElement?.textContent).toContain(m.calendarFeed_stop());
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    await act(async () => finish());
    expect(notify).toHaveBeenCalledWith({ type: 'success', msg: 'calendarFeed_stopped' });
    expect(document.activeElement).toBe(button(m.calendarFeed_add()));
  });

  it('a failed call says so and leaves the feed as it was; a state that could not be read can be read again', async () => {
    renderPanel(ACTIVE, { revoke: async () => Promise.reject(new Error('500')) });
    await userEvent.click(button(m.calendarFeed_stop()));
    await userEvent.click(button(m.calendarFeed_confirmStopButton()));
    expect((await screen.findByRole('alert')).textContent).toBe(m.calendarFeed_revokeFailed());
    expect(button(m.calendarFeed_stop()).getAttribute('aria-disabled')).not.toBe('true');

    document.body.innerHTML = '';
    renderPanel(null, { load: async () => ACTIVE });
    expect(panelText()).toContain(m.calendarFeed_unknown());
    await userEvent.click(button(m.calendarFeed_retry()));
    await waitFor(() => expect(panelText()).toContain(m.calendarFeed_hiddenAddress()));
  });
});
