import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfSettingsStore } from '../../../../electron/core/settings/conf-settings-store.ts';
import { defaultSettings, parseSettings, type Settings } from '../../../../electron/core/settings/settings-store.ts';

let folder: string;
beforeEach(() => { folder = mkdtempSync(join(tmpdir(), 'titledesk-settings-')); });
afterEach(() => { rmSync(folder, { recursive: true, force: true }); });

const everything: Settings = {
  ...defaultSettings,
  selectedEnvironmentId: 'sandbox',
  purchasing: { reuseDays: 7, batchConcurrency: 8, spending: { sandbox: { confirmAbove: { GBP: 5 }, daily: { GBP: 20 }, monthly: { GBP: 200 } } } },
  presets: [{ name: 'Rent check', keys: ['Zoopla/Property Data#Market/Valuation/Rent/Estimated Monthly Rent (£)'] }],
};

describe('the settings file', () => {
  it('keeps budgets, reuse, batch concurrency and saved presets across a restart', () => {
    new ConfSettingsStore(folder).save(everything);
    expect(new ConfSettingsStore(folder).load()).toEqual({ settings: everything, problem: undefined });
  });

  it('drops a bad preset or a repeated name with a note, and keeps the others', () => {
    const loaded = parseSettings({ presets: [{ name: 'A', keys: ['x'] }, { name: 'a', keys: ['y'] }, { name: '', keys: ['z'] }, { name: 'B', keys: [] }, 'C'] });
    expect(loaded.settings.presets).toEqual([{ name: 'A', keys: ['x'] }]);
    expect(loaded.problem).toBe('Settings: preset #2 was invalid and ignored; preset #3 was invalid and ignored; preset #4 was invalid and ignored; preset #5 was invalid and ignored.');
    expect(parseSettings({ presets: 'none' }).problem).toBe('Settings: presets was not a list and was ignored.');
  });

  it('reads a hand-edited file with presets', () => {
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ presets: [{ name: ' Spaced ', keys: ['k'] }] }));
    expect(new ConfSettingsStore(folder).load().settings.presets).toEqual([{ name: 'Spaced', keys: ['k'] }]);
  });
});
