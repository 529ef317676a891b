// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '../../src/ui/dialog.tsx';
import { Button } from '../../src/ui/button.tsx';
import { m } from '../../src/paraglide/messages.js';
import { Toaster } from '../../src/ui/toaster.tsx';
import { createToastStore } from '../../src/ui/toast-store.ts';

function Harness({ size, prepared }: { size?: 'normal' | 'large'; prepared?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{'Signer'}</Button>
      <Dialog
        open={open}
        prepared={prepared}
        onOpenChange={setOpen}
        size={size}
        title="Confirmer la signature"
        description="Deux missions sélectionnées"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {'Annuler'}
            </Button>
            <Button>{'Signer maintenant'}</Button>
          </>
        }
      >
        <p>{'2026-01-05 - M42'}</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a modal named by its title and described by its description', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Signer' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmer la signature' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Deux missions sélectionnées');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('is shown in the tap’s frame (focus inside, aria-modal), and made modal by the browser once that frame has painted', async () => {
    const showModal = vi.spyOn(window.HTMLDialogElement.prototype, 'showModal');
    render(<Harness />);
    act(() => screen.getByRole('button', { name: 'Signer' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Confirmer la signature' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(showModal).not.toHaveBeenCalled();
    await waitFor(() => expect(showModal).toHaveBeenCalledTimes(1));
    expect(dialog.contains(document.activeElement)).toBe(true);
    showModal.mockRestore();
  });

  it('prepared while closed: rendered but out of reach, with none of its effects; opens in place and is prepared again on close', async () => {
    const showModal = vi.spyOn(window.HTMLDialogElement.prototype, 'showModal');
    render(<Harness prepared />);
    const trigger = screen.getByRole('button', { name: 'Signer' });
    // There, hidden (its style), named hidden to tools that read no style, not modal, the focus left alone.
    const element = document.querySelector('dialog')!;
    expect(element.hasAttribute('open')).toBe(true);
    expect(element.hasAttribute('data-prepared')).toBe(true);
    expect(element.getAttribute('aria-hidden')).toBe('true');
    expect(element.hasAttribute('aria-modal')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Signer maintenant' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(showModal).not.toHaveBeenCalled();
    // Opened: the same element, now reachable, the focus in it, modal once its frames have painted.
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirmer la signature' });
    expect(dialog).toBe(element);
    expect(dialog.hasAttribute('data-prepared')).toBe(false);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(showModal).toHaveBeenCalledTimes(1));
    // Closed: prepared again (still `open`, hidden by its style, not modal), the focus back on the trigger.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('dialog')).toBe(element);
    expect(element.hasAttribute('open')).toBe(true);
    expect(element.hasAttribute('data-prepared')).toBe(true);
    expect(document.activeElement?.outerHTML).toBe(trigger.outerHTML);
    showModal.mockRestore();
  });

  it('closes with Escape, its close button or a Cancel button, and gives focus back to the trigger', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Signer' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: m.ui_close() }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the focus inside while open (Tab cycles)', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Signer' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('has a large size with its own layout', async () => {
    const { unmount } = render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Signer' }));
    const normal = screen.getByRole('dialog').className;
    unmount();
    render(<Harness size="large" />);
    await userEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(screen.getByRole('dialog').className).not.toBe(normal);
  });

  it('stays open when its owner refuses to close (say, while saving)', async () => {
    const asked: boolean[] = [];
    render(<Dialog open onOpenChange={(open) => asked.push(open)} title="Disponibilités de mai 2026" />);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: m.ui_close() }));
    expect(asked).toEqual([false, false]);
    expect((screen.getByRole('dialog', { name: 'Disponibilités de mai 2026' }) as HTMLDialogElement).open).toBe(true);
  });

  it('shows a toast raised while it is open inside itself (the page behind a modal is inert), and gives it back on close', async () => {
    const store = createToastStore();
    const { rerender } = render(
      <>
        <Dialog open onOpenChange={() => {}} title="Signature" />
        <Toaster store={store} />
      </>,
    );
    act(() => {
      store.show({ type: 'danger', text: 'Enregistrement refusé' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Signature' });
    expect(within(dialog).getAllByText(/Enregistrement refusé/).length).toBeGreaterThan(0);
    rerender(
      <>
        <Dialog open={false} onOpenChange={() => {}} title="Signature" />
        <Toaster store={store} />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText(/Enregistrement refusé/).length).toBeGreaterThan(0);
  });
});
