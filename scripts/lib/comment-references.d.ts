// Types of comment-references.js (plain JavaScript, so that the lint's own rules load it without a compiler).
export type References = { sections: Set<string>; records: Set<string> };
export type Problem = { index: number; message: string };
export const REQUIREMENTS_FILE: URL;
export const DECISIONS_FOLDER: URL;
export function requirementSections(markdown: string): Set<string>;
export function recordNumbers(fileNames: readonly string[]): Set<string>;
export function projectReferences(): References;
export function commentProblems(text: string, known?: References): Problem[];
