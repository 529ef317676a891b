/**
 * The docs (README.md and every docs/**\/*.md) name only what the repository holds, and lean on nothing outside it
 * (docs/decisions/235-docs-name-what-exists.md):
 * - every repository path a doc names exists: a tracked file, a folder holding tracked files, or what the build or a
 *   command makes (an entry of .gitignore, `dist/` say);
 * - no doc links or points outside the repository (`../shared/…`, `/work/…`), nor names a document kept outside it;
 * - no doc cites a tracker number, a § that is not a heading of docs/requirements.md, or a decision record that does
 *   not exist (the rule the lint applies to comments, scripts/lib/comment-references.js).
 * Each check is shown to fire on a bad sample.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentProblems, projectReferences } from '../../scripts/lib/comment-references.js';

/** The files git tracks, from the project root. */
const tracked = (): string[] =>
  execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && existsSync(file));

type Repository = {
  /** Tracked files and every folder above one (`src/routes/` is there as `src/routes`). */
  has: (path: string) => boolean;
  /** The first segments of the tracked paths and of what is made: `src`, `docs`, `package.json`, `dist`… */
  roots: ReadonlySet<string>;
  /** What the build or a command makes, from .gitignore: `dist/…`, `src/paraglide/…`, a `node_modules` anywhere. */
  isMade: (path: string) => boolean;
  /** A decision record named by its number (`docs/decisions/170`), as the house writes it: one exists. */
  isRecord: (path: string) => boolean;
};

function repository(files: readonly string[], gitignore: string): Repository {
  const entries = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i <= parts.length; i++) entries.add(parts.slice(0, i).join('/'));
  }
  const made = gitignore
    .split('\n')
    .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('*'));
  const roots = new Set([...files, ...made].map((path) => path.split('/')[0]!));
  // A .gitignore entry without a slash inside matches at any depth (`node_modules`), one with a slash from the root.
  const isMade = (path: string) =>
    made.some((entry) => (entry.includes('/') ? path === entry || path.startsWith(`${entry}/`) : `/${path}/`.includes(`/${entry}/`)));
  const records = files.flatMap((file) => /^docs\/decisions\/(\d{3})-/.exec(file)?.[1] ?? []);
  const isRecord = (path: string) => records.includes(/^docs\/decisions\/(\d{3})$/.exec(path)?.[1] ?? '');
  return { has: (path) => entries.has(path), roots, isMade, isRecord };
}

/** A pattern, not a path: a placeholder (`<flow>`, `NNN`, `…`), a glob (`*`, `{a,b}`) or a variable (`$PORT`). */
const PATTERN = /[<>*…{}$]|NNN|\bYYYY\b/;
/** The characters a path of this repository is written with. */
const PATH_CHARS = String.raw`[\w.@+/-]`;

export type Named = { path: string; line: number; how: 'code' | 'link' | 'text' };

/**
 * The repository paths a Markdown text names, as `doc` (its path from the root) holds them:
 * - a link's target (`[words](target)`), relative to the doc's folder unless it is an address (`https:`, `mailto:`)
 *   or an anchor; a target that leaves the repository is kept as it resolves (`../…`), for the check to refuse;
 * - any other run of path characters that starts a word, inside code or not, whose first segment is one of the
 *   repository's top-level entries followed by `/` (`src/routes/`, `tests/docs/x.test.ts`) or is a top-level file
 *   itself (`openapi.yaml`); and any run that starts with `../` or `/work/` (outside the repository: such a path is
 *   written from the repository's root, as every path outside a link is).
 * Trailing punctuation is not part of a path; a `:12` line number or a `#anchor` is dropped; patterns are skipped.
 */
export function namedPaths(doc: string, text: string, roots: ReadonlySet<string>): Named[] {
  const found: Named[] = [];
  const lines = text.split('\n');
  lines.forEach((content, index) => {
    const line = index + 1;
    const links = [...content.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)];
    for (const link of links) {
      const target = link[1]!.split('#')[0]!;
      if (target === '' || /^[a-z][a-z+.-]*:/i.test(target) || PATTERN.test(target)) continue;
      const resolved = normalize(join(dirname(doc), target)).replace(/\\/g, '/');
      found.push({ path: resolved, line, how: 'link' });
    }
    // The rest of the line, links taken out whole (their targets are read above, relative to the doc; a link's words
    // are relative like its target).
    const prose = content.replace(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, ' ');
    for (const match of prose.matchAll(new RegExp(String.raw`(^|[\s\`(\["'])((?:\.\./|/work/)?${PATH_CHARS}+)`, 'g'))) {
      const inCode = match[1] === '`';
      let path = match[2]!.replace(/[.,;:)]+$/, '').replace(/:\d+$/, '');
      if (PATTERN.test(match[0]) || PATTERN.test(prose.slice(match.index! + match[0].length, match.index! + match[0].length + 1))) continue;
      // Written in code or prose, a path is the repository's (from its root): one that climbs out is outside it.
      if (path.startsWith('../') || path.startsWith('/work/')) {
        found.push({ path, line, how: inCode ? 'code' : 'text' });
        continue;
      }
      const first = path.split('/')[0]!;
      const isFolderPath = path.includes('/') && roots.has(first) && !first.includes('.');
      const isRootFile = !path.includes('/') && first.includes('.') && roots.has(first);
      if (!isFolderPath && !isRootFile) continue;
      path = path.replace(/\/+$/, '');
      found.push({ path, line, how: inCode ? 'code' : 'text' });
    }
  });
  return found;
}

