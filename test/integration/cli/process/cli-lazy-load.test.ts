import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const bin = join(root, 'bin', 'titledesk.mjs');

// Runs before the CLI: records every project module the CLI loads, one per stderr line.
const recorder = `
import { registerHooks } from 'node:module';
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && !url.includes('/node_modules/')) process.stderr.write('loaded ' + url + '\\n');
    return nextLoad(url, context);
  },
});
`;

/** The project's own modules the real CLI loads for these arguments, relative to the project. */
function modulesLoadedFor(args: readonly string[]): string[] {
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(recorder)}`, bin, ...args], { cwd: root, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => decodeURIComponent(new URL(line.slice('loaded '.length)).pathname).slice(root.length + 1));
}

describe('CLI start-up loads only what the command needs', () => {
  it('--help loads no command, no core, no sandbox and no web host', () => {
    const loaded = modulesLoadedFor(['--help']);
    expect(loaded).toContain('electron/cli/main.ts');
    expect(loaded.filter((path) => /^electron\/(core|sandbox|web)\/|^electron\/cli\/commands\//.test(path))).toEqual([]);
  });

  it("a command's --help loads that command alone: not the others, the web host or the sandbox's own command", () => {
    const loaded = modulesLoadedFor(['check', '--help']);
    expect(loaded).toContain('electron/cli/commands/check.ts');
    expect(loaded.filter((path) => path.startsWith('electron/cli/commands/') && path !== 'electron/cli/commands/check.ts')).toEqual([]);
    expect(loaded.filter((path) => path.startsWith('electron/web/') || path === 'electron/sandbox/command.ts')).toEqual([]);
  });
});

// Runs before the code under test: says on exit whether Node's own copy of undici was loaded.
const undiciWatch = `
process.on('exit', () => {
  process.stderr.write('node undici loaded: ' + process.moduleLoadList.some((name) => name.includes('internal/deps/undici')) + '\\n');
});
`;

function nodeUndiciLoaded(args: readonly string[], expectedStatus: number): boolean {
  const home = mkdtempSync(join(tmpdir(), 'titledesk-lazy-'));
  try {
    const env = { ...process.env, TITLEDESK_BASE_URL: '', TITLEDESK_DATA_DIR: '', XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, XDG_STATE_HOME: home };
    const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(undiciWatch)}`, ...args], { cwd: root, env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(expectedStatus);
    const said = /node undici loaded: (true|false)/.exec(result.stderr);
    expect(said, result.stderr).not.toBeNull();
    return said?.[1] === 'true';
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("servers start without node:http's WebSocket getters", () => {
  // An ES import of node:http reads every export to build its namespace; its WebSocket getters
  // load Node's own undici (about 45 ms of a start). The sandbox and the web host take it otherwise.
  it('an ES import of node:http loads it: what the next test looks for can be seen', () => {
    expect(nodeUndiciLoaded(['--input-type=module', '-e', "await import('node:http');"], 0)).toBe(true);
  });

  it('check of an unknown purchase against the embedded sandbox does not load it', () => {
    expect(nodeUndiciLoaded([bin, 'check', '00000000-0000-4000-8000-000000000000'], 4)).toBe(false);
  });
});
