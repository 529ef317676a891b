// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogClose } from '../../src/ui/dialog.tsx';
import { Button } from '../../src/ui/button.tsx';
import { m } from '../../src/paraglide/messages.js';

function Harness({ size }: { size?: 'normal' | 'large' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{'Signer'}</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size={size}
        title="Confirmer la signature"
        description="Deux missions sélectionnées"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{'Annuler'}</Button>
            </DialogClose>
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
});
