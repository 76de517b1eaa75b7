// postgres.js with its connection closed under a deferred write (patches/postgres+3.4.9.patch,
// docs/decisions/023-postgres-closed-socket-patch.md): the query is rejected with a catchable
// CONNECTION_CLOSED, the process lives on, and the connection flushes again once reconnected.
// Each case runs in its own Node process, so the unpatched library's uncaught TypeError is an
// exit code here, not an unhandled error in the runner. Both builds are tried: ESM and CommonJS.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { teamServerMissing, teamServerUrl, teamSkipReason } from '../support/team-db.ts';

const script = join(import.meta.dirname, '..', 'support', 'closed-socket-child.ts');

function run(flavour: 'esm' | 'cjs', scenario: 'reserved' | 'pooled'): { status: number | null; outcome: unknown; output: string } {
  const result = spawnSync(process.execPath, [script, teamServerUrl, flavour, scenario], { encoding: 'utf8', timeout: 60_000 });
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  const outcome = last.startsWith('{') ? (JSON.parse(last) as { outcome: unknown }).outcome : undefined;
  return { status: result.status, outcome, output: result.stdout + result.stderr };
}

describe.skipIf(teamServerMissing)(teamServerMissing ? `skipped: ${teamSkipReason}` : 'a postgres.js connection closed under a deferred write', () => {
  for (const flavour of ['esm', 'cjs'] as const) {
    it(`rejects a reserved connection's query once its backend is gone, and lives on (${flavour})`, () => {
      const { status, outcome, output } = run(flavour, 'reserved');
      expect(output).not.toContain("Cannot read properties of null (reading 'write')");
      expect({ status, outcome }).toEqual({ status: 0, outcome: 'CONNECTION_CLOSED' });
    });

    it(`reconnects and answers after the socket closed before a write was flushed (${flavour})`, () => {
      const { status, outcome, output } = run(flavour, 'pooled');
      expect(output).not.toContain('TypeError');
      expect({ status, outcome }).toEqual({ status: 0, outcome: { lost: 'CONNECTION_CLOSED', after: 2 } });
    });
  }
});
