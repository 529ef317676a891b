// @vitest-environment jsdom
/**
 * /digital-signing through the real route, actors and views, over canned API answers: each state of the
 * screen, the Sign button from the machine's can(), the counted comment, the confirmation dialog.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MISSIONS } from '../machines/fixtures/signing.ts';
import { ANNOUNCE_DELAY_MS } from '../../src/features/signing/comment-field.tsx';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { cannedFetch, infoHandler, renderRoute, testApi, type Handlers } from '../signature/render-route.tsx';
import { descriptionOf } from '../support/dom.ts';

/** The missions' own checkboxes ("select all" is one more). */
const missionBoxes = () => screen.queryAllByRole('checkbox').filter((box) => box.closest('li[data-mission]'));

afterEach(() =>
  act(() => {
    toasts.clear();
    changeLocale('fr');
  }),
);

const marked = (missions: string[]) => MISSIONS.filter((i) => missions.includes(i.mission)).map((i) => ({ ...i, signingRequested: true }));

async function open(handlers: Handlers, signatureStatus: 'none' | 'pending review' | 'validated' | 'rejected' = 'validated') {
  const canned = cannedFetch({ ...infoHandler({ signatureStatus }), ...handlers });
  const rendered = await renderRoute({ path: '/digital-signing', api: testApi(canned.fetch) });
  return { ...rendered, calls: canned.calls };
}
const listed = (handlers: Handlers = {}, status?: 'pending review') =>
  open({ 'GET /user/me/documents/documents-to-sign': () => ({ json: MISSIONS }), ...handlers }, status);
const signButton = () => screen.getByRole('button', { name: m.signing_signButton() });
const card = (reference: string) => screen.getByRole('checkbox', { name: new RegExp(reference) }).closest('li')!;

