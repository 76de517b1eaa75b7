import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';

// The production renderer bundle, served as built, must boot in Chromium under its own CSP.
let server: PreviewServer;
let origin: string;

test.beforeAll(async () => {
  server = await preview({
    configFile: false,
    root: fileURLToPath(new URL('../../renderer', import.meta.url)),
    build: { outDir: fileURLToPath(new URL('../../dist', import.meta.url)) },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    logLevel: 'silent',
  });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('vite preview did not report its URL');
  origin = url;
});

test.afterAll(async () => {
  await server.close();
});

test('the built renderer boots without console errors or CSP violations', async ({ page }, testInfo) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  await expect(page.getByRole('heading', { level: 1, name: 'TitleDesk' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('renderer.png') });
  expect(problems).toEqual([]);
});
