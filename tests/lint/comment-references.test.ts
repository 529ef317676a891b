/**
 * `local/comment-references` (scripts/lint-rules.js over scripts/lib/comment-references.js): a comment cites a §
 * of docs/requirements.md or a decision record that exists, never a § of a document outside the repository and
 * never a tracker number. On bad and good samples; `npm run lint` applies it to every file, and
 * tests/docs/references.test.ts to the whole tree at once.
 */
import { describe, expect, it } from 'vitest';
import { problemsOf } from './lint-sample.ts';

const references = (file: string, code: string) => problemsOf('local/comment-references', file, code);

describe('local/comment-references', () => {
  it('fails a tracker number in a comment, wherever the file is', async () => {
    expect(await references('src/features/home/x.tsx', '// The availabilities of the month (issue 21).\nexport const a = 1;\n')).toEqual([
      'local/comment-references: "issue 21" cites a tracker item, which the repository does not hold: say what it means instead (the rule, docs/decisions/NNN-….md, or the requirement\'s §).',
    ]);
    expect(await references('machines/x.machine.ts', '/** Issue 7 §3, end to end. */\nexport const a = 1;\n')).toHaveLength(1);
    expect(await references('server/api/x.ts', 'export const a = 1; /* see #12 */\n')).toHaveLength(1);
    expect(await references('e2e/journeys/x.spec.ts', "import { test } from '../fixtures.ts';\n// Issues 5 and 20.\ntest('a', () => {});\n")).toHaveLength(1);
  });

  it('fails a § that docs/requirements.md does not have, and a § of a document outside the repository', async () => {
    expect(await references('src/x.ts', '// The budget of §42.\nexport const a = 1;\n')).toEqual([
      'local/comment-references: "§42" is not a heading of docs/requirements.md: cite a section that exists there, or add it.',
    ]);
    expect(await references('tests/x.test.ts', '// DESIGN.md §7: 100 ms.\nexport const a = 1;\n')).toEqual([
      'local/comment-references: "DESIGN.md §7" cites a section of a document outside the repository: cite the requirement (docs/requirements.md §N) or the decision record (docs/decisions/NNN-….md) instead.',
    ]);
    expect(await references('scripts/x.ts', '// notes/library-apis.md §2.5\nexport const a = 1;\n')).toHaveLength(1);
  });

  it('fails a decision record that does not exist', async () => {
    expect(await references('src/x.ts', '// As decision 999 says.\nexport const a = 1;\n')).toEqual([
      'local/comment-references: "decision 999": there is no decision record 999 (docs/decisions/README.md says where a folded record\'s content lives).',
    ]);
  });

  it('lets a comment cite the requirements, a record, a standard or an upstream item', async () => {
    const code = [
      '// The gate of §5.1 (spec §5), the budgets of §11 and docs/requirements.md §9.',
      '// docs/decisions/170-page-access-table.md, decision 030, decisions 100–104.',
      '/* RFC 5545 §3.3.11; radix-ui/primitives#3063. */',
      "export const a = 'issue 21 in a string is not a comment';",
    ].join('\n');
    expect(await references('src/x.ts', code)).toEqual([]);
  });
});
