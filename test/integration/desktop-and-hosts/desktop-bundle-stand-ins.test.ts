import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { mainBundleOptions } from '../../../build/main-bundle-options.ts';

/**
 * The desktop main bundle replaces parts of zod, conf's validator and migrations and undici's
 * FormData layer with stand-ins that refuse (build/main-bundle-options.ts). Each of TitleDesk's
 * own modules in that bundle is read here for a use of what a stand-in replaced: such a use would
 * run in Node and fail only in the app.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const fromRoot = (path: string): string => join(root, path);

/** What each stand-in replaces, as it would be written in TitleDesk's code. */
const replacedApis: readonly { readonly standIn: string; readonly use: RegExp }[] = [
  { standIn: 'build/no-json-schema.ts', use: /\btoJSONSchema\b|\.(?:min|max)Length\b|\.(?:min|max)Value\b/ },
  { standIn: 'build/no-schema-validator.ts', use: /\b(?:ajvOptions|rootSchema)\b|new (?:Conf|ElectronStore)\b[^;]*\bschema\s*:/s },
  { standIn: 'build/no-store-migrations.ts', use: /\bmigrations\s*:|\bbeforeEachMigration\b|from 'semver'/ },
  { standIn: 'build/undici-without-formdata.ts', use: /\bFormData\b/ },
];

let modules: string[];

beforeAll(async () => {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    ...mainBundleOptions(fromRoot),
    ssr: { noExternal: true },
    build: { ssr: fromRoot('electron/main/index.ts'), write: false, target: 'node24', rolldownOptions: { external: ['electron'] } },
  });
  const outputs = (Array.isArray(output) ? output : [output]).filter((entry): entry is Rolldown.RolldownOutput => 'output' in entry);
  modules = outputs.flatMap((entry) => entry.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])));
}, 120_000);

describe("the desktop main bundle's own modules", () => {
  it('include the stand-ins (the aliases applied)', () => {
    const carried = modules.map((id) => relative(root, id));
    for (const { standIn } of replacedApis) expect(carried).toContain(standIn);
  });

  it('leave out electron-store, whose IPC listener answers any page without a sender check', () => {
    expect(modules.filter((id) => id.includes('node_modules/electron-store/'))).toEqual([]);
  });

  it('use nothing a stand-in replaced', () => {
    const own = modules.filter((id) => id.startsWith(root) && !id.includes('node_modules') && !id.startsWith(fromRoot('build')) && /\.tsx?$/.test(id));
    expect(own.length).toBeGreaterThan(100);
    const uses = own.flatMap((id) => {
      const source = readFileSync(id, 'utf8');
      return replacedApis.filter(({ use }) => use.test(source)).map(({ standIn }) => `${relative(root, id)} uses what ${standIn} replaces`);
    });
    expect(uses).toEqual([]);
  });
});
