// @vitest-environment jsdom
/**
 * The availability screen with controllable calls: the grid (names, keyboard), the day and month dialogs, saving
 * with the overlay and "saved at", a failed save keeping the edits, month moves and the URL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AvailabilityEdit, AvailabilityMonth, YearMonth } from '../../machines/availability.types.ts';
import type { AvailabilityCalls } from '../../src/actors/availability.ts';
import { AvailabilityScreen } from '../../src/features/availability/availability-screen.tsx';
import { useAvailabilityActor, type AvailabilityPage, type AvailabilitySearch } from '../../src/routes/-availability-actor.ts';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { overlay } from '../../src/ui/overlay-store.ts';
import { monthOf } from '../machines/fixtures/availability.ts';
import { descriptionOf } from '../support/dom.ts';

/** How many days a month grid shows (one button per day of the month). */
const daysIn = (grid: HTMLElement) => grid.querySelectorAll('button[data-day]').length;

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const deferred = <T,>(): Deferred<T> => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** Calls that answer at once from an in-memory store (mornings of even days available), or wait when asked. */
function fakeCalls() {
  const stored = new Map<string, AvailabilityMonth>();
  const month = (ym: YearMonth) => stored.get(`${ym.year}-${ym.month}`) ?? monthOf(ym);
  const loads: YearMonth[] = [];
  const saves: { month: YearMonth; edits: AvailabilityEdit[] }[] = [];
  let nextSave: Deferred<void> | null = null;
  const calls: AvailabilityCalls = {
    load: async (ym) => {
      loads.push(ym);
      return structuredClone(month(ym));
    },
    save: async (ym, edits) => {
      saves.push({ month: ym, edits });
      if (nextSave) await nextSave.promise;
      const data = structuredClone(month(ym));
      for (const edit of edits) for (const week of data.weeks) for (const d of week.days) if (d.day === edit.day) Object.assign(d, edit);
      stored.set(`${ym.year}-${ym.month}`, data);
    },
  };
  return { calls, loads, saves, holdNextSave: () => (nextSave = deferred<void>()) };
}

const NOW = () => new Date('2026-05-14T10:15:00Z');

/** The screen as its route starts it (src/routes/-availability-actor.ts), with the test's calls and clock. */
function Page(props: AvailabilityPage) {
  return <AvailabilityScreen {...useAvailabilityActor(props)} />;
}

function renderScreen(search: AvailabilitySearch = { year: 2026, month: 5 }, fake = fakeCalls()) {
  const navigateToMonth = vi.fn();
  const view = render(<Page calls={fake.calls} search={search} navigateToMonth={navigateToMonth} now={NOW} />);
  return {
    ...view,
    fake,
    navigateToMonth,
    rerenderAt: (s: AvailabilitySearch) => view.rerender(<Page calls={fake.calls} search={s} navigateToMonth={navigateToMonth} now={NOW} />),
  };
}

afterEach(() => act(() => changeLocale('fr')));

