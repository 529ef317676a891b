/**
 * Every app actor reports to the dev inspector the one same way (docs/decisions/072-dev-inspector.md): each
 * `createActor(` / `useActorRef(` of src/ passes `...devInspect` in its options.
 */
import { readFileSync, readdirSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const sources = (readdirSync(SRC, { recursive: true, withFileTypes: true }) as Dirent[])
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts') && !e.parentPath.includes('paraglide'))
  .map((e) => join(e.parentPath, e.name));

/** Each actor creation call of a source, with whether its arguments spread devInspect. */
export function actorSites(source: string): Array<{ call: string; inspected: boolean }> {
  const sites: Array<{ call: string; inspected: boolean }> = [];
  for (const match of source.matchAll(/\b(createActor|useActorRef)\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')' && --depth === 0) break;
    }
    const call = source.slice(match.index, end + 1);
    sites.push({ call, inspected: call.includes('...devInspect') });
  }
  return sites;
}

describe('actor creation sites', () => {
  const sites = sources.flatMap((file) => actorSites(readFileSync(file, 'utf8')).map((site) => ({ file: relative(SRC, file), ...site })));

  it('are found (the app creates its session and the screens their actors)', () => {
    expect(sites.length).toBeGreaterThanOrEqual(10);
    expect(sites.map((s) => s.file)).toContain('main.tsx');
  });

  it('all pass ...devInspect', () => {
    expect(sites.filter((s) => !s.inspected && !s.file.startsWith('dev/'))).toEqual([]);
  });

  it('the check itself catches a site without it', () => {
    expect(actorSites('const a = useActorRef(logic, { input: f(x) }); const b = createActor(m, { ...devInspect }).start();')).toEqual([
      { call: 'useActorRef(logic, { input: f(x) })', inspected: false },
      { call: 'createActor(m, { ...devInspect })', inspected: true },
    ]);
  });
});
