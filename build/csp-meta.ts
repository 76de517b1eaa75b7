import type { Plugin } from 'vite';
import { metaContentSecurityPolicy } from '../shared/content-security-policy.ts';

/**
 * The renderer's Content-Security-Policy (shared/content-security-policy.ts) as a <meta> tag, added
 * to the built index.html only. The desktop app and browser mode also send the policy as a
 * response header; the meta tag keeps the built page safe wherever it is opened. The dev server gets none: @vitejs/plugin-react's inline
 * refresh preamble and Vite's injected <style> tags would be blocked by it.
 */
export function cspMetaAtBuild(): Plugin {
  return {
    name: 'titledesk-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy }, injectTo: 'head-prepend' }],
    },
  };
}