describe('the month grid', () => {
  it('shows Monday to Sunday plus the week number, each day named with its full date and available slots', async () => {
    renderScreen();
    const grid = await screen.findByRole('grid', { name: 'mai 2026 (05/2026)' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Sem.Semaine', 'lun.lundi', 'mar.mardi', 'mer.mercredi', 'jeu.jeudi', 'ven.vendredi', 'sam.samedi', 'dim.dimanche']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['18Semaine 18', '19Semaine 19', '20Semaine 20', '21Semaine 21', '22Semaine 22']);
    expect(within(grid).getByRole('button', { name: 'samedi 2 mai 2026, disponible : matin (passé)' }).getAttribute('data-day')).toBe('2');
    expect(within(grid).getByRole('button', { name: 'vendredi 1 mai 2026, aucune disponibilité (passé)' }).getAttribute('data-day')).toBe('1');
    expect(within(grid).getAllByRole('button')).toHaveLength(31);
  });
});

describe('today and the past days', () => {
  it('marks today (aria-current, its name says so, framed) and shows the days before it as past; another month has no today', async () => {
    const { rerenderAt } = renderScreen();
    const grid = await screen.findByRole('grid');
    const today = within(grid).getByRole('button', { name: "jeudi 14 mai 2026, disponible : matin (aujourd'hui)" });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(grid.querySelectorAll('[aria-current]')).toHaveLength(1);
    expect(within(grid).getByRole('button', { name: 'vendredi 15 mai 2026, aucune disponibilité' }).dataset.when).toBeUndefined();
    expect([...grid.querySelectorAll<HTMLElement>('button[data-when="past"]')].map((b) => Number(b.dataset.day))).toEqual(
      Array.from({ length: 13 }, (_, i) => i + 1),
    );
    expect(today.className).not.toBe(within(grid).getByRole('button', { name: /^vendredi 15 mai/ }).className);
    rerenderAt({ year: 2026, month: 6 });
    const june = await screen.findByRole('grid', { name: 'juin 2026 (06/2026)' });
    expect(june.querySelectorAll('[aria-current], [data-when]')).toHaveLength(0);
  });
});

describe('the keyboard', () => {
  it('moves between the days with the arrows (one tab stop), Home/End along the week, Enter opens the day', async () => {
    renderScreen();
    const grid = await screen.findByRole('grid');
    const day = (n: number) => grid.querySelector<HTMLButtonElement>(`button[data-day="${n}"]`)!;
    const tabStops = () => [...grid.querySelectorAll('button')].filter((b) => b.tabIndex === 0).map((b) => Number(b.dataset.day));
    expect(tabStops()).toEqual([14]); // today
    // The navigation and the go-to form come first: focus the grid's tab stop directly, as Tab would reach it.
    act(() => day(1).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day(2));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day(9));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(day(10));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(day(4));
    await userEvent.keyboard('{ArrowUp}'); // would leave the month: stays
    expect(document.activeElement).toBe(day(4));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(day(3));
    expect(tabStops()).toEqual([3]);
    await userEvent.keyboard('{Enter}');
    expect(((await screen.findByRole('dialog', { name: 'dimanche 3 mai 2026' })) as HTMLDialogElement).open).toBe(true);
  });

  it('stays in the month at its last day', async () => {
    renderScreen();
    const grid = await screen.findByRole('grid');
    act(() => grid.querySelector<HTMLButtonElement>('button[data-day="31"]')!.focus());
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('31');
  });
});

describe('editing a day', () => {
  it('saves with the overlay on, reloads, says "saved" with the date and time, and gives the focus back to the day', async () => {
    const { fake } = renderScreen();
    const grid = await screen.findByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: 'dimanche 3 mai 2026, aucune disponibilité (passé)' }));
    const dialog = await screen.findByRole('dialog', { name: 'dimanche 3 mai 2026' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Soir' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Soir' }) as HTMLInputElement).checked).toBe(true);
    const hold = fake.holdNextSave();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(overlay.isActive()).toBe(true);
    expect(
      within(dialog)
        .getByRole('button', { name: /Enregistrer/ })
        .getAttribute('aria-busy'),
    ).toBe('true');
    expect(fake.saves).toEqual([{ month: { year: 2026, month: 5 }, edits: [{ day: 3, morning: false, afternoon: false, evening: true }] }]);
    await act(async () => hold.resolve());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(overlay.isActive()).toBe(false);
    expect(fake.loads).toHaveLength(2);
    expect(screen.getByTestId('availability-saved').textContent).toBe('Enregistré le 14 mai 2026 à 12:15.');
    const day3 = within(grid).getByRole('button', { name: 'dimanche 3 mai 2026, disponible : soir (passé)' });
    await waitFor(() => expect(document.activeElement).toBe(day3));
  });

  it('a failed save keeps the dialog and its edits, says so, and can be saved again', async () => {
    const { fake } = renderScreen();
    const grid = await screen.findByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: /^samedi 2 mai 2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'samedi 2 mai 2026' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Après-midi' }));
    const save = fake.calls.save;
    fake.calls.save = async () => Promise.reject(new Error('422'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.availability_saveFailed());
    expect(overlay.isActive()).toBe(false);
    expect((within(dialog).getByRole('checkbox', { name: 'Matin' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Après-midi' }) as HTMLInputElement).checked).toBe(true);
    fake.calls.save = save;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(grid).getByRole('button', { name: 'samedi 2 mai 2026, disponible : matin et après-midi (passé)' }).getAttribute('data-day')).toBe('2');
  });

  it('cancel drops the edits', async () => {
    const { fake } = renderScreen();
    const grid = await screen.findByRole('grid');
    await userEvent.click(within(grid).getByRole('button', { name: /^dimanche 3 mai/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Matin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(grid).getByRole('button', { name: /^dimanche 3 mai/ }));
    expect((within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Matin' }) as HTMLInputElement).checked).toBe(false);
    expect(fake.saves).toEqual([]);
  });
});

describe('editing the month', () => {
  it('lists every day as a row of three named checkboxes and saves them all', async () => {
    const { fake } = renderScreen();
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Modifier tout le mois' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disponibilités de mai 2026 (05/2026)' });
    // Queried row by row: 93 accessible names at once is slow in jsdom.
    const row = (day: number) => within(dialog.querySelector<HTMLElement>(`tr[data-day="${day}"]`)!);
    expect(dialog.querySelectorAll('tbody tr')).toHaveLength(31);
    expect(dialog.querySelectorAll('input[type="checkbox"]')).toHaveLength(93);
    expect(row(31).getByRole('rowheader').textContent).toBe('dim. 31');
    expect((row(2).getByRole('checkbox', { name: 'Matin, samedi 2 mai 2026' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(row(1).getByRole('checkbox', { name: 'Après-midi, vendredi 1 mai 2026' }));
    await userEvent.click(row(2).getByRole('checkbox', { name: 'Matin, samedi 2 mai 2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fake.saves[0]!.edits;
    expect(sent).toHaveLength(31);
    expect(sent.slice(0, 3)).toEqual([
      { day: 1, morning: false, afternoon: true, evening: false },
      { day: 2, morning: false, afternoon: false, evening: false },
      { day: 3, morning: false, afternoon: false, evening: false },
    ]);
    expect(screen.getByTestId('availability-saved').textContent).toMatch(/^Enregistré le/);
  });
});

describe('the month editor shortcuts', () => {
  const openEditor = async (fake = fakeCalls()) => {
    renderScreen(undefined, fake);
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Modifier tout le mois' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disponibilités de mai 2026 (05/2026)' });
    const box = (day: number, slot: string) => dialog.querySelector<HTMLInputElement>(`tr[data-day="${day}"] [data-slot="${slot}"]`)!;
    return { dialog, box, fake };
  };

  it('every evening from today on, a whole week, pressed again to clear; past rows marked; nothing sent before Save', async () => {
    const { dialog, box, fake } = await openEditor();
    const bar = within(within(dialog).getByRole('group', { name: 'Raccourcis' }));
    expect(dialog.querySelector('tr[data-day="13"] th')!.textContent).toBe('mer. 13 (passé)');
    expect(dialog.querySelector('tr[data-day="14"] th')!.textContent).toBe('jeu. 14');
    const evenings = bar.getByRole('button', { name: 'Tous les soirs' });
    expect(evenings.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(evenings);
    expect([box(13, 'evening').checked, box(14, 'evening').checked, box(31, 'evening').checked]).toEqual([false, true, true]);
    expect(evenings.getAttribute('aria-pressed')).toBe('true');
    const week21 = bar.getByRole('button', { name: 'Toute la semaine 21, du 18 mai au 24 mai' });
    await userEvent.click(week21);
    expect([box(18, 'morning').checked, box(24, 'afternoon').checked, box(25, 'afternoon').checked]).toEqual([true, true, false]);
    expect(week21.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(week21);
    expect([box(18, 'morning').checked, box(18, 'evening').checked]).toEqual([false, false]);
    expect(bar.getByRole('button', { name: /^Toute la semaine 19,/ })).toHaveProperty('disabled', true); // 4–10 May: past
    expect(fake.saves).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fake.saves).toHaveLength(1));
    expect(fake.saves[0]!.edits.filter((e) => e.evening).map((e) => e.day)).toEqual([14, 15, 16, 17, 25, 26, 27, 28, 29, 30, 31]);
  });

  it('copies the previous month by weekday once it is read; a failed read says so and keeps the ticks', async () => {
    const fake = fakeCalls();
    const { dialog, box } = await openEditor(fake);
    const copy = within(dialog).getByRole('button', { name: 'Copier le mois précédent' });
    const load = fake.calls.load;
    fake.calls.load = async () => Promise.reject(new Error('500'));
    await userEvent.click(box(20, 'afternoon'));
    await userEvent.click(copy);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.availability_copyFailed());
    expect(box(20, 'afternoon').checked).toBe(true);
    fake.calls.load = load;
    await userEvent.click(copy);
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(fake.loads.at(-1)).toEqual({ year: 2026, month: 4 });
    // April: mornings of even days. 18 May, 3rd Monday ← 20 April; 25 May, 4th Monday ← 27 April; 2 May is past.
    expect([box(18, 'morning').checked, box(25, 'morning').checked, box(20, 'afternoon').checked, box(2, 'morning').checked]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(fake.saves).toEqual([]);
  });
});

describe('the month editor prepared while closed', () => {
  it('is out of reach until opened, and opens with the month as it now is: edits dropped on cancel, saves kept', async () => {
    renderScreen();
    await screen.findByRole('grid');
    // Prepared hidden: no dialog, no checkbox reachable by role, Tab or a screen reader.
    await waitFor(() => expect(document.querySelector('dialog tbody tr')).not.toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    const open = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Modifier tout le mois' }));
      return screen.findByRole('dialog', { name: 'Disponibilités de mai 2026 (05/2026)' });
    };
    const morningOf2 = (dialog: HTMLElement) => within(dialog).findByRole('checkbox', { name: 'Matin, samedi 2 mai 2026' }) as Promise<HTMLInputElement>;
    let dialog = await open();
    expect((await morningOf2(dialog)).checked).toBe(true);
    await userEvent.click(await morningOf2(dialog));
    expect((await morningOf2(dialog)).checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    dialog = await open();
    expect((await morningOf2(dialog)).checked).toBe(true);
    await userEvent.click(await morningOf2(dialog));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByTestId('availability-saved');
    dialog = await open();
    expect((await morningOf2(dialog)).checked).toBe(false);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(93);
  });

  it('prepares its shortcuts bar too; opened, the bar answers the open month and takes the focus as before', async () => {
    renderScreen();
    await screen.findByRole('grid');
    // Built while closed (its week labels' dates written then, not in the click), out of reach like the rows.
    await waitFor(() => expect(document.querySelector('dialog [data-testid="availability-shortcuts"]')).not.toBeNull());
    expect(screen.queryByRole('group', { name: 'Raccourcis' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tous les soirs' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Modifier tout le mois' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disponibilités de mai 2026 (05/2026)' });
    const bar = within(within(dialog).getByRole('group', { name: 'Raccourcis' }));
    const first = bar.getAllByRole('button')[0]!;
    expect(first).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(first);
    expect(bar.getByRole('button', { name: 'Toute la semaine 21, du 18 mai au 24 mai' })).toHaveProperty('disabled', false);
    expect(bar.getByRole('button', { name: /^Toute la semaine 19,/ })).toHaveProperty('disabled', true);
  });
});

describe('months and the URL', () => {
  it('previous and next go across years, each move asks the URL to follow', async () => {
    const { fake, navigateToMonth } = renderScreen({ year: 2026, month: 12 });
    await screen.findByRole('grid', { name: 'décembre 2026 (12/2026)' });
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant (01/2027)' }));
    expect(daysIn(await screen.findByRole('grid', { name: 'janvier 2027 (01/2027)' }))).toBe(31);
    expect(navigateToMonth).toHaveBeenLastCalledWith({ year: 2027, month: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Mois précédent (12/2026)' }));
    expect(daysIn(await screen.findByRole('grid', { name: 'décembre 2026 (12/2026)' }))).toBe(31);
    expect(fake.loads).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
      { year: 2026, month: 12 },
    ]);
  });

  it('follows a URL it did not ask for (Back, a link), and ignores the echo of its own moves', async () => {
    const { fake, navigateToMonth, rerenderAt } = renderScreen();
    await screen.findByRole('grid', { name: 'mai 2026 (05/2026)' });
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant (06/2026)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mois suivant (07/2026)' }));
    // The URL catches up late: first the June echo, then July. Neither moves the machine back.
    rerenderAt({ year: 2026, month: 6 });
    rerenderAt({ year: 2026, month: 7 });
    expect(daysIn(await screen.findByRole('grid', { name: 'juillet 2026 (07/2026)' }))).toBe(31);
    // Back to May in the browser.
    rerenderAt({ year: 2026, month: 5 });
    expect(daysIn(await screen.findByRole('grid', { name: 'mai 2026 (05/2026)' }))).toBe(31);
    expect(fake.loads.map((l) => l.month)).toEqual([5, 6, 7, 5]);
    expect(navigateToMonth.mock.calls.map(([ym]) => ym.month)).toEqual([6, 7]);
  });

  it('a jump through the form goes through the URL', async () => {
    const { navigateToMonth } = renderScreen();
    await screen.findByRole('grid');
    await userEvent.selectOptions(screen.getByLabelText('Mois'), '01 – janvier');
    await userEvent.clear(screen.getByLabelText('Année'));
    await userEvent.type(screen.getByLabelText('Année'), '2031');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(navigateToMonth).toHaveBeenCalledWith({ year: 2031, month: 1 });
    await userEvent.clear(screen.getByLabelText('Année'));
    await userEvent.type(screen.getByLabelText('Année'), '1999');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(descriptionOf(screen.getByLabelText('Année'))).toContain('Indiquez une année entre 2000 et 2100.');
    expect(navigateToMonth).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{}, 'mai 2026 (05/2026)'],
    [{ year: 2026, month: 13 }, 'mai 2026 (05/2026)'],
    [{ year: 1999, month: 3 }, 'mai 2026 (05/2026)'],
    [{ month: 2 }, 'février 2026 (02/2026)'],
    [{ year: 2030 }, 'mai 2030 (05/2030)'],
  ] as const)('the URL %j shows %s (missing or bad values fall back to the current month in Brussels)', async (search, name) => {
    renderScreen(search);
    expect(daysIn(await screen.findByRole('grid', { name }))).toBe(name.startsWith('février') ? 28 : 31);
  });

  it('a month that cannot be read says so and can be read again', async () => {
    const fake = fakeCalls();
    const load = fake.calls.load;
    fake.calls.load = async () => Promise.reject(new Error('500'));
    renderScreen(undefined, fake);
    expect((await screen.findByTestId('availability-load-failed')).textContent).toContain(m.availability_loadFailed());
    expect(screen.queryByRole('grid')).toBeNull();
    fake.calls.load = load;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(daysIn(await screen.findByRole('grid', { name: 'mai 2026 (05/2026)' }))).toBe(31);
    expect(screen.queryByTestId('availability-load-failed')).toBeNull();
  });
});

describe('languages', () => {
  it('reads in Dutch after a switch: weekdays, day names, slot letters', async () => {
    renderScreen();
    await screen.findByRole('grid');
    act(() => changeLocale('nl'));
    const grid = await screen.findByRole('grid', { name: 'mei 2026 (05/2026)' });
    expect(within(grid).getAllByRole('columnheader')[1]!.textContent).toBe('mamaandag');
    expect(within(grid).getByRole('button', { name: 'zaterdag 2 mei 2026, beschikbaar: ochtend (voorbij)' }).getAttribute('data-day')).toBe('2');
    const morning = grid.querySelector('button[data-day="2"] [data-slot="morning"]')!;
    // The letter is text; the tick of an available slot is drawn by the stylesheet (checked in e2e/model).
    expect(morning.textContent).toBe('O');
    expect(morning.getAttribute('data-available')).toBe('true');
    expect(screen.getByRole('button', { name: 'Hele maand wijzigen' })).toHaveProperty('disabled', false);
  });
});
