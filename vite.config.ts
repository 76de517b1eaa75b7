import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import electron from 'vite-plugin-electron/simple';
import { cspMetaAtBuild } from './build/csp-meta.ts';
import { mainBundleOptions, zodWithoutJsonSchema } from './build/main-bundle-options.ts';
import { pageStartEntry } from './build/page-start-entry.ts';
import { zodWithoutEval } from './build/zod-without-eval.ts';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * One config builds the renderer, the Electron main process and the preload.
 * The Electron plugin is left out under Vitest and for a renderer-only dev server
 * (TITLEDESK_RENDERER_ONLY=1), because it tries to launch Electron.
 */
export default defineConfig(({ mode, command }) => {
  const rendererOnly = mode === 'test' || (command === 'serve' && process.env['TITLEDESK_RENDERER_ONLY'] === '1');
  const plugins: PluginOption[] = [react(), cspMetaAtBuild(), zodWithoutEval(), pageStartEntry(fromRoot('./renderer/index.html'), fromRoot('./renderer/boot/page-start.ts'))];
  if (!rendererOnly) {
    // main and preload share dist-electron/ without emptying it; clear it once so a file from an
    // older build (a renamed preload) is never packed.
    if (command === 'build') rmSync(fromRoot('./dist-electron'), { recursive: true, force: true });
    plugins.push(
      electron({
        main: {
          entry: fromRoot('./electron/main/index.ts'),
          vite: {
            // Kept small and minified: budget in build/bundle-budget.ts.
            ...mainBundleOptions(fromRoot),
            build: {
              outDir: fromRoot('./dist-electron'),
              emptyOutDir: false,
              // Rolldown's own minify: Vite's build.minify keeps the whitespace of a library build.
              rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { entryFileNames: 'main.js', minify: true } },
            },
          },
        },
        preload: {
          input: fromRoot('./electron/preload/index.ts'),
          vite: {
            build: {
              outDir: fromRoot('./dist-electron'),
              emptyOutDir: false,
              // A sandboxed preload is run as a CommonJS function body whatever its name; .cjs says so,
              // and keeps it loading should the sandbox ever be off (Node would parse .mjs as ESM).
              rolldownOptions: { output: { entryFileNames: 'preload.cjs', format: 'cjs' } },
            },
          },
        },
      }),
    );
  }
  return {
    root: fromRoot('./renderer'),
    base: './',
    plugins,
    resolve: { alias: [zodWithoutJsonSchema(fromRoot)] },
    build: { outDir: fromRoot('./dist'), emptyOutDir: true, target: 'chrome130' },
  };
});
