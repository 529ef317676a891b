/**
 * Development-only code must not reach the production build (docs/decisions/072-dev-inspector.md): the Stately
 * inspector is loaded behind `import.meta.env.DEV`, and this finds any trace of it left in dist/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Strings only the inspector package or its loader carry. */
export const DEV_ONLY_MARKERS = ['@statelyai/inspect', 'statelyai', 'createBrowserInspector', 'stately.ai/inspect'] as const;

/** `<file>: <marker>` for every built text file that contains a marker. */
export function devOnlyTraces(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(js|mjs|css|html|json|map)$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const marker of DEV_ONLY_MARKERS) if (text.includes(marker)) found.push(`${relative(dir, path)}: ${marker}`);
      }
    }
  };
  visit(dir);
  return found;
}
