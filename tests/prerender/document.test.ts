// What a prerendered page's <head> names from Vite's build manifest (docs/decisions/102-first-load-critical-path.md):
// the entry, every chunk its routes import statically (transitively, once, imports first) as modulepreload, their
// stylesheets as preload, the entry's CSS and the route's CSS in the page's <style>; nothing of a lazy import.
import { describe, expect, it } from 'vitest';
import { classesWithoutStyle, firstLoad, pageDocument, styleHash, type BuildManifest } from '../../scripts/prerender/document.ts';

const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-e1.css'],
    dynamicImports: ['src/routes/login.tsx?tsr-split=component'],
  },
  '_react.js': { file: 'assets/react-r1.js' },
  '_form.js': { file: 'assets/form-f1.js', imports: ['_react.js', '_field.js'], css: ['assets/form-f1.css'] },
  '_field.js': { file: 'assets/field-d1.js', css: ['assets/field-d1.css'] },
  '_lazy.js': { file: 'assets/lazy-l1.js', css: ['assets/lazy-l1.css'] },
  'src/routes/login.tsx?tsr-split=component': { file: 'assets/login-l2.js', imports: ['_form.js'], dynamicImports: ['_lazy.js'], css: ['assets/login-l2.css'] },
  'src/routes/home.tsx?tsr-split=loader--component': { file: 'assets/home-h1.js', imports: ['_react.js'] },
};

describe('firstLoad', () => {
  it('a route: the entry, then its chunks and their static imports, imports first, once each; no lazy import', () => {
    expect(firstLoad(manifest, ['__root__', '/login'])).toEqual({
      entry: 'assets/index-e1.js',
      scripts: ['assets/react-r1.js', 'assets/field-d1.js', 'assets/form-f1.js', 'assets/login-l2.js'],
      entryStyles: ['assets/index-e1.css'],
      routeStyles: ['assets/field-d1.css', 'assets/form-f1.css', 'assets/login-l2.css'],
    });
  });

  it('a route whose chunk imports only what the entry has: just that chunk', () => {
    expect(firstLoad(manifest, ['__root__', '/home']).scripts).toEqual(['assets/react-r1.js', 'assets/home-h1.js']);
  });

  it('no route (the fallback frame): the entry alone', () => {
    expect(firstLoad(manifest, []).scripts).toEqual(['assets/react-r1.js']);
  });
});

describe('firstLoad with the app after the first paint (docs/decisions/215-paint-before-work.md)', () => {
  // The entry's chunk imports nothing; the app, a second entry, imports the shared chunk and the entry's.
  const split: BuildManifest = {
    'index.html': { file: 'assets/index-b1.js', isEntry: true, dynamicImports: ['src/app.tsx'] },
    'src/app.tsx': { file: 'assets/app-a1.js', isEntry: true, imports: ['_portal.js', 'index.html'] },
    '_portal.js': { file: 'assets/portal-p1.js', imports: ['index.html'], css: ['assets/portal-p1.css'] },
    'src/routes/home.tsx?tsr-split=loader--component': { file: 'assets/home-h1.js', imports: ['_portal.js'] },
  };

  it('the entry is the script, the app and what it imports are preloaded beside it, the app’s CSS in the page', () => {
    expect(firstLoad(split, ['__root__', '/home'])).toEqual({
      entry: 'assets/index-b1.js',
      scripts: ['assets/portal-p1.js', 'assets/app-a1.js', 'assets/home-h1.js'],
      entryStyles: ['assets/portal-p1.css'],
      routeStyles: [],
    });
  });
});

describe('pageDocument', () => {
  const load = firstLoad(manifest, ['__root__', '/login']);
  const html = pageDocument({
    locale: 'fr',
    title: 'Connexion – Portail',
    css: '.a{color:red}',
    load,
    rootAttributes: { 'data-page': '/login' },
    body: '<h1 class="a">Connexion</h1>',
  });

  it('names every file of the first load in <head>, in parallel with the entry', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
    for (const file of load.scripts) expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
    for (const file of load.routeStyles) expect(head).toContain(`<link rel="preload" as="style" crossorigin href="/${file}">`);
    expect(head).not.toContain('lazy-l1');
    expect(head).toContain('<style>.a{color:red}</style>');
    expect(html).toContain('<div id="root" data-page="/login"><h1 class="a">Connexion</h1></div>');
  });

  it('the CSP hash is the SHA-256 of the <style> text exactly', () => {
    expect(styleHash('.a{color:red}')).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(styleHash('.a{color:red}')).not.toBe(styleHash('.a{color:red} '));
  });

  it('refuses CSS that would close its element, and finds classes without a rule', () => {
    expect(() => pageDocument({ locale: 'fr', title: '', css: 'a{}</style><script>', load, rootAttributes: {}, body: '' })).toThrow();
    expect(classesWithoutStyle('<p class="a b active"></p>', '.a{}')).toEqual(['b']);
  });
});
