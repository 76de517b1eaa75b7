import type { Plugin } from 'vite';

const entryName = 'page-start';

/**
 * The renderer's first module (renderer/boot/page-start.ts) as an entry of its own, named by a
 * <script> of its own ahead of the main bundle's. Module scripts run in document order, each as
 * soon as it is loaded: this one (about 1 KB) runs while the main bundle is still downloading and
 * compiling, so the environment list is asked for, and the page's first request (8-30 ms of main
 * thread in a fresh window) is paid, no later than that bundle's compiling. The main bundle imports
 * the same module, so both see one `pageStart`.
 */
export function pageStartEntry(indexHtml: string, pageStartModule: string): Plugin {
  return {
    name: 'titledesk-page-start-entry',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: indexHtml, [entryName]: pageStartModule } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((output) => output.type === 'chunk' && output.isEntry && output.name === entryName);
        if (chunk === undefined) throw new Error(`The build has no ${entryName} entry.`);
        const mainScript = '<script type="module"';
        if (!html.includes(mainScript)) throw new Error('The built index.html has no module script to put the page start before.');
        return html.replace(mainScript, `<script type="module" crossorigin src="./${chunk.fileName}"></script>\n    ${mainScript}`);
      },
    },
  };
}
