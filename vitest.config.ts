import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['tests/**/*.test.{ts,tsx}'],
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
    },
  }),
);
