/**
 * Every Playwright spec must take `test` from e2e/fixtures.ts (docs/conventions.md): the security and
 * accessibility checks are auto fixtures there, so a spec that imports `test` from '@playwright/test' would
 * silently run without them. Types and `expect` may still come from '@playwright/test'.
 */
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@playwright\/test['"]/g;
const DEFAULT_OR_NAMESPACE = /import\s+(?!type\b)(\w+|\*\s+as\s+\w+)\s*(,\s*\{[^}]*\})?\s*from\s*['"]@playwright\/test['"]/;

/** Why `source` (a spec file's text) does not use the shared fixture, or null when it does. */
export function forbiddenTestImport(source: string): string | null {
  for (const match of source.matchAll(IMPORT)) {
    if (match[1]) continue; // `import type { … }`
    const runtime = match[2]!.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
    if (runtime.some((n) => n.split(/\s+as\s+/)[0] === 'test')) return "imports `test` from '@playwright/test'";
  }
  if (DEFAULT_OR_NAMESPACE.test(source)) return "imports '@playwright/test' as a whole";
  if (!/from\s*['"](?:\.\.?\/)+(?:[\w-]+\/)*fixtures\.ts['"]/.test(source)) return 'does not import from e2e/fixtures.ts';
  return null;
}
