import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { windowStateFile } from '../../../electron/main/window/window-state-file.ts';
import type { WindowState } from '../../../electron/main/window/window-state.ts';

/** conf is what electron-store runs on (electron-store itself needs Electron): the same file handling. */
let folder: string;
let lines: string[];
beforeEach(() => { folder = mkdtempSync(join(tmpdir(), 'titledesk-window-state-')); lines = []; });
afterEach(() => { chmodSync(folder, 0o700); rmSync(folder, { recursive: true, force: true }); });

const saved: WindowState = { x: 10, y: 20, width: 1300, height: 850, maximized: true };
const path = (): string => join(folder, 'window-state.json');
const file = () => windowStateFile({ folder, open: () => new Conf<{ window?: WindowState }>({ cwd: folder, configName: 'window-state', projectName: 'titledesk' }), log: (line) => { lines.push(line); } });

describe('the window-state file', () => {
  it('keeps the window across launches', () => {
    file().save(saved);
    expect(file().load()).toEqual(saved);
    expect(lines).toEqual([]);
  });

  it.each([['empty', ''], ['not JSON', '{"window": {"x": 1']])('when %s, means the default size, moved aside with a line in the log, and is saved afresh', (_name, content) => {
    writeFileSync(path(), content);
    const first = file();
    expect(first.load()).toBeUndefined();
    const aside = readdirSync(folder).filter((name) => /^window-state\.corrupt-\d+\.json$/.test(name));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(folder, aside[0] ?? ''), 'utf8')).toBe(content);
    expect(lines).toEqual([expect.stringContaining(`was not valid JSON; it was moved to ${join(folder, aside[0] ?? '')}`)]);
    first.save(saved);
    expect(file().load()).toEqual(saved);
  });

  it('when it cannot be opened at all (a folder in its place), means the default size and a save that does nothing, with a line in the log', () => {
    mkdirSync(path());
    const state = file();
    expect(state.load()).toBeUndefined();
    expect(() => { state.save(saved); }).not.toThrow();
    expect(lines).toEqual([expect.stringContaining(`${path()} could not be opened`)]);
  });

  it('when it cannot be written (a read-only folder), still saves nothing without throwing', () => {
    if (process.getuid?.() === 0) return; // root writes anywhere
    writeFileSync(path(), JSON.stringify({ window: saved }));
    chmodSync(folder, 0o500);
    const state = file();
    expect(state.load()).toEqual(saved);
    expect(() => { state.save({ ...saved, maximized: false }); }).not.toThrow();
    expect(lines).toEqual([expect.stringContaining('could not be saved')]);
    expect(existsSync(path())).toBe(true);
  });
});
