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
    },
  }),
);
