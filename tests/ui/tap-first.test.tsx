// @vitest-environment jsdom
/**
 * Links that answer the tap in its own frame (src/ui/tap-first.ts, docs/decisions/223-tap-answered-first.md): a
 * main-menu entry and a conversation of the list are marked at once, and the router renders their page once that
 * frame has painted. A click with a modifier stays the browser's (a new tab or window): nothing marks or navigates.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ConversationList } from '#domain/api-schema.ts';
import { HOME_ANSWERS, renderApp } from '../support/render-app.tsx';
import { m } from '../../src/paraglide/messages.js';

const approved = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };
const menu = () => screen.getByRole('navigation', { name: m.shell_mainNav() });

const CONVERSATION = 'c-payslip';
const list: ConversationList = {
  unread: 0,
  items: [
    {
      id: CONVERSATION,
      status: 'answered',
      subject: null,
      startedAt: '2027-03-01T09:00:00Z',
      lastMessageAt: '2027-03-01T10:00:00Z',
      lastAuthor: 'agency',
      preview: 'Bonjour, voici la réponse.',
      unread: false,
    },
  ],
};
const answers = { ...HOME_ANSWERS, 'GET /api/user/me/conversations': list, 'GET /api/user/me/agency-hours': null };

type Case = { name: string; from: string; to: string; link: () => HTMLAnchorElement | undefined };
const cases: Case[] = [
  {
    name: 'a main-menu entry',
    from: '/home',
    to: '/planning',
    link: () => [...menu().querySelectorAll('a')].find((a) => a.getAttribute('href') === '/planning'),
  },
  {
    name: 'a conversation of the list',
    from: '/conversations',
    to: `/conversations/${CONVERSATION}`,
    link: () => document.querySelector<HTMLAnchorElement>(`[data-conversation="${CONVERSATION}"] a`) ?? undefined,
  },
];

async function open({ from, link }: Case) {
  const app = await renderApp({ path: from, view: approved, answers });
  const found = await waitFor(() => {
    const a = link();
    if (!a) throw new Error(`no link on ${from}`);
    return a;
  });
  return { ...app, link: found };
}

afterEach(() => vi.restoreAllMocks());

describe.each(cases)('$name', (example) => {
  it('is marked in the tap’s frame, and the page follows once that frame has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { router, link } = await open(example);
    frames.length = 0;
    expect(fireEvent.click(link)).toBe(false);
    expect(link.dataset.tapped).toBe('true');
    expect(router.state.location.pathname).toBe(example.from);
    // The frame paints: the navigation starts in the task after it.
    for (const frame of frames.splice(0)) frame(performance.now());
    await waitFor(() => expect(router.state.location.pathname).toBe(example.to));
  });

  it('leaves a click with a modifier to the browser', async () => {
    const { router, link } = await open(example);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(link.dataset.tapped).toBeUndefined();
    expect(router.state.location.pathname).toBe(example.from);
  });
});

it('a menu entry, once its page is there, is the current page and no longer marked as tapped', async () => {
  const { router, link } = await open(cases[0]!);
  fireEvent.click(link);
  await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
  await waitFor(() => expect(link.dataset.tapped).toBeUndefined());
  expect(link.getAttribute('aria-current')).toBe('page');
});
