// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Banner } from '../../src/ui/banner.tsx';
import { Page } from '../../src/ui/page.tsx';
import { m } from '../../src/paraglide/messages.js';

describe('Banner', () => {
  it.each([
    ['success', m.ui_kindSuccess()],
    ['warning', m.ui_kindWarning()],
    ['info', m.ui_kindInfo()],
  ] as const)('%s says its type before its text', (type, prefix) => {
    render(<Banner type={type}>{'Votre mot de passe a été modifié.'}</Banner>);
    expect(screen.getByText('Votre mot de passe a été modifié.', { exact: false }).textContent).toBe(`${prefix} Votre mot de passe a été modifié.`);
  });
});

describe('Page', () => {
  // First in the file: the rule depends on whether a Page was shown before in this document.
  it('keeps the browser focus on the first page of a load, then focuses the heading of each new page', () => {
    const { unmount } = render(<Page title="Accueil" />);
    expect(document.activeElement).toBe(document.body);
    unmount();
    render(<Page title="Planning" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Planning' }));
  });

  it('leaves the focus in a menu or a dialog the worker opened while the page was loading', () => {
    for (const role of ['menu', 'dialog']) {
      const { unmount } = render(
        <div role={role}>
          <button type="button">{'Changer le mot de passe'}</button>
        </div>,
      );
      const item = screen.getByRole('button', { name: 'Changer le mot de passe' });
      item.focus();
      const page = render(<Page title="Accueil" focusOnMount />);
      expect(document.activeElement).toBe(item);
      page.unmount();
      unmount();
    }
    // Elsewhere (the link that was followed) the heading takes the focus.
    render(<button type="button">{'Accueil'}</button>);
    screen.getByRole('button', { name: 'Accueil' }).focus();
    render(<Page title="Planning" focusOnMount />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Planning' }));
  });

  it('renders the heading and sets the document title', () => {
    render(<Page title="Planning" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planning');
    expect(document.title).toBe(m.ui_documentTitle({ title: 'Planning' }));
  });

  it('says "Error:" first in the title while its form shows errors', () => {
    const { rerender } = render(<Page title="Connexion" hasErrors />);
    expect(document.title).toBe(m.ui_errorTitle({ title: m.ui_documentTitle({ title: 'Connexion' }) }));
    rerender(<Page title="Connexion" />);
    expect(document.title).toBe(m.ui_documentTitle({ title: 'Connexion' }));
  });
});
