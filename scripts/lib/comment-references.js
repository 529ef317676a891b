// What a comment may cite, shared by the lint rule `local/comment-references` (scripts/lint-rules.js), the
// repository-wide check of tests/docs/references.test.ts and the docs' own check (tests/docs/doc-paths.test.ts, which
// holds README.md and docs/ to the same rules):
// - a requirement as `§N` or `§N.M` (or "spec §N"): a heading of docs/requirements.md, which keeps the numbering of
//   the product specification for §1-§9 (so references written against it stay true) and goes on from §10;
// - no § of a document outside the repository (DESIGN.md, the notes): cite the requirement or a decision record;
// - no tracker number (the word issue followed by a number, or a number after a lone hash sign): the tracker is not
//   in the repository, so say what the comment means (the rule, docs/decisions/NNN-….md, or the requirement's §);
// - no decision record that does not exist (docs/decisions/README.md says where a folded record's content lives).
// Standards keep their own sections (RFC 5545 §3.3.11), and an owner/repo before the hash names an upstream item.
import { readdirSync, readFileSync } from 'node:fs';

/** The requirements and the decision records, from the project root. */
export const REQUIREMENTS_FILE = new URL('../../docs/requirements.md', import.meta.url);
export const DECISIONS_FOLDER = new URL('../../docs/decisions/', import.meta.url);

/** The section numbers the headings of a requirements page carry (`## §5 …` → '5', `### §5.1 …` → '5.1'). */
export function requirementSections(markdown) {
  const sections = new Set();
  for (const match of markdown.matchAll(/^#{1,6}\s+§(\d+(?:\.\d+)?)\s/gm)) sections.add(match[1]);
  return sections;
}

/** The record numbers of a list of file names (`030-session-machine.md` → '030'). */
export function recordNumbers(fileNames) {
  return new Set(fileNames.filter((name) => /^\d{3}-.+\.md$/.test(name)).map((name) => name.slice(0, 3)));
}

let cached;
/** What comments may cite in this checkout: the sections of docs/requirements.md and the records, read once. */
export function projectReferences() {
  cached ??= {
    sections: requirementSections(readFileSync(REQUIREMENTS_FILE, 'utf8')),
    records: recordNumbers(readdirSync(DECISIONS_FOLDER)),
  };
  return cached;
}

// A § with what may stand before it: a document (a path ending in .md, DESIGN, the notes) or a standard.
const SECTION = /(?:((?:[\w.-]+\/)*[\w.-]+\.md|\bDESIGN\b|\bnotes\b|\b(?:RFC|ISO|ASVS|WCAG|EN|IEC)[\s-]?[\d.-]+)\s+)?§\s?([A-Z]?\d+(?:\.\d+)*)/g;
const STANDARD = /^(RFC|ISO|ASVS|WCAG|EN|IEC)/;
const OUR_REQUIREMENTS = /(^|\/)requirements\.md$/;

// The word issue (or issues) and a number, with or without a hash sign; a hash sign and a number that no owner/repo,
// path, word or entity stands before.
const TRACKER = [/\bissues?\s+#?\d+/gi, /(?<![\w/&#.-])#\d{1,5}(?![\w-])/g];
// "decision NNN", "decisions NNN–MMM" (the first), "docs/decisions/NNN" and "docs/decisions/NNN-….md".
const RECORD = [/\bdecisions?\s+(\d{3})\b/gi, /\bdocs\/decisions\/(\d{3})\b/g];

/**
 * The problems of one comment's text, each `{ index, message }` (index: where in `text`).
 * `known`: the headings of docs/requirements.md and the numbers of the decision records.
 */
export function commentProblems(text, known = projectReferences()) {
  const { sections, records } = known;
  const problems = [];
  for (const pattern of RECORD) {
    for (const match of text.matchAll(pattern)) {
      if (!records.has(match[1])) {
        problems.push({
          index: match.index,
          message: `"${match[0]}": there is no decision record ${match[1]} (docs/decisions/README.md says where a folded record's content lives).`,
        });
      }
    }
  }
  for (const match of text.matchAll(SECTION)) {
    const [whole, document, number] = match;
    if (document && STANDARD.test(document)) continue;
    if (document && !OUR_REQUIREMENTS.test(document)) {
      problems.push({
        index: match.index,
        message: `"${whole}" cites a section of a document outside the repository: cite the requirement (docs/requirements.md §N) or the decision record (docs/decisions/NNN-….md) instead.`,
      });
    } else if (!sections.has(number)) {
      problems.push({ index: match.index, message: `"${whole}" is not a heading of docs/requirements.md: cite a section that exists there, or add it.` });
    }
  }
  for (const pattern of TRACKER) {
    for (const match of text.matchAll(pattern)) {
      problems.push({
        index: match.index,
        message: `"${match[0]}" cites a tracker item, which the repository does not hold: say what it means instead (the rule, docs/decisions/NNN-….md, or the requirement's §).`,
      });
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}
