import type { UserConfig } from 'vite';

/** How zod's own files reach its JSON Schema output, which no part of the app runs (build/no-json-schema.ts); the renderer's build uses it too. */
export function zodWithoutJsonSchema(fromRoot: (path: string) => string): { find: RegExp; replacement: string } {
  return { find: /^(\.\.\/core\/|\.\/)(json-schema-processors|to-json-schema|json-schema-generator)\.js$/, replacement: fromRoot('./build/no-json-schema.ts') };
}

/**
 * What keeps the desktop main bundle small (budget: build/bundle-budget.ts), shared by
 * vite.config.ts and the test that runs the bundled HTTP stack: undici's experimental Milo
 * parser is left out the way Node's own bundled undici leaves it out (esbuildDetection); ajv and
 * semver (loaded by conf, run only for a schema or migrations, which the settings store does
 * not use), zod's JSON Schema output and undici's FormData layer are replaced by stand-ins that refuse; of undici's two
 * builds of its HTTP parser only the portable one is kept (build/portable-llhttp-only.ts).
 */
export function mainBundleOptions(fromRoot: (path: string) => string): Pick<UserConfig, 'define' | 'resolve'> {
  return {
    define: { esbuildDetection: 'true' },
    resolve: {
      alias: [
        { find: 'ajv/dist/2020.js', replacement: fromRoot('./build/no-schema-validator.ts') },
        { find: 'ajv-formats', replacement: fromRoot('./build/no-schema-validator.ts') },
        { find: /^semver$/, replacement: fromRoot('./build/no-store-migrations.ts') },
        zodWithoutJsonSchema(fromRoot),
        // Only undici's core, dispatcher and api files are bundled; these relative paths are
        // how they reach the fetch layer, for FormData bodies alone.
        { find: /^\.\.\/web\/(fetch\/formdata|fetch\/body\.js|webidl)$/, replacement: fromRoot('./build/undici-without-formdata.ts') },
        { find: /^\.\.\/llhttp\/llhttp_simd-wasm\.js$/, replacement: fromRoot('./build/portable-llhttp-only.ts') },
      ],
    },
  };
}
