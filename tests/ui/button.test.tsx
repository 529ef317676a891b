// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../../src/ui/button.tsx';
import { m } from '../../src/paraglide/messages.js';

describe('Button', () => {
  it('is a plain button by default and calls onClick', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>{'Envoyer'}</Button>);
    const button = screen.getByRole('button', { name: 'Envoyer' });
    expect(button).toHaveProperty('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('gives each variant its own look', () => {
    render(
      <>
        <Button variant="primary">{'a'}</Button>
        <Button variant="secondary">{'b'}</Button>
        <Button variant="danger">{'c'}</Button>
        <Button variant="quiet">{'d'}</Button>
      </>,
    );
    const classes = screen.getAllByRole('button').map((b) => b.className);
    expect(new Set(classes).size).toBe(4);
  });

  it('while loading: says it is busy, stays focusable, ignores clicks and does not submit its form', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading onClick={onClick}>
          {'Enregistrer'}
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: `Enregistrer ${m.ui_busy()}` });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button).toHaveProperty('disabled', false);
    button.focus();
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form when not loading', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">{'Enregistrer'}</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
