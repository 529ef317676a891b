/**
 * French typography for the French PDFs (docs/decisions/137-documents-in-the-worker-language.md): a no-break space before ":" ";" "!" "?" (the
 * standard fonts' WinAnsi has no narrow no-break space, so U+00A0 stands for both), « » with no-break spaces for
 * straight double quotes, and the typographic apostrophe. A colon between digits (08:30) or before a slash
 * (https://) is not punctuation and is left alone. Dutch text is returned as it is.
 */
import type { Locale } from '#domain/api-schema.ts';

const NBSP = '\u00a0';

export function typeset(text: string, locale: Locale): string {
  if (locale !== 'fr') return text;
  return text
    .replace(/"([^"]*)"/g, (_, inner: string) => `«${NBSP}${inner.trim()}${NBSP}»`)
    .replace(/'/g, '\u2019')
    .replace(/[ \u00a0\u202f\u2009]*([;!?])/g, (whole, mark: string, offset: number) => (offset === 0 ? whole : `${NBSP}${mark}`))
    .replace(/(\S)[ \u00a0\u202f\u2009]*:(?=\s|$)/g, `$1${NBSP}:`);
}
