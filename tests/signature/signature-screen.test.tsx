// @vitest-environment jsdom
/**
 * /user/manage-signature through the real route, actors, views and the lazily loaded pad (over a recording
 * canvas: jsdom paints nothing), with canned API answers: every state, the create button of a new account,
 * drawing and typing a signature, saving it (and the session reading its info again), cancel and failures.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_PNG } from '../machines/fixtures/signature.ts';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { FAKE_PNG, fakeContext } from './fake-canvas.ts';
import { cannedFetch, infoHandler, renderRoute, testApi, type Handlers } from './render-route.tsx';
import { descriptionOf } from '../support/dom.ts';

let ctx: ReturnType<typeof fakeContext>['ctx'];
beforeEach(() => {
  ctx = fakeContext().ctx;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => FAKE_PNG);
});
afterEach(() =>
  act(() => {
    toasts.clear();
    changeLocale('fr');
  }),
);

const signature = (status: 0 | 1 | 2 | 3) => ({ 'GET /user/me/signature': () => ({ json: { value: status ? STORED_PNG : null, status } }) });

async function open(handlers: Handlers, newAccount = false) {
  const canned = cannedFetch({ ...infoHandler({ newAccount, signatureStatus: 'none' }), ...handlers });
  const rendered = await renderRoute({ path: '/user/manage-signature', api: testApi(canned.fetch) });
  return { ...rendered, calls: canned.calls };
}

const dialog = () => screen.getByRole('dialog', { name: m.signature_dialogTitle() });
const saveButton = () => within(dialog()).getByRole('button', { name: m.signature_save() });
async function drawStroke() {
  const canvas = await within(dialog()).findByTestId('signature-pad');
  fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 10, clientY: 20, pressure: 0.5 });
  for (let x = 12; x < 120; x += 6) fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: x, clientY: 20 + (x % 30), pressure: 0.5 });
  fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 120, clientY: 40 });
}

describe('/user/manage-signature', () => {
  it('without a signature: the intro and the create button', async () => {
    await open(signature(0));
    expect(await screen.findAllByText(m.signature_intro())).toHaveLength(1);
    expect(screen.getByRole('button', { name: m.signature_createButton() })).toHaveProperty('disabled', false);
    expect(screen.queryByText(m.signature_newAccountNotice())).toBeNull();
    expect(screen.queryByRole('img', { name: m.signature_imageAlt() })).toBeNull();
  });

  it('a new account: the create button is disabled and the notice says why', async () => {
    await open(signature(0), true);
    const create = await screen.findByRole('button', { name: m.signature_createButton() });
    expect(create).toHaveProperty('disabled', true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toContain(m.signature_newAccountNotice());
  });

  it.each([
    [2, 'validated', 'success', m.signature_statusValidated],
    [1, 'pendingReview', 'info', m.signature_statusPendingReview],
    [3, 'rejected', 'warning', m.signature_statusRejected],
  ] as const)('status %i: the image, the %s status as a %s notice in words, modify, and the link to signing', async (status, view, banner, text) => {
    await open(signature(status));
    const notice = await waitFor(() => document.querySelector(`[data-signature-status="${view}"] [data-banner]`)!);
    expect(notice.getAttribute('data-banner')).toBe(banner);
    expect(notice.textContent).toContain(text());
    expect(screen.getByRole('img', { name: m.signature_imageAlt() }).getAttribute('src')).toBe(STORED_PNG);
    expect(screen.getByRole('button', { name: m.signature_modifyButton() })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: m.signature_signingLink() }).getAttribute('href')).toBe('/digital-signing');
  });

  it('a failed load says so and can be retried', async () => {
    let attempts = 0;
    await open({ 'GET /user/me/signature': () => (++attempts === 1 ? { status: 500 } : signature(2)['GET /user/me/signature']()) });
    const retry = await screen.findByRole('button', { name: m.signature_retry() });
    expect(retry.parentElement?.textContent).toContain(m.signature_loadFailed());
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: m.signature_modifyButton() })).toHaveProperty('disabled', false);
    expect(screen.queryByText(m.signature_loadFailed())).toBeNull();
  });

  it('draws in the dialog and saves the PNG: the toast, PendingReview, and the session reads its info again', async () => {
    const { calls } = await open({
      ...signature(0),
      'POST /user/me/update-signature': (call) => ({ json: { value: (call.body as { value: string }).value, status: 1 } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: m.signature_createButton() }));
    expect(within(dialog()).getByRole('button', { name: m.signature_cancel() })).toHaveProperty('disabled', false);
    await within(dialog()).findByRole('img', { name: m.signature_padLabel() });
    expect(saveButton()).toHaveProperty('disabled', true);
    expect(within(dialog()).getByRole('button', { name: m.signature_clear() })).toHaveProperty('disabled', true);
    await drawStroke();
    expect(saveButton()).toHaveProperty('disabled', false);
    const infoReads = calls.filter((c) => c.path === '/user/me/info').length;
    await userEvent.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/user/me/update-signature', body: { value: FAKE_PNG } }]);
    expect(toasts.getSnapshot().map((t) => ('key' in t ? t.key : t.text))).toEqual(['signature_signatureUpdated']);
    expect(document.querySelector('[data-signature-status="pendingReview"]')).toBeTruthy();
    expect(screen.getByRole('img', { name: m.signature_imageAlt() }).getAttribute('src')).toBe(FAKE_PNG);
    await waitFor(() => expect(calls.filter((c) => c.path === '/user/me/info').length).toBe(infoReads + 1));
    // The create button is gone; its successor takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: m.signature_modifyButton() })));
  });

  it('the keyboard way: typing the name paints it as the signature, offered from the account', async () => {
    const { calls } = await open({ ...signature(3), 'POST /user/me/update-signature': () => ({ json: { value: FAKE_PNG, status: 1 } }) });
    await userEvent.click(await screen.findByRole('button', { name: m.signature_modifyButton() }));
    const drawChoice = await within(dialog()).findByRole('radio', { name: m.signature_modeDraw() });
    await waitFor(() => expect(document.activeElement).toBe(drawChoice));
    await userEvent.click(within(dialog()).getByRole('radio', { name: m.signature_modeType() }));
    const name = within(dialog()).getByRole('textbox', { name: m.signature_typedNameLabel() });
    expect((name as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(descriptionOf(within(dialog()).getByRole('img', { name: m.signature_previewLabel() }))).toBe(m.signature_previewHint());
    await waitFor(() => expect(ctx.fillText).toHaveBeenLastCalledWith('Ada Lovelace', expect.any(Number), expect.any(Number), expect.any(Number)));
    await userEvent.clear(name);
    expect(saveButton()).toHaveProperty('disabled', true);
    await userEvent.type(name, 'A. Lovelace');
    await userEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('Clear empties the pad; Cancel closes the dialog, sends nothing and shows the signature as it was', async () => {
    const { calls } = await open(signature(2));
    await userEvent.click(await screen.findByRole('button', { name: m.signature_modifyButton() }));
    await drawStroke();
    await userEvent.click(within(dialog()).getByRole('button', { name: m.signature_clear() }));
    expect(saveButton()).toHaveProperty('disabled', true);
    await drawStroke();
    await userEvent.click(within(dialog()).getByRole('button', { name: m.signature_cancel() }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[data-signature-status="validated"]')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Opening again starts from an empty pad.
    await userEvent.click(screen.getByRole('button', { name: m.signature_modifyButton() }));
    await within(dialog()).findByTestId('signature-pad');
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('a failed save keeps the dialog and the drawing, and says so', async () => {
    const { calls } = await open({
      ...signature(0),
      'POST /user/me/update-signature': () => ({ status: 413, json: { code: 'payload_too_large', message: 'Trop grand.' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: m.signature_createButton() }));
    await drawStroke();
    await userEvent.click(saveButton());
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(m.signature_saveFailed());
    expect(saveButton()).toHaveProperty('disabled', false);
    expect(toasts.getSnapshot().map((t) => ('key' in t ? t.key : t.text))).toEqual(['Trop grand.']);
    await userEvent.click(saveButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
  });

  it('follows a language switch in place, the drawing kept', async () => {
    await open(signature(1));
    await userEvent.click(await screen.findByRole('button', { name: m.signature_modifyButton() }));
    await drawStroke();
    act(() => changeLocale('nl'));
    const nl = { locale: 'nl' } as const;
    const open_ = screen.getByRole('dialog', { name: m.signature_dialogTitle({}, nl) });
    expect(within(open_).getByRole('radio', { name: m.signature_modeDraw({}, nl) })).toHaveProperty('checked', true);
    expect(within(open_).getByRole('button', { name: m.signature_save({}, nl) })).toHaveProperty('disabled', false);
    expect(document.querySelector('[data-signature-status="pendingReview"]')?.textContent).toContain(m.signature_statusPendingReview({}, nl));
  });
});
