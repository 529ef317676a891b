/**
 * Saving a download as a file (spec §7). The PDF is fetched with the Bearer header like any call, then handed
 * to the browser as a Blob behind an object URL: the token never appears in a URL, and the file name is ours
 * (planning.pdf) or the server's Content-Disposition, cleaned.
 */

/** The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename=`). */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  return name ? safeFilename(name) : undefined;
}

/** No folders, no control characters, no leading dots: a name the browser saves as it is. */
function safeFilename(name: string): string | undefined {
  const base = name.split(/[/\\]/).at(-1) ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we remove
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return cleaned ? cleaned.slice(0, 200) : undefined;
}

export type SaveFile = (blob: Blob, filename: string) => void;

/** The browser's "save as": an `<a download>` on an object URL, clicked, then released. */
export const saveBlob: SaveFile = (blob, filename) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start reading the Blob before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};
