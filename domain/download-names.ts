/**
 * The one rule for the name of every file the portal hands over (docs/decisions/135-download-names.md): readable words in the
 * worker's language first (`contrat`, `loonbrief`…), then what identifies the document (a mission reference, a
 * date, a month), never an internal id. Safe characters only: ASCII letters, digits and dashes (accents dropped,
 * anything else becomes a dash), so every browser and file system keeps the name as it is. The server sets it in
 * Content-Disposition (with the RFC 6266 `filename*` form); the client saves under that name.
 */
export type DownloadExtension = 'pdf' | 'ics' | 'jpg' | 'png';

const slug = (part: string) =>
  part
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `words` (a message, e.g. "fiche de paie") then the `parts`, joined by dashes, at most 120 characters before the extension. */
export function downloadName(words: string, parts: ReadonlyArray<string | number>, extension: DownloadExtension): string {
  const base = [words, ...parts.map(String)]
    .map(slug)
    .filter((part) => part !== '')
    .join('-')
    .slice(0, 120)
    .replace(/-+$/, '');
  return `${base || 'document'}.${extension}`;
}

/** `YYYY-MM` of an ISO day (`2026-12-04` → `2026-12`). */
export const monthOfDay = (isoDay: string) => isoDay.slice(0, 7);
