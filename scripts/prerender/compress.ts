/**
 * Every text file of dist/ compressed once, at build time, beside the original: `x.js.br` (brotli, quality 11) and
 * `x.js.gz` (gzip, level 9), each kept only when smaller. The server sends the variant the browser accepts
 * (server/spa.ts), a plain web server does the same with `brotli_static`/`gzip_static` (docs/static-hosting.md):
 * nothing is compressed per request. docs/decisions/102-first-load-critical-path.md.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue; // .vite/: the build manifest, for the build's own checks
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(dist: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of files(dist)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gzip = gzipSync(raw, { level: 9 });
    totals.files++;
    totals.bytes += raw.length;
    if (brotli.length < raw.length) {
      writeFileSync(`${path}.br`, brotli);
      totals.brotli += brotli.length;
    }
    if (gzip.length < raw.length) {
      writeFileSync(`${path}.gz`, gzip);
      totals.gzip += gzip.length;
    }
  }
  return totals;
}
