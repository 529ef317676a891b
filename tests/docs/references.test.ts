/**
 * What the repository cites resolves inside it:
 * - every `§N` / `§N.M` in a comment of the code (and in openapi.yaml and the migrations) is a heading of
 *   docs/requirements.md, no comment cites a § of a document outside the repository, no comment cites a tracker
 *   number, and every "decision NNN" names a record that exists (the rule of scripts/lib/comment-references.js,
 *   which the lint applies to each file as `local/comment-references`; here over the whole tree at once, comments
 *   found by the TypeScript parser);
 * - every `docs/decisions/NNN-….md` path written anywhere in the repository exists;
 * - docs/decisions/README.md lists every record (a new record fails here until it has its line) and only records
 *   that exist, and every record has a Status line.
 * Each check is shown to fire on a bad sample.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { commentProblems, projectReferences, recordNumbers, requirementSections } from '../../scripts/lib/comment-references.js';

const CODE_FOLDERS = ['src/', 'domain/', 'machines/', 'server/', 'scripts/', 'tests/', 'e2e/'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const GENERATED = ['src/routeTree.gen.ts', 'domain/api-schema.ts'];

/** The files git tracks, from the project root. */
const tracked = (): string[] =>
  execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && existsSync(file));

/** The comments of a TypeScript or JavaScript text, each with its offset (the `//` or `/*` included). */
export function commentsOf(fileName: string, text: string): { pos: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, /x$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map<number, string>();
  // Every comment is trivia before some token (a `}` or the end of the file included): walk the tokens.
  const visit = (node: ts.Node) => {
    const children = node.getChildren(source);
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.JsxText) return; // JSX text is words, not trivia
      const before = [...(ts.getTrailingCommentRanges(text, node.pos) ?? []), ...(ts.getLeadingCommentRanges(text, node.pos) ?? [])];
      for (const range of before) found.set(range.pos, text.slice(range.pos, range.end));
      return;
    }
    children.forEach(visit);
  };
  visit(source);
  return [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ pos, text: comment }));
}

/** `file:line: message` for each problem of the comments of a code file. */
function codeProblems(file: string, text: string, known = projectReferences()): string[] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  return commentsOf(file, text).flatMap((comment) =>
    commentProblems(comment.text, known).map((problem) => `${file}:${lineOf(comment.pos + problem.index)}: ${problem.message}`),
  );
}

/** The same for a text that is all prose or comments (openapi.yaml's descriptions, SQL comments). */
function textProblems(file: string, text: string, known = projectReferences()): string[] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const comments = file.endsWith('.sql') ? [...text.matchAll(/--.*$/gm)].map((m) => ({ pos: m.index, text: m[0] })) : [{ pos: 0, text }];
  return comments.flatMap((comment) =>
    commentProblems(comment.text, known).map((problem) => `${file}:${lineOf(comment.pos + problem.index)}: ${problem.message}`),
  );
}

/** The `docs/decisions/NNN-….md` paths written in a text that do not exist (`exists` says which do). */
function missingRecordPaths(text: string, exists: (path: string) => boolean): string[] {
  return [...text.matchAll(/docs\/decisions\/(\d{3}-[\w.-]*?\.md)/g)].map((m) => m[0]).filter((path) => !exists(path));
}

/** What is wrong with the index: records it lacks, lines naming no record, records without a Status line. */
function indexProblems(index: string, records: Map<string, string>): string[] {
  const linked = new Set([...index.matchAll(/\]\((\d{3}-[\w.-]+\.md)\)/g)].map((m) => m[1]!));
  return [
    ...[...records.keys()].filter((file) => !linked.has(file)).map((file) => `${file} is not in docs/decisions/README.md`),
    ...[...linked].filter((file) => !records.has(file)).map((file) => `docs/decisions/README.md links ${file}, which does not exist`),
    ...[...records].filter(([, text]) => !/^Status: (Accepted|Superseded by \d{3})/m.test(text)).map(([file]) => `${file} has no Status line`),
  ];
}

describe('references in the code resolve inside the repository', () => {
  const files = tracked();

  it('docs/requirements.md has the sections the specification numbers (§1-§9) and ours after them', () => {
    const sections = projectReferences().sections;
    for (let n = 1; n <= 19; n++) expect(sections, `§${n}`).toContain(String(n));
  });

  it('no comment of the code cites a missing §, a § outside the repository, a tracker number or a missing record', () => {
    const problems = files
      .filter((file) => (CODE_FOLDERS.some((folder) => file.startsWith(folder)) || !file.includes('/')) && CODE.test(file) && !GENERATED.includes(file))
      .flatMap((file) => codeProblems(file, readFileSync(file, 'utf8')));
    const prose = files.filter((file) => file === 'openapi.yaml' || (file.startsWith('server/migrations/') && file.endsWith('.sql')));
    problems.push(...prose.flatMap((file) => textProblems(file, readFileSync(file, 'utf8'))));
    expect(problems).toEqual([]);
  });

  it('every docs/decisions/NNN-….md path written anywhere exists', () => {
    const texts = files.filter((file) => /\.(ts|tsx|js|md|yaml|json|sql|sh)$/.test(file) && !file.endsWith('package-lock.json'));
    const missing = texts.flatMap((file) => missingRecordPaths(readFileSync(file, 'utf8'), existsSync).map((path) => `${file}: ${path}`));
    expect(missing).toEqual([]);
  });

  it('docs/decisions/README.md lists every record, and every record has a status', () => {
    const records = new Map(
      readdirSync('docs/decisions')
        .filter((name) => /^\d{3}-.+\.md$/.test(name))
        .map((name) => [name, readFileSync(`docs/decisions/${name}`, 'utf8')] as const),
    );
    expect(indexProblems(readFileSync('docs/decisions/README.md', 'utf8'), records)).toEqual([]);
  });
});

