// @vitest-environment jsdom
// The absence screens in the states the browser journey does not reach (e2e/journeys/absence.spec.ts walks the
// report with a photo and the lost answers): a missing reason, a final refusal, a late certificate, a withdrawal
// refused once the mission started. The machine is the real one; its calls answer what each test says.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AbsenceReport } from '#domain/api-schema.ts';
import { absenceReceiptMachine } from '../../machines/absence-receipt.machine.ts';
import { absenceReportMachine } from '../../machines/absence-report.machine.ts';
import type { AbsenceReportInput, ReportRequest } from '../../machines/absence-report.types.ts';
import { pickerForParent, type ChosenCertificate } from '../../machines/certificate-picker.machine.ts';
import { AbsenceScreen } from '../../src/features/absence/absence-screen.tsx';
import { ALREADY_REPORTED, MISSION, MISSION_STARTED, REPORT_DUE, REPORT_LATE } from '../machines/fixtures/absence-report.ts';

type Calls = { sendReport?: () => Promise<AbsenceReport>; withdrawReport?: () => Promise<AbsenceReport> };
const never = () => new Promise<never>(() => {});

async function renderFlow(input: AbsenceReportInput, calls: Calls = {}) {
  // The app's composition (src/actors/absence-report.ts), the calls answered by the test.
  const certificatePicker = pickerForParent.provide({ actors: { prepareCertificate: fromPromise<ChosenCertificate, { file: Blob | null }>(never) } });
  const absenceReceipt = absenceReceiptMachine.provide({
    actors: {
      certificatePicker,
      uploadCertificate: fromPromise<AbsenceReport, { report: string; certificate: ChosenCertificate | null }>(never),
      withdrawReport: fromPromise<AbsenceReport, { report: string }>(calls.withdrawReport ?? never),
    },
  });
  const logic = absenceReportMachine.provide({
    actors: { certificatePicker, absenceReceipt, sendReport: fromPromise<AbsenceReport, ReportRequest>(calls.sendReport ?? never) },
  });
  const actor = createActor(logic, { input }).start();
  const root = createRootRoute({ component: () => <AbsenceScreen actor={actor} /> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/absence'] }) })} />);
  await screen.findByRole('heading', { level: 1, name: 'Je ne peux pas venir' });
  return actor;
}

describe('the absence flow', () => {
  it('asks for a reason before going on; another reason than sickness goes straight to the summary; a final refusal says so without a retry', async () => {
    await renderFlow({ mission: MISSION, report: null }, { sendReport: () => Promise.reject(ALREADY_REPORTED) });
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const reasons = screen.getByRole('group', { name: 'Pourquoi ne pouvez-vous pas venir ?' });
    expect(within(reasons).getByText('Choisissez une raison.').id).toBe(reasons.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Je suis malade' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Problème de transport' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const summary = screen.getByRole('heading', { name: "Vérifiez avant d'envoyer" });
    expect(document.activeElement).toBe(summary);
    expect(screen.getByRole('region', { name: 'Mission' }).textContent).toContain('ACCUEIL-GARE');
    expect(screen.getByText('(aucun message)')).not.toBeNull();
    expect(screen.queryByText('Certificat médical')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Une absence est déjà signalée pour cette mission : ce premier signalement reste valable.');
    expect(within(alert).queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});

describe('the receipt', () => {
  it('says to phone now, with the number as a tel: link; withdrawing asks first, the certificate still said and offered; cancelling keeps the report', async () => {
    await renderFlow({ mission: MISSION, report: REPORT_DUE });
    const notice = screen.getByRole('alert');
    expect(within(notice).getByRole('heading', { name: "Téléphonez aussi à l'agence, maintenant" })).not.toBeNull();
    expect(within(notice).getByRole('link', { name: "Appeler l'agence : +32 2 555 01 23" }).getAttribute('href')).toBe('tel:+3225550123');
    expect(screen.getByText(/^À envoyer au plus tard le mardi 30 mars\.$/)).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le signalement : je viendrai' }));
    expect(document.activeElement?.textContent).toBe("Retirer le signalement ? L'agence sera prévenue que vous venez.");
    // Asking changes nothing of the certificate: its line and its picker stay as they were.
    expect(screen.getByText(/^À envoyer au plus tard le mardi 30 mars\.$/)).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Prendre une photo ou choisir un fichier' })).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Non, garder le signalement' }));
    expect(screen.getByRole('button', { name: 'Retirer le signalement : je viendrai' })).not.toBeNull();
  });

  it('once the deadline passed, says to contact the agency; a withdrawal refused because the mission started cannot be retried', async () => {
    await renderFlow({ mission: MISSION, report: { ...REPORT_LATE, mustPhoneAgency: false } }, { withdrawReport: () => Promise.reject(MISSION_STARTED) });
    expect(screen.getByText("Le délai est passé sans certificat : contactez l'agence.")).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Prendre une photo ou choisir un fichier' })).toBeNull();
    expect(screen.queryByText(/Téléphonez aussi/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le signalement : je viendrai' }));
    await act(async () => userEvent.click(screen.getByRole('button', { name: 'Oui, je viendrai' })));
    expect((await screen.findByRole('alert')).textContent).toBe("La mission a commencé : le signalement ne peut plus être retiré. Téléphonez à l'agence.");
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});
