import { defineConfig } from 'vitest/config';

// Five suites: pure units, the core and sandbox over real loopback HTTP, React components in jsdom,
// the OS keychain (run inside a D-Bus session with a Secret Service by `npm test`) and the team
// journal on PostgreSQL.
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
      // jsdom lacks the modal <dialog> methods: a small stand-in is installed first (see the file).
      { test: { name: 'renderer', include: ['test/renderer/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['test/renderer/support/dialog-polyfill.ts'] } },
      // The OS keychain: `npm test` runs this project inside dbus-run-session with gnome-keyring.
      { test: { name: 'keychain', include: ['test/keychain/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 } },
      // The team journal against a real PostgreSQL: TITLEDESK_TEST_DATABASE_URL, else a throw-away
      // cluster the global setup starts; without PostgreSQL every suite reports itself skipped.
      // One file at a time: the race suite alone runs eight desk processes.
      {
        test: {
          name: 'team',
          include: ['test/team/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/team/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
