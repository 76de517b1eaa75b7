import type { Plugin } from 'vite';

/** zod's module that makes its global config, and the name it keeps it under on globalThis. */
const zodConfigModule = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const zodConfigGlobal = '__zod_globalConfig';
const zodModule = /[\\/]node_modules[\\/]zod[\\/]/;

/** Put ahead of zod's config module, on its first line so the source map's lines still hold. */
export const jitlessFirst = `globalThis.${zodConfigGlobal} = Object.assign(globalThis.${zodConfigGlobal} ?? {}, { jitless: true });`;

/**
 * The renderer's Content-Security-Policy refuses eval (shared/content-security-policy.ts). zod
 * reads `jitless` when it builds each object schema and, unless it is set, probes `new Function`
 * there and compiles a fast parser at the first parse: each is reported as a violation. So zod's
 * config module itself starts with jitless set: no schema can be built before it, whatever the
 * module order or chunking. The build fails if zod moved its config, rather than ship the probe.
 */
export function zodWithoutEval(): Plugin {
  let configModuleSeen = false;
  const transform = (code: string, id: string): { code: string; map: null } | undefined => {
    if (!zodConfigModule.test(id)) return undefined;
    if (!code.includes(zodConfigGlobal)) throw new Error(`zod no longer keeps its config on globalThis.${zodConfigGlobal}: see build/zod-without-eval.ts.`);
    configModuleSeen = true;
    return { code: `${jitlessFirst} ${code}`, map: null };
  };
  return {
    name: 'titledesk-zod-without-eval',
    // The dev server serves zod pre-bundled, past the transform hook: the pre-bundling gets it too.
    config: () => ({ optimizeDeps: { rolldownOptions: { plugins: [{ name: 'titledesk-zod-without-eval-deps', transform }] } } }),
    transform,
    buildEnd() {
      const bundlesZod = [...this.getModuleIds()].some((id) => zodModule.test(id));
      if (bundlesZod && !configModuleSeen) this.error('zod is bundled but its config module (zod/v4/core/core.js) was not found: see build/zod-without-eval.ts.');
    },
  };
}
