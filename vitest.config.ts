import { defineConfig } from 'vitest/config';

// Three suites: pure units, the core and sandbox over real loopback HTTP, and React components in jsdom.
export default defineConfig({
  test: {
    globals: false,
    projects: [
      // Some units are the built bundles (the preload as Electron loads it): built first when stale.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', globalSetup: ['test/unit/support/fresh-build.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      { test: { name: 'renderer', include: ['test/renderer/**/*.test.tsx'], environment: 'jsdom' } },
    ],
  },
});