describe('/digital-signing', () => {
  it('without a valid signature: only the prompt, with a link to create one (the list is not even read)', async () => {
    const { calls } = await open({}, 'rejected');
    expect((await screen.findByText(m.signing_noSignature())).closest('[data-banner]')?.getAttribute('data-banner')).toBe('info');
    expect(screen.getByRole('link', { name: m.signing_createSignatureLink() }).getAttribute('href')).toBe('/user/manage-signature');
    expect(calls.map((c) => c.path)).not.toContain('/user/me/documents/documents-to-sign');
    expect(screen.queryByRole('button', { name: m.signing_signButton() })).toBeNull();
  });

  it('nothing to sign: the message and the link to modify the signature', async () => {
    await open({ 'GET /user/me/documents/documents-to-sign': () => ({ json: [] }) });
    expect(await screen.findAllByText(m.signing_nothingToSign())).toHaveLength(1);
    expect(screen.getByRole('link', { name: m.signing_modifySignatureLink() }).getAttribute('href')).toBe('/user/manage-signature');
    expect(screen.getAllByText(m.signing_intro())).toHaveLength(1);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: m.signing_signButton() })).toBeNull();
  });

  it('"select all" checks every listed mission, then none; the Sign bar counts them and Sign follows', async () => {
    const { calls } = await listed();
    await waitFor(() => expect(missionBoxes()).toHaveLength(3));
    const all = screen.getByRole('checkbox', { name: m.signing_selectAll() }) as HTMLInputElement;
    const bar = screen.getByTestId('signing-bar');
    expect(bar.textContent).toContain('Sélection : 0 sur 3');
    await userEvent.click(missionBoxes()[1]!);
    expect(all.checked).toBe(false);
    await userEvent.click(all);
    expect(missionBoxes().map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(all.checked).toBe(true);
    expect(bar.textContent).toContain('Sélection : 3 sur 3');
    expect(signButton()).toHaveProperty('disabled', false);
    await userEvent.click(all);
    expect(missionBoxes().map((box) => (box as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(signButton()).toHaveProperty('disabled', true);
    expect(calls.map((c) => c.path)).not.toContain('/user/me/documents/mark-for-signing');
  });

  it('a failed load says so and can be retried', async () => {
    let attempts = 0;
    await open({
      'GET /user/me/documents/documents-to-sign': () =>
        ++attempts === 1 ? { status: 500, json: { code: 'internal_error', message: 'x' } } : { json: MISSIONS },
    });
    const retry = await screen.findByRole('button', { name: m.signing_retry() });
    expect(retry.parentElement?.textContent).toContain(m.signing_loadFailed());
    await userEvent.click(retry);
    await waitFor(() => expect(missionBoxes()).toHaveLength(3));
    expect(screen.queryByText(m.signing_loadFailed())).toBeNull();
  });

  it('lists each mission with its date, times, reference, contract download, km only when not zero, and the forfait', async () => {
    await listed();
    const first = await screen.findByRole('checkbox', { name: m.signing_selectContract({ date: '1 avr. 2026', reference: 'EVT-2026-001' }) });
    expect((first as HTMLInputElement).checked).toBe(false);
    const noKm = card('EVT-2026-001');
    expect(noKm.textContent).toContain('08:00 – 16:30');
    expect(within(noKm).queryByText(m.signing_km())).toBeNull();
    expect(within(noKm).getByRole('button', { name: m.signing_downloadContract({ reference: 'EVT-2026-001' }) })).toHaveProperty('disabled', false);
    expect(card('EVT-2026-002').textContent).toContain('42 km');
    expect(card('EVT-2026-003').textContent).toContain('12,5 km');
    expect(screen.getByRole('region', { name: m.signing_listTitle() }).textContent).toContain(m.signing_forfait());
  });

  it('Sign is enabled only with at least one mission checked', async () => {
    await listed();
    await screen.findAllByRole('checkbox');
    expect(signButton()).toHaveProperty('disabled', true);
    expect(descriptionOf(signButton())).toBe(m.validation_signingSelection());
    const box = screen.getByRole('checkbox', { name: /EVT-2026-002/ });
    await userEvent.click(box);
    expect(signButton()).toHaveProperty('disabled', false);
    await userEvent.click(box);
    expect(signButton()).toHaveProperty('disabled', true);
  });

  it('counts the comment visibly, announces what is left once typing pauses, and stops at 250', async () => {
    await listed();
    const field = await within(await waitFor(() => card('EVT-2026-002'))).findByRole('textbox');
    expect(field.getAttribute('maxlength')).toBe('250');
    const live = card('EVT-2026-002').querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    await userEvent.type(field, '42 km');
    expect(within(card('EVT-2026-002')).getByTestId('comment-count').textContent).toBe(m.signing_commentCount({ used: 5, max: 250 }));
    await waitFor(() => expect(live.textContent).toBe(m.signing_commentRemaining({ remaining: 245 })), { timeout: ANNOUNCE_DELAY_MS + 1000 });
    // The other rows said nothing.
    expect(card('EVT-2026-001').querySelector('[aria-live="polite"]')!.textContent).toBe('');
  });

  it('confirms "date - reference" of the selected missions; Cancel keeps the selection; Sign sends them with their comments', async () => {
    const { calls } = await listed({ 'POST /user/me/documents/mark-for-signing': () => ({ json: marked(['m-101', 'm-103']) }) });
    await userEvent.click(await screen.findByRole('checkbox', { name: /EVT-2026-001/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /EVT-2026-003/ }));
    await userEvent.type(within(card('EVT-2026-003')).getByRole('textbox'), 'Fin à 17h00');
    await userEvent.click(signButton());
    let dialog = screen.getByRole('dialog', { name: m.signing_confirmTitle() });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['1 avr. 2026 - EVT-2026-001', '3 avr. 2026 - EVT-2026-003']);
    await userEvent.click(within(dialog).getByRole('button', { name: m.signing_cancel() }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('checkbox', { name: /EVT-2026-001/ }) as HTMLInputElement).checked).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(signButton());
    dialog = screen.getByRole('dialog', { name: m.signing_confirmTitle() });
    await userEvent.click(within(dialog).getByRole('button', { name: m.signing_confirmButton() }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      [
        { mission: 'm-101', comment: '' },
        { mission: 'm-103', comment: 'Fin à 17h00' },
      ],
    ]);
    expect(missionBoxes()).toHaveLength(1);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(m.signing_sent()));
    expect(signButton()).toHaveProperty('disabled', true);
  });

  it('a failed request keeps the dialog, the selection and the comment, and says so', async () => {
    const { calls } = await listed({
      'POST /user/me/documents/mark-for-signing': () => ({ status: 403, json: { code: 'signature_required', message: 'Signature requise.' } }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /EVT-2026-002/ }));
    await userEvent.type(within(card('EVT-2026-002')).getByRole('textbox'), 'Aller-retour');
    await userEvent.click(signButton());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: m.signing_confirmButton() }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.signing_submitFailed());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(toasts.getSnapshot().map((t) => ('text' in t ? t.text : t.key))).toEqual(['Signature requise.']);
    await userEvent.click(within(dialog).getByRole('button', { name: m.signing_cancel() }));
    expect((within(card('EVT-2026-002')).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Aller-retour');
    expect(missionBoxes()).toHaveLength(3);
  });

  it('a signature awaiting review: the list shows, Sign stays disabled and says why', async () => {
    await listed({}, 'pending review');
    expect((await screen.findByText(m.signing_awaitingApproval())).closest('[data-banner]')?.getAttribute('data-banner')).toBe('info');
    await userEvent.click(screen.getByRole('checkbox', { name: /EVT-2026-001/ }));
    expect(signButton()).toHaveProperty('disabled', true);
    expect(descriptionOf(signButton())).toBe(m.signing_signAfterApproval());
  });

  it('follows a language switch in place: words, dates and numbers, the selection kept', async () => {
    await listed();
    await userEvent.click(await screen.findByRole('checkbox', { name: /EVT-2026-003/ }));
    act(() => changeLocale('nl'));
    const nl = { locale: 'nl' } as const;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.signing_title({}, nl));
    const box = screen.getByRole('checkbox', { name: m.signing_selectContract({ date: '3 apr 2026', reference: 'EVT-2026-003' }, nl) });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(card('EVT-2026-003').textContent).toContain('12,5 km');
    expect(screen.getByRole('button', { name: m.signing_signButton({}, nl) })).toHaveProperty('disabled', false);
    expect(screen.queryByText(m.signing_forfait({}, { locale: 'fr' }))).toBeNull();
  });
});
