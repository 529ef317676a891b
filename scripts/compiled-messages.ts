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
import { compile, paraglideVitePlugin } from '@inlang/paraglide-js';
import type { ConfigEnv, Plugin } from 'vite';
import { paraglideOptions } from './paraglide-options.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The compiler's options as paraglide takes them (a mutable strategy). */
const compilerOptions = () => ({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
/** Beside the compiled files, so that removing src/paraglide removes it too. */
const digestFile = (root: string) => join(root, paraglideOptions.outdir, '.inputs-digest');

/**
 * What the compiled files are made from: the messages, the project's settings, the options and the compiler's
 * version. `root`: the repository (another in tests).
 */
export function messagesDigest(root = ROOT): string {
  const hash = createHash('sha256');
  const version = (JSON.parse(readFileSync(join(root, 'node_modules/@inlang/paraglide-js/package.json'), 'utf8')) as { version: string }).version;
  hash.update(JSON.stringify({ options: paraglideOptions, version }));
  const inputs = [
    join(root, 'project.inlang/settings.json'),
    ...readdirSync(join(root, 'messages'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(root, 'messages', name)),
  ];
  for (const file of inputs) hash.update(`\0${file.slice(root.length)}\0`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Whether the compiled messages under `root` are what its current inputs compile to. */
export const messagesFresh = (root = ROOT, digest = messagesDigest(root)): boolean =>
  existsSync(join(root, paraglideOptions.outdir, 'messages.js')) && existsSync(digestFile(root)) && readFileSync(digestFile(root), 'utf8') === digest;

/** The digest of what was just compiled, recorded beside it. */
export const recordCompiled = (root = ROOT, digest = messagesDigest(root)) => writeFileSync(digestFile(root), digest);

/** Compiles when the inputs changed since the last compile (`force`: in any case); true when it compiled. */
export async function compileMessages({ force = false } = {}): Promise<boolean> {
  const digest = messagesDigest();
  if (!force && messagesFresh(ROOT, digest)) return false;
  await compile(compilerOptions());
  recordCompiled(ROOT, digest);
  return true;
}

/** The dev server compiles as messages are edited; a build and vitest (a server too) take the compiled ones. */
const isDevServer = (env: ConfigEnv) => env.command === 'serve' && !process.env.VITEST;

let compiling: Promise<boolean> | undefined;

/**
 * The messages' plugins for vite.config.ts. The dev server: paraglide's own, which recompiles on each edit. A build
 * and vitest: the compiled messages, fresh before anything imports them, compiled once per process at most (vitest
 * resolves the config once per project).
 */
export function messagesPlugins(): Plugin[] {
  return [
    // One plugin, or one per locale with paraglide's per-locale builds (off here): each for the dev server only.
    ...[paraglideVitePlugin(compilerOptions())].flat().map((plugin): Plugin => ({ ...plugin, apply: (_config, env) => isDevServer(env) })),
    {
      name: 'portal-compiled-messages',
      apply: (_config, env) => !isDevServer(env),
      async config() {
        compiling ??= compileMessages();
        if (await compiling) console.log('[portal-compiled-messages] messages compiled (their inputs changed)');
      },
    },
  ];
}
