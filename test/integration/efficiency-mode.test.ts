import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = pathToFileURL(join(import.meta.dirname, '..', '..', 'electron', 'core', 'app', 'efficiency-mode.ts')).href;

// V8's own answer, before and after, read with its test-only natives (compiled after the call, so
// the second read sees the flag as V8 does when it decides).
const script = `
const before = eval('%IsEfficiencyModeEnabled()');
(await import(${JSON.stringify(moduleUrl)})).runInEfficiencyMode();
const after = eval('%IsEfficiencyModeEnabled()');
process.stdout.write(JSON.stringify({ before, after }));
`;

// In a fresh process: the flag is process-wide and cannot be undone within a test worker.
describe('runInEfficiencyMode', () => {
  it('turns V8 efficiency mode on in a running process, where a plain Node process has it off', () => {
    const result = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ before: false, after: true });
  });
});
