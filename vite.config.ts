import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import electron from 'vite-plugin-electron/simple';
import { mainBundleOptions } from './build/main-bundle-options.ts';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * One config builds the renderer, the Electron main process and the preload.
 * The Electron plugin is left out under Vitest and for a renderer-only dev server
 * (TITLEDESK_RENDERER_ONLY=1), because it tries to launch Electron.
 */
export default defineConfig(({ mode, command }) => {
  const rendererOnly = mode === 'test' || (command === 'serve' && process.env['TITLEDESK_RENDERER_ONLY'] === '1');
  const plugins: PluginOption[] = [react()];
  if (!rendererOnly) {
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
              rolldownOptions: { output: { entryFileNames: 'main.js', minify: true } },
            },
          },
        },
        preload: {
          input: fromRoot('./electron/preload/index.ts'),
          vite: {
            build: {
              outDir: fromRoot('./dist-electron'),
              emptyOutDir: false,
              rolldownOptions: { output: { entryFileNames: 'preload.mjs' } },
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
    build: { outDir: fromRoot('./dist'), emptyOutDir: true, target: 'chrome130' },
  };
});
