/** Whether dist/ must be (re)built: missing, or older than any source the build reads. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'messages', 'index.html', 'vite.config.ts', 'package.json', 'project.inlang/settings.json', 'public'];
// Written by the build itself (or by other commands): never a reason to rebuild.
const GENERATED = new Set(['paraglide', 'routeTree.gen.ts']);

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) if (!GENERATED.has(entry)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export function buildIsStale(root: string): boolean {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newest(join(root, source)) > built);
}
