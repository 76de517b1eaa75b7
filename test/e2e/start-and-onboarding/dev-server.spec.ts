import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { metaContentSecurityPolicy } from '../../../shared/content-security-policy.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
let server: ViteDevServer;
let url: string;

test.beforeAll(async () => {
  // The renderer-only dev server: the Electron plugin would try to launch Electron.
  process.env['TITLEDESK_RENDERER_ONLY'] = '1';
  server = await createServer({ configFile: join(root, 'vite.config.ts'), logLevel: 'silent', server: { host: '127.0.0.1', port: 0, strictPort: false } });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
});

test.afterAll(async () => {
  await server.close();
  delete process.env['TITLEDESK_RENDERER_ONLY'];
});

test('the Vite dev server renders the app: no meta CSP blocks React’s preamble or Vite’s styles', async ({ page }) => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  // Rendered by React through the refresh preamble the plugin injects inline.
  await expect(page.locator('#root > *').first()).toBeAttached();
  expect(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>)['$RefreshReg$'])).toBe('function');
  // Vite serves CSS as injected <style> elements in development.
  expect(await page.locator('head style[data-vite-dev-id]').count()).toBeGreaterThan(0);
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(0);
  expect(violations).toEqual([]);
  expect(errors.filter((message) => message.includes('preamble'))).toEqual([]);
});

test('the built page carries the meta CSP (npm test builds before this suite)', () => {
  const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
  expect(meta?.[1]?.replaceAll('&#39;', "'")).toBe(metaContentSecurityPolicy);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});
