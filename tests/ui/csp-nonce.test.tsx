// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { applyCspNonce } from '../../src/csp-nonce.ts';
import { Dialog } from '../../src/ui/dialog.tsx';

describe('CSP nonce for injected styles', () => {
  it('ignores the placeholder of an unserved index.html', () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="__CSP_NONCE__">';
    expect(applyCspNonce()).toBeUndefined();
  });

  it("gives Radix's scroll-lock <style> the page's nonce", () => {
    document.head.innerHTML = '<meta name="csp-nonce" content="r4nd0mN0nce==">';
    expect(applyCspNonce()).toBe('r4nd0mN0nce==');
    render(<Dialog open onOpenChange={() => {}} title="Signature" />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    const styles = [...document.querySelectorAll('style')].filter((s) => !s.hasAttribute('data-vite-dev-id') && !s.textContent?.includes('vanilla'));
    const injected = styles.filter((s) => s.textContent?.includes('overflow: hidden'));
    expect(injected.length).toBeGreaterThan(0);
    expect(injected.map((s) => s.getAttribute('nonce'))).toEqual(injected.map(() => 'r4nd0mN0nce=='));
  });
});
