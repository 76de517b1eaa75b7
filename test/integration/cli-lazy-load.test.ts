import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
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
