import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The files that share their worker's modules (`isolate: false`, docs/decisions/281-shared-modules-for-pure-tests.md):
 * plain functions and machines in Node, which keep no state between files. Each file imported its own copy of xstate,
 * the core and the fixtures; shared, these folders took 35 s instead of 52 s, the whole vitest run 354 s instead of
 * 394 s. Not the components (a module that captured the first file's window or storage breaks later files: tried,
 * 23 to 115 failures) nor the server files (a server each, module state such as the session cache).
 */
const SHARED_FOLDERS = ['machines', 'domain', 'lint', 'docs', 'contract', 'security', 'kept', 'storage'];
const SHARED_MODULES = SHARED_FOLDERS.map((folder) => `tests/${folder}/**/*.test.ts`);
const ISOLATED = readdirSync('tests', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SHARED_FOLDERS.includes(entry.name))
  .map((entry) => `tests/${entry.name}/**/*.test.{ts,tsx}`);
/**
 * The one file of those folders that renders in jsdom. It is the only `exclude` of a project: a project's own exclude
 * replaces the command line's, and scripts/test-all.ts leaves server files out with `--exclude` (in the isolated one).
 */
const SHARED_BUT_RENDERED = ['tests/machines/machine-docs-mermaid.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'node',
      setupFiles: ['./tests/setup.ts'],
      restoreMocks: true,
      testTimeout: 20_000,
      // One test file per core, not vitest's default of cores − 1: the files spend much of their time waiting on
      // PGlite and jsdom, and on this 2-core machine one worker left a core idle (whole suite 197 → 136 s).
      maxWorkers: availableParallelism(),
      // Worker threads start and import faster than forked processes: the whole suite 172 → 155 s on this machine.
      // No test needs a process of its own (the ones that kill a server spawn that server themselves).
      pool: 'threads',
      projects: [
        { extends: true, test: { name: 'shared', include: SHARED_MODULES, exclude: SHARED_BUT_RENDERED, isolate: false } },
        { extends: true, test: { name: 'isolated', include: [...ISOLATED, ...SHARED_BUT_RENDERED] } },
      ],
    },
  }),
);
