// @vitest-environment jsdom
/**
 * The image picker of the wizard (src/features/details/image-field.tsx) in each of its states: empty, preparing,
 * chosen (thumbnail, size, replace, remove), on file (the server's image as a thumbnail, released when no longer
 * shown), refused, uploading, sent. No browser file input is visible or focusable: one real button opens it.
 * Axe checks the same states in Chromium (e2e/journeys/details-photos.spec.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createChosenImages } from '../../src/actors/details-files.ts';
import type { PrepareOutcome } from '../../src/actors/image-prepare-core.ts';
import { fileSize, ImageInput } from '../../src/features/details/image-field.tsx';
import { m } from '../../src/paraglide/messages.js';

const label = m.details_image_idFront();

function setup(options: { onFile?: boolean; optional?: boolean; error?: string } = {}) {
  let n = 0;
  const revoked: string[] = [];
  const answers: Array<(outcome: PrepareOutcome) => void> = [];
  const images = createChosenImages({
    urls: { createObjectURL: () => `blob:${++n}`, revokeObjectURL: (url) => revoked.push(url) },
    prepare: () => new Promise((resolve) => answers.push(resolve)),
    loadOnFile: async () => new Blob(['on file'], { type: 'image/jpeg' }),
    decode: () => Promise.resolve(),
  });
  const view = render(
    <ImageInput kind="id-front" images={images} onFile={options.onFile ?? false} error={options.error} optional={options.optional ?? false} busy={false} />,
  );
  const group = () => screen.getByRole('group', { name: label });
  const input = () => group().querySelector('input[type=file]') as HTMLInputElement;
  const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });
  const prepared = (kb: number): PrepareOutcome => ({ ok: true, blob: new Blob([new Uint8Array(kb * 1024)]), width: 2000, height: 1500 });
  return { images, view, group, input, choose, answers, prepared, revoked };
}
const status = () => screen.getByRole('status').textContent;

describe('the image picker', () => {
  it('empty: one real button that opens the hidden file input; the phone offers its camera or gallery', () => {
    const { input } = setup();
    const button = screen.getByRole('button', { name: `${m.details_image_choose()} ${label}` });
    expect(status()).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
    // The native input: not shown, not in the tab order, not read out; camera or gallery (no `capture`).
    expect([input().tabIndex, input().getAttribute('aria-hidden'), input().hasAttribute('capture')]).toEqual([-1, 'true', false]);
    expect(input().accept.split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/png', 'image/heic', 'image/webp']));
    const opened = vi.spyOn(input(), 'click').mockImplementation(() => {});
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-describedby')).toBe('details-image-id-front-hint');
  });

  it('chosen: preparing, then the thumbnail, the file name, the size sent, replace and remove', async () => {
    const { choose, answers, prepared, revoked, images } = setup();
    choose(new File(['raw'], 'IMG_0042.HEIC', { type: 'image/heic' }));
    expect(status()).toContain(m.details_image_chosen({ name: 'IMG_0042.HEIC' }));
    expect(status()).toContain(m.details_image_preparing());
    await act(async () => answers[0]!(prepared(410)));
    expect(status()).toContain(m.details_image_ready({ size: fileSize(410 * 1024) }));
    expect(screen.getByRole('img', { name: m.details_image_preview({ label }) }).getAttribute('src')).toBe('blob:1');
    expect((screen.getByRole('button', { name: `${m.details_image_replace()} ${label}` }) as HTMLButtonElement).disabled).toBe(false);
    // Sending: a labelled progress bar; then "sent", announced.
    act(() => images.uploading('id-front'));
    act(() => images.progress('id-front', 0.25));
    expect(screen.getByRole('progressbar', { name: m.details_image_progress({ label }) }).getAttribute('value')).toBe('25');
    expect(screen.queryByRole('button', { name: `${m.details_image_remove()} ${label}` })).toBeNull();
    act(() => images.uploaded('id-front'));
    expect(status()).toContain(m.details_image_uploaded());
    fireEvent.click(screen.getByRole('button', { name: `${m.details_image_remove()} ${label}` }));
    expect(status()).toBe('');
    expect(revoked).toEqual(['blob:1']);
  });

  it('on file: the image the server holds as a thumbnail, its object URL revoked when it is no longer shown', async () => {
    const { view, revoked } = setup({ onFile: true });
    expect(status()).toBe(m.details_image_onFile());
    const thumbnail = await screen.findByRole('img', { name: m.details_image_onFilePreview({ label }) });
    expect(thumbnail.getAttribute('src')).toBe('blob:1');
    expect((screen.getByRole('button', { name: `${m.details_image_replace()} ${label}` }) as HTMLButtonElement).disabled).toBe(false);
    view.unmount();
    expect(revoked).toEqual(['blob:1']);
  });

  it('refused: the reason is said (a polite live region), tied to the button, and the choice can be cleared', async () => {
    const { choose, answers } = setup({ error: 'Fichier illisible.' });
    const button = screen.getByRole('button', { name: `${m.details_image_choose()} ${label}` });
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe('details-image-id-front-hint details-image-id-front-error');
    const error = document.getElementById('details-image-id-front-error')!;
    expect(error.textContent).toContain('Fichier illisible.');
    expect(error.parentElement!.getAttribute('aria-live')).toBe('polite');
    choose(new File(['broken'], 'broken.jpg', { type: 'image/jpeg' }));
    await act(async () => answers[0]!({ ok: false, reason: 'unreadable' }));
    expect(status()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: `${m.details_image_remove()} ${label}` }));
  });
});

it('says sizes as a Belgian worker reads them', () => {
  const space = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  expect(
    [fileSize(410 * 1024, 'fr'), fileSize(410 * 1024, 'nl'), fileSize(5.25 * 1024 * 1024, 'fr'), fileSize(5.25 * 1024 * 1024, 'nl'), fileSize(10, 'fr')].map(
      space,
    ),
  ).toEqual(['410 ko', '410 kB', '5,3 Mo', '5,3 MB', '1 ko']);
});

describe('removing an optional image on file', () => {
  const driving = m.details_image_drivingFront();
  function withRemoval(removal: { can: boolean; status: 'confirming' | 'removing' | 'failed' | null }) {
    const images = createChosenImages({
      urls: { createObjectURL: () => 'blob:on-file', revokeObjectURL: () => {} },
      loadOnFile: async () => new Blob(['x']),
      decode: () => Promise.resolve(),
    });
    const send = vi.fn();
    const props = { kind: 'driving-front' as const, images, onFile: true, error: undefined, optional: true, busy: false };
    const view = render(<ImageInput {...props} removal={{ ...removal, send }} />);
    const rerender = (status: 'confirming' | 'removing' | 'failed' | null) => view.rerender(<ImageInput {...props} removal={{ can: true, status, send }} />);
    return { send, rerender };
  }
  const removeButton = () => screen.queryByRole('button', { name: `${m.details_image_removeOnFile()} ${driving}` });

  it('a remove button when the machine allows it, none otherwise; pressing it asks the machine', () => {
    const { send } = withRemoval({ can: true, status: null });
    fireEvent.click(removeButton()!);
    expect(send).toHaveBeenCalledWith({ type: 'wizard.removeImage', kind: 'driving-front' });
    cleanup();
    withRemoval({ can: false, status: null });
    expect(removeButton()).toBeNull();
  });

  it('asks first (the question takes the focus), then confirm or keep; the focus comes back to the card', () => {
    const { send, rerender } = withRemoval({ can: true, status: null });
    rerender('confirming');
    const question = screen.getByRole('group', { name: m.details_image_confirmRemove({ label: driving }) });
    expect(document.activeElement).toBe(question.querySelector('p'));
    expect(removeButton()).toBeNull();
    fireEvent.click(within(question).getByRole('button', { name: m.details_image_keep() }));
    fireEvent.click(within(question).getByRole('button', { name: m.details_image_confirmRemoveYes() }));
    expect(send.mock.calls.map(([event]) => event.type)).toEqual(['wizard.cancelRemoval', 'wizard.confirmRemoval']);
    rerender(null);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `${m.details_image_replace()} ${driving}` }));
  });

  it('a failed removal says the image is still on file and offers to try again', () => {
    const { send } = withRemoval({ can: true, status: 'failed' });
    expect(screen.getByRole('alert').textContent).toBe(m.details_image_removeFailed({ label: driving }));
    fireEvent.click(screen.getByRole('button', { name: m.details_retry() }));
    expect(send).toHaveBeenCalledWith({ type: 'wizard.confirmRemoval' });
  });
});
