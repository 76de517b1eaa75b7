import { defineConfig } from '@playwright/test';

// Browser tests use a Chromium already on the machine (see scripts/find-chromium.mjs):
// Playwright's own browser download is not available everywhere.
const executablePath = process.env['TITLEDESK_CHROMIUM'];

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      ...(executablePath === undefined ? {} : { executablePath }),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
