// @vitest-environment jsdom
/** The planning screen: exports with busy buttons, the list by day (upcoming, then past), empty and failed states. */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { PlanningItem } from '#domain/api-schema.ts';
import { PlanningScreen, type PlanningDownloads } from '../../src/features/planning/planning-screen.tsx';
import { groupPlanning } from '../../src/features/planning/group.ts';
import { m } from '../../src/paraglide/messages.js';

const NOW = new Date('2026-05-14T10:00:00Z');
const item = (mission: string, date: string, start: string, reference: string, extra: Partial<PlanningItem> = {}): PlanningItem => ({
  mission,
  date,
  start,
  end: '17:30',
  shortLocation: 'Expo',
  location1: 'Place de Belgique 1',
  location2: '1020 Bruxelles',
  reference,
  briefing: 'Tenue noire',
  status: 'planned',
  lastChange: null,
  absence: null,
  ...extra,
});
const ITEMS = [
  item('m3', '2026-05-20', '13:00', 'LATE'),
  item('m1', '2026-05-14', '09:00', 'TODAY'),
  item('m0', '2026-05-02', '08:00', 'PAST'),
  item('m2', '2026-05-20', '08:00', 'EARLY', { briefing: '', location2: '' }),
];

/** The screen inside a router (it links to /availabilities). */
async function renderScreen(
  items: readonly PlanningItem[] | null,
  downloads: PlanningDownloads = { planning: vi.fn(async () => 'planning.pdf'), planningCalendar: vi.fn(async () => 'planning.ics') },
) {
  const onRetry = vi.fn();
  const root = createRootRoute({ component: () => <PlanningScreen items={items} downloads={downloads} onRetry={onRetry} now={NOW} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/planning'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1, name: m.planning_title() });
  return { downloads, onRetry };
}

describe('groupPlanning', () => {
  it('upcoming days from today, earliest first, missions by start; past days latest first', () => {
    const { upcoming, past } = groupPlanning(ITEMS, '2026-05-14');
    expect(upcoming.map((d) => [d.date, d.items.map((i) => i.reference)])).toEqual([
      ['2026-05-14', ['TODAY']],
      ['2026-05-20', ['EARLY', 'LATE']],
    ]);
    expect(past.map((d) => d.date)).toEqual(['2026-05-02']);
  });
});

describe('the planning screen', () => {
  it('lists the missions by day with their place and briefing, and links to the whole month of availabilities', async () => {
    await renderScreen(ITEMS);
    const upcoming = screen.getByRole('region', { name: 'Missions à venir' });
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['jeudi 14 mai 2026', 'mercredi 20 mai 2026']);
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['09:00 – 17:30 · TODAY', '08:00 – 17:30 · EARLY', '13:00 – 17:30 · LATE']);
    const early = within(upcoming).getByRole('heading', { name: '08:00 – 17:30 · EARLY' }).closest('li')!;
    expect(early.textContent).toBe(
      '08:00 – 17:30 · EARLYPoser une questionLieu :ExpoAdresse :Place de Belgique 1Je ne peux pas venir (mission EARLY du mercredi 20 mai)',
    );
    expect(within(early).getByRole('link', { name: "Poser une question à l'agence sur 08:00 – 17:30 · EARLY" }).getAttribute('href')).toBe(
      '/conversations/new?kind=mission&id=m2',
    );
    const late = within(upcoming).getByRole('heading', { name: '13:00 – 17:30 · LATE' }).closest('li')!;
    expect(late.textContent).toContain('Consignes :Tenue noire');
    expect(within(screen.getByRole('region', { name: 'Missions passées' })).getByRole('heading', { level: 4 }).textContent).toBe('08:00 – 17:30 · PAST');
    expect(screen.getByRole('link', { name: m.planning_editWholeMonth() }).getAttribute('href')).toBe('/availabilities');
  });

  it('exports planning.pdf and planning.ics, each button busy while its file comes', async () => {
    let finish = () => {};
    const downloads = {
      planning: vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('planning.pdf')))),
      planningCalendar: vi.fn(async () => 'planning.ics'),
    };
    await renderScreen(ITEMS, downloads);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter le planning (PDF)' }));
    const busy = screen.getByRole('button', { name: /Exporter le planning/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(busy);
    expect(downloads.planning).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(busy.getAttribute('aria-busy')).toBeNull();
    const calendar = screen.getByRole('button', { name: 'Télécharger une copie (.ics)' });
    expect(calendar.getAttribute('aria-describedby')).toBe('planning-calendar-hint');
    await userEvent.click(calendar);
    expect(downloads.planningCalendar).toHaveBeenCalledTimes(1);
  });

  it('a failed export leaves the button usable again (the client already warned)', async () => {
    const downloads = { planning: vi.fn(async () => Promise.reject(new Error('404'))), planningCalendar: vi.fn(async () => 'planning.ics') };
    await renderScreen(ITEMS, downloads);
    await userEvent.click(screen.getByRole('button', { name: 'Exporter le planning (PDF)' }));
    expect(screen.getByRole('button', { name: 'Exporter le planning (PDF)' }).getAttribute('aria-busy')).toBeNull();
  });

  it('says when nothing is planned, and when the planning could not be read (with a retry)', async () => {
    await renderScreen([]);
    expect(screen.getAllByText(m.planning_empty())).toHaveLength(1);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: m.planning_retry() })).toBeNull();
  });

  it('offers to read the planning again when it failed', async () => {
    const { onRetry } = await renderScreen(null);
    const retry = screen.getByRole('button', { name: m.planning_retry() });
    expect(retry.parentElement?.textContent).toContain(m.planning_loadFailed());
    expect(screen.queryByText(m.planning_empty())).toBeNull();
    await userEvent.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('marks a changed mission and a cancelled one in words, says when, and what changed', async () => {
    const changed = item('m5', '2026-05-21', '10:00', 'MOVED', {
      lastChange: {
        at: '2026-05-13T12:05:00.000Z',
        kind: 'changed',
        changes: [
          { field: 'date', from: '2026-05-20', to: '2026-05-21' },
          { field: 'start', from: '09:00', to: '10:00' },
          { field: 'location2', from: '1020 Bruxelles', to: '' },
        ],
      },
    });
    const cancelled = item('m6', '2026-05-22', '08:00', 'DROPPED', {
      status: 'cancelled',
      lastChange: { at: '2026-05-14T07:30:00.000Z', kind: 'cancelled', changes: [{ field: 'status', from: 'planned', to: 'cancelled' }] },
    });
    await renderScreen([changed, cancelled, item('m7', '2026-05-23', '08:00', 'SAME')]);
    const headings = within(screen.getByRole('region', { name: 'Missions à venir' })).getAllByRole('heading', { level: 4 });
    expect(headings.map((h) => h.textContent)).toEqual(['Modifiée 10:00 – 17:30 · MOVED', 'Annulée 08:00 – 17:30 · DROPPED', '08:00 – 17:30 · SAME']);
    const moved = headings[0]!.closest('li')!;
    expect(moved.getAttribute('data-status')).toBe('planned');
    expect(moved.textContent).toContain("Modifiée par l'agence le 13 mai 2026 à 14:05 :");
    expect(
      within(moved)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['date : mer. 20 mai → jeu. 21 mai', 'début : 09:00 → 10:00', 'adresse (suite) : 1020 Bruxelles → (vide)']);
    const dropped = headings[1]!.closest('li')!;
    expect(dropped.getAttribute('data-status')).toBe('cancelled');
    expect(dropped.querySelector('s')?.textContent).toBe('08:00 – 17:30 · DROPPED');
    expect(dropped.textContent).toContain("Annulée par l'agence le 14 mai 2026 à 09:30.");
  });

  it('shows the calendar feed panel it is given, after the exports', async () => {
    const root = createRootRoute({
      component: () => (
        <PlanningScreen
          items={[]}
          downloads={{ planning: vi.fn(), planningCalendar: vi.fn() }}
          onRetry={vi.fn()}
          now={NOW}
          calendarFeed={<section aria-label="feed" />}
        />
      ),
    });
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/planning'] }) })} />);
    const feed = await screen.findByRole('region', { name: 'feed' });
    expect(screen.getByRole('button', { name: 'Télécharger une copie (.ics)' }).compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('with only past missions, says nothing is coming', async () => {
    await renderScreen([item('m0', '2026-05-02', '08:00', 'PAST')]);
    expect(screen.getByRole('region', { name: 'Missions à venir' }).textContent).toContain(m.planning_noUpcoming());
  });
});