/** `doc:line: problem` for each path a doc names that is not in the repository. */
export function deadPaths(doc: string, text: string, repo: Repository): string[] {
  return namedPaths(doc, text, repo.roots).flatMap(({ path, line }) => {
    const where = `${doc}:${line}`;
    if (path.startsWith('..') || path.startsWith('/')) return [`${where}: "${path}" is outside the repository: bring in what is needed, or say it in words`];
    if (repo.has(path) || repo.isMade(path) || repo.isRecord(path)) return [];
    return [`${where}: "${path}" does not exist`];
  });
}

/** Documents kept outside the repository, however a doc names them. */
const OUTSIDE = /(?<![\w/-])(?:DESIGN|STACK|spec)\.md\b|(?<![\w/-])notes\/[\w-]+\.md\b/g;

/** `doc:line: problem` for a document outside the repository, a tracker number, a missing § or record. */
export function citationProblems(doc: string, text: string, known = projectReferences()): string[] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  return [
    ...[...text.matchAll(OUTSIDE)].map((m) => ({ index: m.index!, message: `"${m[0]}" is kept outside the repository: cite what the repository says of it` })),
    ...commentProblems(text, known),
  ]
    .sort((a, b) => a.index - b.index)
    .map((problem) => `${doc}:${lineOf(problem.index)}: ${problem.message}`);
}

const DOCS = (files: readonly string[]) => files.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));

describe('the docs name what the repository holds', () => {
  const files = tracked();
  const repo = repository(files, readFileSync('.gitignore', 'utf8'));

  it('every path a doc names exists, and none leads outside the repository', () => {
    expect(DOCS(files).flatMap((doc) => deadPaths(doc, readFileSync(doc, 'utf8'), repo))).toEqual([]);
  });

  it('no doc cites a document outside the repository, a tracker number, a missing § or a missing record', () => {
    expect(DOCS(files).flatMap((doc) => citationProblems(doc, readFileSync(doc, 'utf8')))).toEqual([]);
  });
});

describe('each check fires on a bad sample', () => {
  const repo = repository(
    ['src/routes/login.tsx', 'docs/decisions/README.md', 'docs/decisions/030-session-machine.md', 'openapi.yaml'],
    'dist/\nsrc/paraglide/\nnode_modules/\n*.log\n',
  );

  it('finds the paths a doc names, and only them', () => {
    const sample = [
      'See `src/routes/login.tsx` and src/routes/, [the index](030-session-machine.md), [up](../decisions/README.md#top).',
      'Not paths: `machines/<flow>.machine.ts`, `docs/decisions/NNN-title.md`, tests/**/x.ts, http://host/src/x, srcx/y, `npm test`.',
      'The contract is openapi.yaml; the build writes `dist/login.html`; `src/routes/login.tsx:12` is a line.',
    ].join('\n');
    expect(namedPaths('docs/decisions/x.md', sample, repo.roots).map((named) => `${named.line} ${named.how} ${named.path}`)).toEqual([
      '1 link docs/decisions/030-session-machine.md',
      '1 link docs/decisions/README.md',
      '1 code src/routes/login.tsx',
      '1 text src/routes',
      '3 text openapi.yaml',
      '3 code dist/login.html',
      '3 code src/routes/login.tsx',
    ]);
  });

  it('a path that does not exist, and one outside the repository', () => {
    // Not written whole: tests/docs/references.test.ts reads this file for record paths that do not exist.
    const GONE = ['docs', 'decisions', '031-gone.md'].join('/');
    const sample =
      'Gone: `src/routes/-signature-access.ts`, [old](031-gone.md); outside: `../shared/spec.md`, /work/shared/DESIGN.md, [x](../../../shared/x.md).';
    expect(deadPaths('docs/decisions/x.md', sample, repo)).toEqual([
      `docs/decisions/x.md:1: "${GONE}" does not exist`,
      'docs/decisions/x.md:1: "../shared/x.md" is outside the repository: bring in what is needed, or say it in words',
      'docs/decisions/x.md:1: "src/routes/-signature-access.ts" does not exist',
      'docs/decisions/x.md:1: "../shared/spec.md" is outside the repository: bring in what is needed, or say it in words',
      'docs/decisions/x.md:1: "/work/shared/DESIGN.md" is outside the repository: bring in what is needed, or say it in words',
    ]);
    expect(deadPaths('README.md', 'Built into `dist/`, messages in `src/paraglide/messages.js`, record docs/decisions/030.', repo)).toEqual([]);
    expect(deadPaths('README.md', 'No record docs/decisions/031; a [`../shared`](030.md) link is read by its target.', repo)).toEqual([
      'README.md:1: "030.md" does not exist',
      'README.md:1: "docs/decisions/031" does not exist',
    ]);
  });

  it('a document outside the repository, a tracker number, a § that is not a heading', () => {
    const known = { sections: new Set(['5']), records: new Set(['030']) };
    const sample = 'As DESIGN.md says (STACK.md too), issue 18 asked it; #42 also; spec §5 and §9; decision 031.';
    expect(citationProblems('docs/x.md', sample, known).map((problem) => problem.split(': ').slice(1).join(': ').split('"')[1])).toEqual([
      'DESIGN.md',
      'STACK.md',
      'issue 18',
      '#42',
      '§9',
      'decision 031',
    ]);
  });
});