describe('each check fires on a bad sample', () => {
  const known = {
    sections: requirementSections('# Requirements\n## §1 Who\n## §5 Rules\n### §5.1 The gate\n'),
    records: recordNumbers(['030-session-machine.md']),
  };

  it('finds the comments of a file, and only them', () => {
    const sample = "// §5.1 one\nconst url = 'http://x/§9'; /* §1 two */\nconst re = /\\/\\/ §8/;\nexport const A = <div>{/* §5 three */}</div>;\n";
    expect(commentsOf('x.tsx', sample).map((comment) => comment.text)).toEqual(['// §5.1 one', '/* §1 two */', '/* §5 three */']);
  });

  it('a § that is not a heading, or one of a document outside the repository', () => {
    const sample = [
      '// The gate of §5.1 and spec §1: fine.',
      '// §5.2 and §7 do not exist.',
      '/* DESIGN.md §7, notes/library-apis.md §2.5, notes §2.6 */',
      '// RFC 5545 §3.3.11 is a standard.',
    ].join('\n');
    expect(codeProblems('src/x.ts', sample, known)).toEqual([
      'src/x.ts:2: "§5.2" is not a heading of docs/requirements.md: cite a section that exists there, or add it.',
      'src/x.ts:2: "§7" is not a heading of docs/requirements.md: cite a section that exists there, or add it.',
      expect.stringContaining('src/x.ts:3: "DESIGN.md §7" cites a section of a document outside the repository'),
      expect.stringContaining('src/x.ts:3: "notes/library-apis.md §2.5" cites a section of a document outside the repository'),
      expect.stringContaining('src/x.ts:3: "notes §2.6" cites a section of a document outside the repository'),
    ]);
  });

  it('a tracker number, however it is written', () => {
    const sample = [
      '// issue 21',
      '/* (issue 19) */',
      '// Issue 7 §5',
      '// issues 5 and 20',
      '// see #123',
      '// upstream: radix-ui/primitives#3063; colour #000000',
    ].join('\n');
    const problems = codeProblems('e2e/x.spec.ts', sample, known);
    expect(problems.map((problem) => problem.split(': ')[0] + ': ' + problem.split('"')[1])).toEqual([
      'e2e/x.spec.ts:1: issue 21',
      'e2e/x.spec.ts:2: issue 19',
      'e2e/x.spec.ts:3: Issue 7',
      'e2e/x.spec.ts:4: issues 5',
      'e2e/x.spec.ts:5: #123',
    ]);
  });

  it('a record that does not exist, in a comment, a migration or a path anywhere', () => {
    expect(codeProblems('server/x.ts', '// decision 030 stands; decision 124 was folded; docs/decisions/125 too', known)).toEqual([
      expect.stringContaining('"decision 124": there is no decision record 124'),
      expect.stringContaining('"docs/decisions/125": there is no decision record 125'),
    ]);
    expect(textProblems('server/migrations/009-x.sql', "-- Issue 31: absences\nSELECT '#1';\n", known)).toEqual([
      expect.stringContaining('server/migrations/009-x.sql:1: "Issue 31"'),
    ]);
    const gone = ['docs', 'decisions', '124-removing.md'].join('/'); // not written whole: the check below reads this file too
    expect(missingRecordPaths(`see docs/decisions/030-session-machine.md and ${gone}`, (path) => path.startsWith('docs/decisions/030-'))).toEqual([gone]);
  });

  it('an index that lacks a record, links a missing one, or a record without a status', () => {
    const records = new Map([
      ['030-session-machine.md', '# 030\n\nStatus: Accepted.\n'],
      ['031-new.md', '# 031\n\nStatus: Accepted.\n'],
      ['032-no-status.md', '# 032\n\nNo status.\n'],
    ]);
    const index = '| [030](030-session-machine.md) |\n| [032](032-no-status.md) |\n| [099](099-gone.md) |\n';
    expect(indexProblems(index, records)).toEqual([
      '031-new.md is not in docs/decisions/README.md',
      'docs/decisions/README.md links 099-gone.md, which does not exist',
      '032-no-status.md has no Status line',
    ]);
  });
});
