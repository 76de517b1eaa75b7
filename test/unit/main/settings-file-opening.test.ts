import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../electron/core/settings/settings-store.ts';
import { openSettingsFile } from '../../../electron/main/host-services/settings-file-opening.ts';

/** conf is what electron-store runs on (electron-store itself needs Electron): the same file handling. */
let folder: string;
let lines: string[];
beforeEach(() => { folder = mkdtempSync(join(tmpdir(), 'titledesk-main-settings-')); lines = []; });
afterEach(() => { rmSync(folder, { recursive: true, force: true }); });

const open = () => openSettingsFile({ folder, open: () => new Conf({ cwd: folder, configName: 'settings', projectName: 'titledesk' }), log: (line) => { lines.push(line); } });
const chosen = { ...defaultSettings, selectedEnvironmentId: 'sandbox' };

describe("the desktop app's settings file", () => {
  it('when empty, means defaults, the file moved aside, a line in the log and the problem shown', () => {
    writeFileSync(join(folder, 'settings.json'), '');
    const store = open();
    expect(store.load().settings).toEqual(defaultSettings);
    expect(store.load().problem).toMatch(/not valid JSON; it was moved to .*settings\.corrupt-\d+\.json/);
    expect(readdirSync(folder).filter((name) => name.startsWith('settings.corrupt-'))).toHaveLength(1);
    expect(lines).toEqual([store.load().problem]);
    store.save(chosen);
    expect(open().load().settings).toEqual(chosen);
  });

  it('when it cannot be opened at all (a folder in its place), means defaults kept for the session, said so', () => {
    mkdirSync(join(folder, 'settings.json'));
    const store = open();
    expect(store.load().settings).toEqual(defaultSettings);
    expect(store.load().problem).toContain('could not be opened');
    expect(lines).toEqual([expect.stringContaining('defaults are used and changes last until TitleDesk closes')]);
    store.save(chosen);
    expect(store.load().settings).toEqual(chosen);
  });
});
