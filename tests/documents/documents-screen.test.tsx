// @vitest-environment jsdom
/** The documents screen: the accordion's sections, the period forms, the contracts, payslips and fiscal years. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { ApiRequestError } from '../../src/api/errors.ts';
import { DocumentsScreen, type DocumentDownloads, type DocumentLists } from '../../src/features/documents/documents-screen.tsx';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { descriptionOf } from '../support/dom.ts';

const NOW = new Date('2026-05-14T10:00:00Z');
const LISTS: DocumentLists = {
  contracts: [
    { mission: 'm1', job: 'job-7', date: '2026-05-05', start: '09:00', end: '17:30', reference: 'EXPO-1', allowPrint: true },
    { mission: 'm2', job: 'job-7', date: '2026-05-06', start: '13:00', end: '21:00', reference: 'EXPO-2', allowPrint: false },
  ],
  payslips: ['payslip-202603-a', 'payslip-202604-b', 'payslip-202512-c'],
  fiscalYears: ['fiscal-2024-x', 'fiscal-2025-y'],
};

function downloads(overrides: Partial<DocumentDownloads> = {}): DocumentDownloads {
  return {
    workedDaysAttest: vi.fn(async () => 'a.pdf'),
    c4: vi.fn(async () => 'c4.pdf'),
    contract: vi.fn(async () => 'c.pdf'),
    legalDocument: vi.fn(async () => 'l.pdf'),
    ...overrides,
  };
}

const renderScreen = (lists = LISTS, d = downloads(), onRetry = vi.fn()) => ({
  ...render(<DocumentsScreen lists={lists} downloads={d} onRetry={onRetry} now={NOW} />),
  d,
  onRetry,
});
/** The screen inside a router, for the lists that link to a new question ("Ask about this"). */
async function renderRouted(lists = LISTS, d = downloads()) {
  const root = createRootRoute({ component: () => <DocumentsScreen lists={lists} downloads={d} onRetry={vi.fn()} now={NOW} /> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/documents'] }) })} />);
  await screen.findByRole('button', { name: 'Fiches de paie' });
  return { d };
}
const open = (name: string) => userEvent.click(screen.getByRole('button', { name }));

afterEach(() => act(() => changeLocale('fr')));

describe('the documents accordion', () => {
  it('has the six sections of spec §2, closed, as headings with buttons', () => {
    renderScreen();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Attestation de jours prestés',
      'C4 – certificat de chômage',
      'Contrats',
      'Fiches de paie',
      'Fiches fiscales',
      'Autres documents',
    ]);
    for (const button of screen.getAllByRole('button', { expanded: false })) expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('worked-days attest: defaults to the first day of the previous month and today, downloads that period with a busy button', async () => {
    let finish = () => {};
    const d = downloads({ workedDaysAttest: vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('a.pdf')))) });
    renderScreen(LISTS, d);
    await open('Attestation de jours prestés');
    expect((screen.getByLabelText('Date de début') as HTMLInputElement).value).toBe('2026-04-01');
    expect((screen.getByLabelText('Date de fin') as HTMLInputElement).value).toBe('2026-05-14');
    await userEvent.click(screen.getByRole('button', { name: "Télécharger l'attestation" }));
    expect(d.workedDaysAttest).toHaveBeenCalledWith('2026-04-01', '2026-05-14');
    const busy = screen.getByRole('button', { name: /Télécharger l'attestation/ });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(busy);
    expect(d.workedDaysAttest).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(busy.getAttribute('aria-busy')).toBeNull();
  });

  it('refuses an empty or reversed period with errors by the fields, focusing the first', async () => {
    const { d } = renderScreen();
    await open('Attestation de jours prestés');
    await userEvent.clear(screen.getByLabelText('Date de début'));
    await userEvent.click(screen.getByRole('button', { name: "Télécharger l'attestation" }));
    expect(screen.getByLabelText('Date de début').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText('Date de début'))).toContain('Ce champ est obligatoire.');
    expect(document.activeElement).toBe(screen.getByLabelText('Date de début'));
    await userEvent.type(screen.getByLabelText('Date de début'), '2026-05-20');
    await userEvent.click(screen.getByRole('button', { name: "Télécharger l'attestation" }));
    expect(descriptionOf(screen.getByLabelText('Date de fin'))).toContain('La date de fin doit suivre la date de début.');
    expect(document.activeElement).toBe(screen.getByLabelText('Date de fin'));
    expect(d.workedDaysAttest).not.toHaveBeenCalled();
  });

  it('C4: when the agency has none for the period, says so in place, with the dates', async () => {
    const c4 = vi
      .fn<DocumentDownloads['c4']>()
      .mockRejectedValueOnce(new ApiRequestError(404, 'no_c4_for_period', "Aucun C4 n'existe pour cette période.", 'client'))
      .mockRejectedValueOnce(new ApiRequestError(500, 'internal_error', 'x', 'server'));
    renderScreen(LISTS, downloads({ c4 }));
    await open('C4 – certificat de chômage');
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le C4' }));
    expect(screen.getByTestId('c4-status').textContent).toBe(
      "Il n'y a pas de C4 pour la période du 1 avril 2026 au 14 mai 2026 : aucun contrat ne s'est terminé pendant cette période.",
    );
    // Another failure (already toasted by the client) adds nothing in place.
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le C4' }));
    expect(c4).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('c4-status').textContent).toBe('');
  });

  it('contracts: date with start–end, reference, a download only where printing is allowed', async () => {
    const { d } = renderScreen();
    await open('Contrats');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['05/05/2026 09:00 – 17:30', 'EXPO-1', 'PDF'],
      ['06/05/2026 13:00 – 21:00', 'EXPO-2', "L'agence n'autorise pas l'impression de ce contrat"],
    ]);
    // The reason is shown, not only read to screen readers: no visually hidden part, nothing aria-hidden.
    const reason = within(rows[1]!).getByText("L'agence n'autorise pas l'impression de ce contrat");
    expect(reason.closest('[aria-hidden]')).toBeNull();
    expect(reason.className).not.toMatch(/visuallyHidden/);
    expect(rows[1]!.querySelector('[aria-hidden="true"]')).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Télécharger le contrat EXPO-1 (PDF)' }));
    expect(d.contract).toHaveBeenCalledWith('job-7', 'm1');
    expect(within(table).getAllByRole('button')).toHaveLength(1);
  });

  it('payslips by year then month in the interface language, fiscal years, each a download', async () => {
    const { d } = await renderRouted();
    await open('Fiches de paie');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['2026', '2025']);
    // Each payslip opens a new question about it (docs/decisions/270-conversations.md).
    expect(screen.getByRole('link', { name: "Poser une question à l'agence sur Télécharger la fiche de paie de mars 2026 (PDF)" }).getAttribute('href')).toBe(
      '/conversations/new?kind=document&id=payslip-202603-a',
    );
    expect(screen.getAllByRole('button', { name: /^Télécharger la fiche de paie/ }).map((b) => b.textContent)).toEqual(['avril', 'mars', 'décembre']);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger la fiche de paie de mars 2026 (PDF)' }));
    expect(d.legalDocument).toHaveBeenCalledWith('payslip-202603-a');
    act(() => changeLocale('nl'));
    expect(screen.getAllByRole('button', { name: /^Loonbrief van/ }).map((b) => b.textContent)).toEqual(['april', 'maart', 'december']);
    act(() => changeLocale('fr'));
    await open('Fiches fiscales');
    expect(screen.getAllByRole('button', { name: /fiche fiscale/ }).map((b) => b.textContent)).toEqual(['Fiche fiscale 2025', 'Fiche fiscale 2024']);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger la fiche fiscale 2024 (PDF)' }));
    expect(d.legalDocument).toHaveBeenLastCalledWith('fiscal-2024-x');
  });

  it('names from the agency back end with other prefixes are listed; a name without a readable period is listed apart, not dropped', async () => {
    const lists = { ...LISTS, payslips: ['loonbrief-202603-a', 'FP_1-202603-b', 'payslip-2026-x'], fiscalYears: ['attest281-2025-y', 'fiscal'] };
    const { d } = await renderRouted(lists);
    await open('Fiches de paie');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['2026', 'Documents sans période reconnue']);
    expect(screen.getAllByRole('button', { name: /^Télécharger la fiche de paie/ }).map((b) => b.textContent)).toEqual(['mars (1)', 'mars (2)']);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le document payslip-2026-x (PDF)' }));
    expect(d.legalDocument).toHaveBeenCalledWith('payslip-2026-x');
    await open('Fiches fiscales');
    expect(screen.getByRole('button', { name: 'Télécharger la fiche fiscale 2025 (PDF)' }).textContent).toBe('Fiche fiscale 2025');
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le document fiscal (PDF)' }));
    expect(d.legalDocument).toHaveBeenLastCalledWith('fiscal');
  });

  it('other documents: the two policies as PDFs in the interface language', async () => {
    renderScreen();
    await open('Autres documents');
    expect(screen.getByRole('link', { name: 'Politique de confidentialité (PDF)' }).getAttribute('href')).toBe('/policies/privacy-policy-fr.pdf');
    expect(screen.getByRole('link', { name: 'Règlement de travail (PDF)' }).getAttribute('href')).toBe('/policies/labour-regulations-fr.pdf');
    act(() => changeLocale('nl'));
    expect(screen.getByRole('link', { name: 'Privacybeleid (pdf)' }).getAttribute('href')).toBe('/policies/privacy-policy-nl.pdf');
    expect(screen.getByRole('link', { name: 'Arbeidsreglement (pdf)' }).getAttribute('href')).toBe('/policies/labour-regulations-nl.pdf');
  });

  it('empty lists say so; a list that could not be read offers to read again', async () => {
    const { onRetry } = renderScreen({ contracts: [], payslips: null, fiscalYears: [] });
    await open('Contrats');
    await open('Fiches de paie');
    await open('Fiches fiscales');
    expect(screen.getByRole('region', { name: 'Contrats' }).textContent).toBe(m.documents_noContracts());
    expect(screen.getByRole('region', { name: 'Fiches fiscales' }).textContent).toBe(m.documents_noFiscalYears());
    expect(screen.getByRole('region', { name: 'Fiches de paie' }).textContent).toContain(m.documents_listFailed());
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
