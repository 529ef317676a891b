// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyCspNonce } from '../../src/csp-nonce.ts';
import { DropdownMenu, DropdownMenuItem } from '../../src/ui/dropdown-menu.tsx';

describe('CSP nonce for injected styles', () => {
  it('ignores the placeholder of an unserved index.html', () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="__CSP_NONCE__">';
    expect(applyCspNonce()).toBeUndefined();
  });

  it("gives Radix's scroll-lock <style> (the user menu's) the page's nonce", async () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="r4nd0mN0nce==">';
    expect(applyCspNonce()).toBe('r4nd0mN0nce==');
    render(
      <DropdownMenu trigger="Ada Lovelace">
        <DropdownMenuItem>{'Se déconnecter'}</DropdownMenuItem>
      </DropdownMenu>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    const styles = [...document.querySelectorAll('style')].filter((s) => !s.hasAttribute('data-vite-dev-id') && !s.textContent?.includes('vanilla'));
    const injected = styles.filter((s) => s.textContent?.includes('overflow: hidden'));
    expect(injected.length).toBeGreaterThan(0);
    expect(injected.map((s) => s.getAttribute('nonce'))).toEqual(injected.map(() => 'r4nd0mN0nce=='));
  });
});
