import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * eslint.config.js enforces electron/core's layer order (docs/architecture.md#layer-order). Each
 * fixture is a file's text linted as if it sat at `path`, with the project's own config: only the
 * import rule runs, and without type information, so the fixtures need not exist on disk.
 */
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({
    cwd: new URL('../..', import.meta.url).pathname,
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  });
  // Loading the config and its plugins takes seconds on a busy machine: once, here.
  await eslint.lintText('', { filePath: 'electron/core/app/warm-up.ts' });
}, 60_000);

async function importErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('the layer order inside electron/core', () => {
  it.each([
    ['http/ into api/', 'electron/core/http/fixture.ts', "import { serviceUrl } from '../api/urls.ts';\nexport const u = serviceUrl;\n"],
    ['router/ into app/, a type import', 'electron/core/router/fixture.ts', "import type { TitleDeskCore } from '../app/create-core.ts';\nexport type C = TitleDeskCore;\n"],
    ['a sibling in the same row', 'electron/core/address/fixture.ts', "import { CatalogClient } from '../catalog/catalog-client.ts';\nexport const c = CatalogClient;\n"],
    ['journal/ into polling/', 'electron/core/purchases/journal/fixture.ts', "import { Poller } from '../polling/poller.ts';\nexport const p = Poller;\n"],
    ['a journal sub-folder into the purchase service', 'electron/core/purchases/journal/search/fixture.ts', "import { PurchaseService } from '../../purchase-service.ts';\nexport const s = PurchaseService;\n"],
    ['team/ into the purchase service', 'electron/core/team/fixture.ts', "export { PurchaseService } from '../purchases/purchase-service.ts';\n"],
    ["core's root files into a folder", 'electron/core/fixture.ts', "import { sendHttp } from './http/send-http.ts';\nexport const s = sendHttp;\n"],
  ])('refuses an upward import: %s', async (_name, path, source) => {
    const errors = await importErrors(path, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-imports: .*layer order \(docs\/architecture\.md#layer-order\)/);
  });

  it.each([
    ['api/ into http/', 'electron/core/api/fixture.ts', "import { readJson } from '../http/json.ts';\nexport const r = readJson;\n"],
    ['app/ into router/ and purchases/', 'electron/core/app/fixture.ts', "import { createRouter } from '../router/create-router.ts';\nimport { PurchaseService } from '../purchases/purchase-service.ts';\nexport const a = [createRouter, PurchaseService];\n"],
    ['polling/ into journal/ and answers/', 'electron/core/purchases/polling/fixture.ts', "import { RecordStore } from '../journal/record-store.ts';\nimport { sameOrigin } from '../answers/reference.ts';\nexport const p = [RecordStore, sameOrigin];\n"],
    ['the purchase service into its rooms', 'electron/core/purchases/fixture.ts', "import { Poller } from './polling/poller.ts';\nexport const p = Poller;\n"],
    ['team/ into answers/, below the journal', 'electron/core/team/fixture.ts', "import { purchaseIdOf } from '../purchases/answers/reference.ts';\nexport const p = purchaseIdOf;\n"],
    ["a folder into core's root files", 'electron/core/spending/fixture.ts', "import { CoreError } from '../errors.ts';\nexport const e = CoreError;\n"],
  ])('lets a downward import through: %s', async (_name, path, source) => {
    expect(await importErrors(path, source)).toEqual([]);
  });

  it('places every file of core in a row, so a new folder must be given one', async () => {
    const core = new URL('../../electron/core/', import.meta.url).pathname;
    const files = readdirSync(core, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.startsWith('app/'));
    const unplaced: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(`electron/core/${file}`)) as { rules: Record<string, [unknown, { patterns: object[] }]> };
      const patterns = config.rules['no-restricted-imports']?.[1].patterns ?? [];
      if (!patterns.some((pattern) => 'regex' in pattern)) unplaced.push(file);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(unplaced, 'add these folders to coreLayers in eslint.config.js').toEqual([]);
  });

  it('still keeps electron and the hosts out of core', async () => {
    const errors = await importErrors('electron/core/http/fixture.ts', "import { app } from 'electron';\nimport { x } from '../../main/x.ts';\nexport const a = [app, x];\n");
    expect(errors).toHaveLength(2);
  });
});
