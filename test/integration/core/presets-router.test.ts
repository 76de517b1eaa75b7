import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { presetListSchema } from '../../../shared/catalog/variable-presets.ts';

let dataDir: string;
beforeEach(() => { dataDir = mkdtempSync(join(tmpdir(), 'titledesk-presets-')); });
afterEach(() => { rmSync(dataDir, { recursive: true, force: true }); });

const open = () => startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: false, resume: false });
const rent = 'Zoopla/Property Data#Market/Valuation/Rent/Estimated Monthly Rent (£)';

describe('saved presets through the contract', () => {
  it('saves, replaces by name in any case, lists after a restart and deletes', async () => {
    const first = await open();
    try {
      const { router } = first.core;
      await router.dispatch('presets:save', { name: 'Rent check', keys: [rent, rent] });
      const replaced = await router.dispatch('presets:save', { name: 'RENT CHECK', keys: [rent, 'EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating'] });
      expect(replaced).toMatchObject({ ok: true, data: { presets: [{ name: 'Valuation pack' }, { name: 'RENT CHECK', builtIn: false }] } });
    } finally {
      await first.close();
    }
    const second = await open();
    try {
      const { router } = second.core;
      const listed = await router.dispatch('presets:list', undefined);
      expect(presetListSchema.parse(listed.ok ? listed.data : undefined).presets.map((preset) => [preset.name, preset.keys.length])).toEqual([['Valuation pack', 7], ['RENT CHECK', 2]]);
      expect(await router.dispatch('presets:delete', { name: 'rent check' })).toMatchObject({ ok: true, data: { presets: [{ name: 'Valuation pack' }] } });
    } finally {
      await second.close();
    }
  });

  it('refuses a built-in name, an unknown preset, and malformed payloads, changing nothing', async () => {
    const started = await open();
    try {
      const { router } = started.core;
      expect(await router.dispatch('presets:save', { name: 'valuation pack', keys: [rent] })).toMatchObject({ ok: false, error: { code: 'validation' } });
      expect(await router.dispatch('presets:delete', { name: 'Nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
      for (const payload of [{ name: 'A', keys: [] }, { name: ' ', keys: [rent] }, { name: 'A', keys: [rent], extra: 1 }, { name: 'x'.repeat(81), keys: [rent] }, { name: 'A', keys: 'k' }]) {
        expect(await router.dispatch('presets:save', payload)).toMatchObject({ ok: false, error: { code: 'validation' } });
      }
      const listed = await router.dispatch('presets:list', undefined);
      expect(presetListSchema.parse(listed.ok ? listed.data : undefined).presets.map((preset) => preset.name)).toEqual(['Valuation pack']);
    } finally {
      await started.close();
    }
  });
});
