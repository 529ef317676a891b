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
    },
  }),
);
