// @vitest-environment jsdom
/**
 * Every word on screen is a message (the lint's jsx-no-literals is one layer; this is the rendered check):
 * the shell is rendered in every state (each route signed out, each session view of spec §6 with its user
 * menu open, banners, toasts of every type, the loading overlay), first in French, then switched to Dutch
 * through the language switcher. Every text node and every accessible-name attribute must equal a message of
 * the current language (placeholders match anything), punctuation, or user data (the username, a server text).
 * A text left in French after the switch fails too: a component that does not follow the language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, sessionViews } from '../support/render-app.tsx';
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { overlay } from '../../src/ui/overlay-store.ts';

const USER_DATA = new Set(['Ada Lovelace', 'Texte du serveur']);
const ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder', 'aria-roledescription', 'aria-valuetext'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function matchers(locale: Locale): RegExp[] {
  const json = JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>;
  return Object.entries(json)
    .filter(([key, value]) => key !== '$schema' && typeof value === 'string')
    .map(([, value]) => new RegExp(`^${escape((value as string).trim()).replace(/\\\{\w+\\\}/g, '.+')}$`, 's'));
}
const byLocale = { fr: matchers('fr'), nl: matchers('nl') };

/** The texts that are neither a message of `locale`, nor punctuation, nor user data. */
function strayTexts(locale: Locale): string[] {
  const isAllowed = (text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    return t === '' || /^[\p{P}\p{S}\s\d]+$/u.test(t) || USER_DATA.has(t) || byLocale[locale].some((re) => re.test(t));
  };
  const stray: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('style, script')) continue;
    if (!isAllowed(node.nodeValue ?? '')) stray.push(`text "${node.nodeValue}" in <${node.parentElement?.tagName.toLowerCase()}>`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value !== null && !isAllowed(value)) stray.push(`${name}="${value}" on <${element.tagName.toLowerCase()}>`);
    }
  }
  if (!isAllowed(document.title)) stray.push(`document.title "${document.title}"`);
  return stray;
}

const ROUTES = [
  '/home',
  '/login?emailValidationRequired&emailHasBeenValidated&passwordEdited',
  '/register',
  '/reset-password',
  '/policies',
  '/documents',
  '/employee-details',
  '/availabilities',
  '/user/reset-password',
  '/user/manage-signature',
  '/digital-signing',
  '/planning',
  '/impersonate',
  '/dummy',
  '/unknown',
];

async function checkBothLanguages() {
  expect(strayTexts('fr')).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: m.shell_languageNl() }));
  expect(document.documentElement.lang).toBe('nl');
  expect(strayTexts('nl')).toEqual([]);
}

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

describe('no literal text on screen', () => {
  it.each(ROUTES)('signed out, %s', async (path) => {
    await renderApp({ path });
    await checkBothLanguages();
  });

  it.each(sessionViews.filter((s) => s.view.signedIn))('$name, with the user menu open', async ({ view }) => {
    await renderApp({ path: '/home', view });
    await userEvent.click(await screen.findByRole('button', { name: `${m.shell_userMenu()} Ada Lovelace` }));
    expect(screen.getByRole('button', { name: `${m.shell_userMenu()} Ada Lovelace` }).getAttribute('aria-expanded')).toBe('true');
    expect(strayTexts('fr')).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: m.shell_languageNl() }));
    await userEvent.click(await screen.findByRole('button', { name: `${m.shell_userMenu({}, { locale: 'nl' })} Ada Lovelace` }));
    expect(strayTexts('nl')).toEqual([]);
  });

  it('with toasts of every type and the loading overlay', async () => {
    await renderApp({ path: '/home' });
    let release = () => {};
    act(() => {
      toasts.show({ type: 'success', key: 'auth_loggedIn' });
      toasts.show({ type: 'danger', key: 'error_generic' });
      toasts.show({ type: 'warning', key: 'general_policiesNotAgreedTo' });
      toasts.show({ type: 'info', text: 'Texte du serveur' });
      release = overlay.acquire();
    });
    expect(screen.getByTestId('loading-overlay').textContent).toBe(m.ui_loading());
    expect(strayTexts('fr')).toEqual([]);
    // Radix copies each new toast into a live region for one second (the announcement, already spoken):
    // let it go before switching, the toasts themselves must follow the language.
    await waitFor(() => expect(document.querySelectorAll('[role="status"][aria-live]')).toHaveLength(0), { timeout: 3000 });
    await checkBothLanguages();
    act(() => release());
  });

  it('catches a literal: the check fails on text that is not a message, and on French left after a switch', async () => {
    await renderApp({ path: '/home' });
    const stray = document.createElement('p');
    stray.textContent = 'Bienvenue';
    document.querySelector('main')!.append(stray);
    expect(strayTexts('fr')).toEqual(['text "Bienvenue" in <p>']);
    stray.textContent = m.home_title({}, { locale: 'fr' });
    expect(strayTexts('fr')).toEqual([]);
    expect(strayTexts('nl')).toContain(`text "${m.home_title({}, { locale: 'fr' })}" in <p>`);
    stray.remove();
  });
});
