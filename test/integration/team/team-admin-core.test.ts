// The team panel's channels in the core, through the router every host uses, without a team
// database: a desk in no team is told so in words; a change is parsed at the boundary (unknown
// keys and bad amounts refused before anything is opened); a team set but unreachable refuses
// in the link's words. (Against a real database: test/e2e/team/team-admin.spec.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/contract/result.ts';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';

let dataDir: string;
let started: StartedCore;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-team-admin-'));
  started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: {} });
});

afterAll(async () => {
  await started.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const dispatch = (channel: string, payload?: unknown): Promise<Result<unknown>> => started.core.router.dispatch(channel, payload);

describe('the team panel in the core', () => {
  it('tells a desk in no team to join one first', async () => {
    expect(await dispatch('team:admin')).toEqual({ ok: false, error: { code: 'validation', message: 'This desk is in no team: join one in Settings → Team first.' } });
    expect(await dispatch('team:admin-change', { kind: 'release', purchaseId: '7' })).toMatchObject({ ok: false, error: { code: 'validation', message: /in no team/ } });
  });

  it('parses a change at the boundary', async () => {
    for (const bad of [{ kind: 'budget', currency: 'GBP', period: 'day', limit: '1e3' }, { kind: 'release', purchaseId: '7', extra: true }, { kind: 'settings' }, { kind: 'drop' }]) {
      expect(await dispatch('team:admin-change', bad)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
  });

  it('refuses in the link’s words while the team database cannot be reached', async () => {
    expect(await dispatch('team:save', { setting: { databaseUrl: 'postgres://127.0.0.1:1/td_nowhere', login: 'td_nowhere_desk' } })).toMatchObject({ ok: true });
    await expect.poll(async () => JSON.stringify(await dispatch('team:status')), { timeout: 15_000 }).toContain('"state":"unreachable"');
    const refused = await dispatch('team:admin');
    expect(refused).toMatchObject({ ok: false, error: { code: 'team_database', message: /127\.0\.0\.1:1 cannot be reached/ } });
    await dispatch('team:leave');
  });
});
