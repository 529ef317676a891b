/**
 * Server-side texts from messages/{fr,nl}.json (the keys the server owns: apiError_*, validation_*, mail_*,
 * pdf_*). Placeholders are `{name}`, as in paraglide's message format.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '#domain/constants.ts';
import type { Locale } from '#domain/api-schema.ts';

const load = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;

const catalogs: Record<Locale, Record<string, string>> = { fr: load('fr'), nl: load('nl') };

/** The text of `key` in `locale`; a missing key is a bug, shown as the key itself rather than crashing an answer. */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = catalogs[locale][key] ?? catalogs[DEFAULT_LOCALE][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The first of fr/nl in Accept-Language order of preference; French when neither is asked. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.lang ?? ''));
  return (found?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}
