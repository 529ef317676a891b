/**
 * Lints a sample text as if it were a file of the project (its path picks the rules that apply), with the
 * project's own eslint.config.js: how each house rule proves that it fires on a bad sample and stays quiet on a
 * good one.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

/** `rule: message` for each problem ESLint finds in `code` placed at `file` (a path from the project root). */
export async function lintSample(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(process.cwd(), file) });
  return result!.messages.map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

/** The problems of `rule` only. */
export async function problemsOf(rule: string, file: string, code: string): Promise<string[]> {
  return (await lintSample(file, code)).filter((problem) => problem.startsWith(`${rule}: `));
}
