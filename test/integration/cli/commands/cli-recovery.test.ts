import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { developerEnv, runCli as runCliProcess, type CliRun } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;
let otherDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-recovery-'));
  otherDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-other-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDir, { recursive: true, force: true });
});

function runCli(args: readonly string[], dir = dataDir): Promise<CliRun> {
  return runCliProcess(args, developerEnv(sandbox, dir));
}

const historySchema = z.object({ purchases: z.array(z.object({ id: z.string(), state: z.string(), imported: z.boolean().optional() })) });

async function history(dir = dataDir): Promise<z.infer<typeof historySchema>['purchases']> {
  const run = await runCli(['history', '--json'], dir);
  return historySchema.parse(JSON.parse(run.stdout)).purchases;
}

function serviceCalls(): number {
  return sandbox.log().filter((entry) => entry.class === 'purchase' || entry.class === 'result').length;
}

function posts(): number {
  return sandbox.log().filter((entry) => entry.class === 'purchase').length;
}

describe('titledesk resolve, export and import', () => {
  it('resolves outcome-unknown purchases: --abandon sends nothing, --buy-again sends once', async () => {
    const [title = '', second = ''] = sandbox.config.sampleTitles;
    const variable = sandbox.config.sampleVariables[0] ?? '';
    sandbox.setFaults([{ target: 'purchase', kind: 'drop', count: 2 }]);
    expect((await runCli(['purchase', '--title', title, '--var', variable])).code).toBe(5);
    expect((await runCli(['purchase', '--title', second, '--var', variable])).code).toBe(5);
    sandbox.setFaults([]);
    const [newest, oldest] = await history();
    expect([newest?.state, oldest?.state]).toEqual(['outcome_unknown', 'outcome_unknown']);
    expect((await runCli(['resolve', newest?.id ?? ''])).code).toBe(2);
    const before = posts();
    const abandoned = await runCli(['resolve', newest?.id ?? '', '--abandon', '--json']);
    expect(abandoned.code).toBe(0);
    expect(JSON.parse(abandoned.stdout)).toMatchObject({ state: 'cancelled' });
    expect(posts()).toBe(before);
    const again = await runCli(['resolve', oldest?.id ?? '', '--buy-again', '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ state: 'available' });
    expect(posts()).toBe(before + 1);
  });

  it('exports the history and imports it into another data folder, where nothing is sent', async () => {
    const file = join(otherDir, 'history.json');
    const exported = await runCli(['export', file, '--json']);
    expect(exported.code).toBe(0);
    const count = z.object({ purchases: z.number() }).parse(JSON.parse(exported.stdout)).purchases;
    const target = mkdtempSync(join(tmpdir(), 'titledesk-cli-import-'));
    try {
      const before = serviceCalls();
      const imported = await runCli(['import', file, '--json'], target);
      expect(imported.code).toBe(0);
      expect(JSON.parse(imported.stdout)).toEqual({ imported: count, alreadyPresent: 0, unreadable: 0 });
      const copied = await history(target);
      expect(copied).toHaveLength(count);
      expect(copied.every((record) => record.imported === true)).toBe(true);
      const unknown = copied.find((record) => record.state === 'cancelled');
      expect((await runCli(['resolve', unknown?.id ?? '', '--buy-again'], target)).code).toBe(2);
      expect(serviceCalls()).toBe(before);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
