// @vitest-environment jsdom
/** The accessibility statement (/accessibility, §2.1): public, linked from the footer, complete in both languages. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { renderApp } from '../support/render-app.tsx';

describe.each(['fr', 'nl'] as Locale[])('the accessibility statement in %s', (locale) => {
  const o = { locale };

  it('is reachable signed out from the footer link, and states target, tests, gaps, contact and date', async () => {
    act(() => changeLocale(locale));
    await renderApp({ path: '/login' });
    const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: m.shell_accessibilityLink({}, o) });
    expect(link.getAttribute('href')).toBe('/accessibility');

    await act(async () => link.click());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.accessibility_title({}, o)));
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('WCAG 2.2');
    expect(main.textContent).toContain('AA');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining([m.accessibility_testedTitle, m.accessibility_gapsTitle, m.accessibility_contactTitle].map((title) => title({}, o))));
    const lists = within(main).getAllByRole('list');
    expect(within(lists[0]!).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(lists[1]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([m.accessibility_gapSignature({}, o), m.accessibility_gapPdf({}, o), m.accessibility_gapManual({}, o)]);
    expect(main.textContent).toContain(m.accessibility_contact({}, o));
    expect(main.textContent).toMatch(/2026/);
  });

  it('is shown signed in too (the route gate lets it through)', async () => {
    act(() => changeLocale(locale));
    await renderApp({ path: '/accessibility', view: { signedIn: true, username: 'Ada Lovelace', newAccount: true, statute: 1 } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.accessibility_title({}, o));
  });
});
