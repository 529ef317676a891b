/**
 * The messages compiled once per change of their inputs (docs/decisions/282-messages-compiled-once.md). Paraglide's
 * compiler takes about 10 s here, 7 of them emitting the TypeScript declarations, and its Vite plugin ran it again in
 * every process that loads vite.config.ts: each `vite build` (three in `npm test`: the suite's and the two deploy
 * builds of e2e/phone-app/deploy.spec.ts) and each vitest project. Now `npm run gen:i18n` compiles and records a
 * digest of what it compiled from; a build or a test run compiles only when that digest no longer matches (a message
 * edited since), and the dev server keeps paraglide's own plugin, which recompiles on each edit.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compile } from '@inlang/paraglide-js';
import type { Plugin } from 'vite';
import { paraglideOptions } from './paraglide-options.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUTDIR = join(ROOT, paraglideOptions.outdir);
/** Beside the compiled files, so that removing src/paraglide removes it too. */
const DIGEST_FILE = join(OUTDIR, '.inputs-digest');

/** What the compiled files are made from: the messages, the project's settings, the options and the compiler's version. */
export function messagesDigest(): string {
  const hash = createHash('sha256');
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/@inlang/paraglide-js/package.json'), 'utf8')) as { version: string }).version;
  hash.update(JSON.stringify({ options: paraglideOptions, version }));
  const inputs = [
    join(ROOT, 'project.inlang/settings.json'),
    ...readdirSync(join(ROOT, 'messages'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(ROOT, 'messages', name)),
  ];
  for (const file of inputs) hash.update(`\0${file.slice(ROOT.length)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Whether src/paraglide holds what the current inputs compile to. */
export const messagesFresh = (digest = messagesDigest()): boolean =>
  existsSync(join(OUTDIR, 'messages.js')) && existsSync(DIGEST_FILE) && readFileSync(DIGEST_FILE, 'utf8') === digest;

/** Compiles when the inputs changed since the last compile (`force`: in any case); true when it compiled. */
export async function compileMessages({ force = false } = {}): Promise<boolean> {
  const digest = messagesDigest();
  if (!force && messagesFresh(digest)) return false;
  await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
  writeFileSync(DIGEST_FILE, digest);
  return true;
}

let compiling: Promise<boolean> | undefined;

/**
 * For `vite build` and vitest: the compiled messages, fresh before anything imports them. Once per process: vitest
 * resolves the config once per project.
 */
export function compiledMessagesPlugin(): Plugin {
  return {
    name: 'portal-compiled-messages',
    apply: (_config, env) => env.command === 'build' || Boolean(process.env.VITEST),
    async config() {
      compiling ??= compileMessages();
      if (await compiling) console.log('[portal-compiled-messages] messages compiled (their inputs changed)');
    },
  };
}
