// The web app manifest and the icons the build writes (docs/decisions/103-installable.md): what an installability
// check reads (name in the worker's language, start URL, display, theme colour from the design tokens, icons 192 and
// 512 and a maskable one), and icons that really are PNGs of the sizes they are listed at, the maskable one with its
// drawing inside the safe circle.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { manifestFile, pageDocument } from '../../scripts/prerender/document.ts';
import { ICONS, drawIcon, faviconSvg, iconFiles } from '../../scripts/prerender/icons.ts';
import { webAppManifest } from '../../scripts/prerender/run.ts';
import { m } from '../../src/paraglide/messages.js';
import { tokens } from '../../src/styles/tokens.ts';

const texts = (locale: 'fr' | 'nl') => ({
  name: m.app_name({}, { locale }),
  shortName: m.manifest_shortName({}, { locale }),
  description: m.manifest_description({}, { locale }),
  shortcuts: { planning: m.nav_planning({}, { locale }), offers: m.nav_offers({}, { locale }), hours: m.nav_hours({}, { locale }) },
});

/** Width, height, bit depth and colour type of a PNG, and its pixels (RGBA, filter 0 rows as the build writes). */
function readPng(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idat = bytes.indexOf('IDAT');
  const raw = inflateSync(bytes.subarray(idat + 4, idat + 4 + bytes.readUInt32BE(idat - 4)));
  expect(raw.length).toBe((width * 4 + 1) * height);
  return { width, height, depth: bytes[24], colourType: bytes[25] };
}

describe('the web app manifest', () => {
  for (const locale of ['fr', 'nl'] as const) {
    it(`in ${locale}: named in the language, standalone from /home, the tokens' colours, icons 192, 512 and maskable`, () => {
      const manifest = webAppManifest(locale, texts(locale));
      expect(manifest).toMatchObject({
        id: '/home',
        name: m.app_name({}, { locale }),
        short_name: m.manifest_shortName({}, { locale }),
        lang: locale === 'fr' ? 'fr-BE' : 'nl-BE',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: tokens.color.primary,
        background_color: tokens.color.background,
      });
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons)
        expect(ICONS.some((file) => `/${file.file}` === icon.src && icon.sizes === `${file.shape.size}x${file.shape.size}`)).toBe(true);
    });
  }

  it("shortcuts to the worker's daily pages, named as the menu names them, each with an icon the build writes", () => {
    for (const locale of ['fr', 'nl'] as const) {
      const { shortcuts } = webAppManifest(locale, texts(locale));
      expect(shortcuts.map(({ name, url }) => [name, url])).toEqual([
        [m.nav_planning({}, { locale }), '/planning'],
        [m.nav_offers({}, { locale }), '/offers'],
        [m.nav_hours({}, { locale }), '/hours'],
      ]);
      for (const { icons } of shortcuts) {
        expect(icons).toHaveLength(1);
        expect(ICONS.some((file) => `/${file.file}` === icons[0]!.src && icons[0]!.sizes === `${file.shape.size}x${file.shape.size}`)).toBe(true);
      }
    }
  });

  it('the same app in both languages, with its own words in each', () => {
    const [fr, nl] = [webAppManifest('fr', texts('fr')), webAppManifest('nl', texts('nl'))];
    expect(fr.id).toBe(nl.id);
    expect(fr.name).not.toBe(nl.name);
    expect(fr.description).not.toBe(nl.description);
  });
});

describe('the icons', () => {
  const files = new Map(iconFiles().map(({ file, bytes }) => [file, bytes]));

  it('are 8-bit RGBA PNGs of the size each is listed at', () => {
    for (const icon of ICONS) {
      const png = readPng(files.get(icon.file) as Buffer);
      expect(png, icon.file).toEqual({ width: icon.shape.size, height: icon.shape.size, depth: 8, colourType: 6 });
    }
    expect(files.get('favicon.svg')).toBe(faviconSvg());
    expect(faviconSvg()).toContain(`fill="${tokens.color.primary}"`);
  });

  it('the maskable one is opaque to the corners and keeps its drawing inside the safe circle (80 %)', () => {
    const { shape } = ICONS.find((icon) => icon.purpose === 'maskable')!;
    const pixels = drawIcon(shape);
    const primary = [1, 3, 5].map((i) => parseInt(tokens.color.primary.slice(i, i + 2), 16));
    const half = shape.size / 2;
    const transparent: string[] = [];
    const inkOutside: string[] = [];
    let ink = 0;
    for (let y = 0; y < shape.size; y++) {
      for (let x = 0; x < shape.size; x++) {
        const at = (y * shape.size + x) * 4;
        if (pixels[at + 3] !== 255) transparent.push(`${x},${y}`);
        const isPrimary = pixels[at] === primary[0] && pixels[at + 1] === primary[1] && pixels[at + 2] === primary[2];
        if (!isPrimary) ink++;
        if (!isPrimary && Math.hypot(x + 0.5 - half, y + 0.5 - half) > 0.4 * shape.size) inkOutside.push(`${x},${y}`);
      }
    }
    expect(transparent).toEqual([]);
    expect(inkOutside).toEqual([]);
    // There is a drawing: a good share of the safe circle is ink.
    expect(ink / shape.size ** 2).toBeGreaterThan(0.1);
  });

  it('each page links them, the manifest of its language and the theme colour', () => {
    const html = pageDocument({
      locale: 'nl',
      title: 'x',
      css: '',
      load: { entry: 'assets/index.js', scripts: [], routeStyles: [], entryStyles: [] },
      rootAttributes: {},
      body: '',
    });
    expect(html).toContain(`<link rel="manifest" href="/${manifestFile('nl')}">`);
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain(`<meta name="theme-color" content="${tokens.color.primary}">`);
  });

  it("iOS's home-screen app: its own window, the system's status bar, the short name under the icon (escaped)", () => {
    const html = pageDocument({
      locale: 'fr',
      title: 'x',
      css: '',
      load: { entry: 'assets/index.js', scripts: [], routeStyles: [], entryStyles: [] },
      rootAttributes: {},
      body: '',
      appTitle: 'Intérim "&" <b>',
    });
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes">');
    expect(html).toContain('<meta name="apple-mobile-web-app-status-bar-style" content="default">');
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Intérim &quot;&amp;&quot; &lt;b>">');
  });
});
