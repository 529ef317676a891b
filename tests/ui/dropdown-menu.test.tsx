// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../src/ui/dropdown-menu.tsx';

function Menu({ onLogout }: { onLogout: () => void }) {
  return (
    <DropdownMenu trigger="Ada Lovelace">
      <DropdownMenuItem asChild>
        <a href="/user/reset-password">{'Changer le mot de passe'}</a>
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>{'Se déconnecter'}</DropdownMenuItem>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('opens from its button and lists its items as menu items (links stay links)', async () => {
    render(<Menu onLogout={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Changer le mot de passe', 'Se déconnecter']);
    expect(items[0]!.getAttribute('href')).toBe('/user/reset-password');
  });

  it('works with the keyboard: open, arrow down, Enter runs the action and closes', async () => {
    const onLogout = vi.fn();
    render(<Menu onLogout={onLogout} />);
    screen.getByRole('button', { name: 'Ada Lovelace' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Se déconnecter');
    await userEvent.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    render(<Menu onLogout={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('is not modal: the page stays reachable while it is open, and a click outside closes it', async () => {
    render(
      <>
        <main>
          <button type="button">{'Ailleurs'}</button>
        </main>
        <Menu onLogout={() => {}} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('button', { name: 'Ada Lovelace' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(0);
    // A modal menu would hide the rest with aria-hidden while leaving it focusable (axe: aria-hidden-focus), and the
    // role query below would not find the button.
    expect(screen.getByRole('main').closest('[aria-hidden="true"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ailleurs' }));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
