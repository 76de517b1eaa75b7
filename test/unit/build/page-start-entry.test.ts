import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageStartEntry } from '../../../build/page-start-entry.ts';

const builtHtml = `<head>
    <title>TitleDesk</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
  </head>`;

function transform(plugin: Plugin, html: string, bundle: Record<string, unknown>): unknown {
  const hook = plugin.transformIndexHtml;
  if (hook === undefined || typeof hook === 'function') throw new Error('expected an ordered transformIndexHtml hook');
  const context = { path: '/index.html', filename: 'index.html', bundle } as unknown as IndexHtmlTransformContext;
  return Reflect.apply(hook.handler, undefined, [html, context]);
}

describe('the page start entry (build)', () => {
  const plugin = pageStartEntry('/r/index.html', '/r/boot/page-start.ts');

  it('adds the page start as a second entry of the renderer build', () => {
    const hook = plugin.config;
    if (typeof hook !== 'function') throw new Error('expected a config hook');
    expect(Reflect.apply(hook, undefined, [{}, { command: 'build', mode: 'production' }])).toEqual({
      build: { rollupOptions: { input: { index: '/r/index.html', 'page-start': '/r/boot/page-start.ts' } } },
    });
  });

  it('names its chunk in a script ahead of the main bundle, so it runs first', () => {
    const bundle = { 'assets/page-start-x1.js': { type: 'chunk', isEntry: true, name: 'page-start', fileName: 'assets/page-start-x1.js' } };
    const html = String(transform(plugin, builtHtml, bundle));
    const early = html.indexOf('src="./assets/page-start-x1.js"');
    const main = html.indexOf('src="./assets/index-abc.js"');
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(main);
    expect(html.match(/<script type="module"/g)).toHaveLength(2);
  });

  it('fails the build rather than ship a page without it', () => {
    expect(() => transform(plugin, builtHtml, {})).toThrow(/no page-start entry/);
    const bundle = { 'a.js': { type: 'chunk', isEntry: true, name: 'page-start', fileName: 'a.js' } };
    expect(() => transform(plugin, '<head></head>', bundle)).toThrow(/no module script/);
  });
});
