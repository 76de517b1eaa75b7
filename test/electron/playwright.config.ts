import { defineConfig } from '@playwright/test';

// The desktop suite: Playwright's Electron launcher against the built app. Where the Electron
// binary is missing every test is skipped with "skipped: no Electron binary", and the reporter
// below says so in the summary: a skipped suite must never read as a passing one.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/electron',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  // npm test reads the JSON report to count this suite's skipped tests in its summary line.
  reporter: [['list'], ['./skip-summary-reporter.ts'], ['json', { outputFile: process.env['TITLEDESK_ELECTRON_REPORT'] ?? '../../test-results/electron/report.json' }]],
  use: { screenshot: 'off', trace: 'off' },
});
