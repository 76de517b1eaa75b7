// Settings → Team in the core, through the router every host uses, without a team database: the
// password goes to the secret store and never comes back; a team that is set but cannot be used
// refuses every purchase in words instead of letting one go without the team's begin; leaving
// the team lets purchases go again as a lone desk's. (The database itself: test/team/team-join.)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/contract/result.ts';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { teamSecretId } from '../../../electron/core/team-join/team-secret.ts';

const password = 'Corr3ct-Horse-Battery-Staple';
let dataDir: string;
let started: StartedCore;
const secrets = new MemorySecretStore();
const events: { channel: string; payload: unknown }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-team-setting-'));
  started = await startCore({ dataDir, secrets, settings: new ConfSettingsStore(dataDir), sandbox: {} });
  started.core.events.subscribe((channel, payload) => events.push({ channel, payload }));
});

afterAll(async () => {
  await started.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const dispatch = (channel: string, payload?: unknown): Promise<Result<unknown>> => started.core.router.dispatch(channel, payload);

function buy(): Promise<Result<unknown>> {
  const sandbox = started.sandbox?.config;
  if (sandbox === undefined) throw new Error('the embedded sandbox is not running');
  return dispatch('purchase:create', { titleNumber: sandbox.sampleTitles[0], variables: sandbox.sampleVariables.slice(0, 1), buyAgain: true });
}

describe('Settings → Team in the core', () => {
  it('is off with no team, and purchases go as a lone desk’s', async () => {
    expect(await dispatch('team:status')).toEqual({ ok: true, data: { state: 'off' } });
    expect(await dispatch('team:get')).toMatchObject({ ok: true, data: { setting: null, password: 'not-set', passwordKeptIn: 'session' } });
    expect(await buy()).toMatchObject({ ok: true });
  });

  it('keeps the password in the secret store only; the view and the settings file never hold it', async () => {
    // A CA file that cannot be read: the team is set, but the desk cannot use it.
    const setting = { databaseUrl: 'postgres://db.example.invalid:5432/team', login: 'td_acme_front', caFile: join(dataDir, 'missing-ca.pem') };
    const saved = await dispatch('team:save', { setting, password });
    expect(saved).toEqual({ ok: true, data: { setting, password: 'saved', passwordKeptIn: 'session', tls: 'verify-full' } });
    expect(await secrets.get(teamSecretId, 'teamPassword')).toBe(password);
    const file = readFileSync(join(dataDir, 'settings.json'), 'utf8');
    expect(JSON.parse(file)).toMatchObject({ team: setting });
    expect(file).not.toContain(password);
    expect(JSON.stringify(await dispatch('team:get'))).not.toContain(password);
  });

  it('refuses every purchase, in words, while a team is set but cannot be used', async () => {
    await expect.poll(async () => JSON.stringify(await dispatch('team:status'))).toContain('"state":"unreachable"');
    const status = await dispatch('team:status');
    expect(JSON.stringify(status)).toContain('certificate authority file');
    // The header says the setting is at fault, not the network.
    expect(status).toMatchObject({ ok: true, data: { away: 'setting' } });
    const refused = await buy();
    expect(refused).toMatchObject({ ok: false, error: { code: 'team_database' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/cannot be read .*No new purchase can begin until Settings → Team is fixed\. Nothing was sent\./);
    expect(events.some((event) => event.channel === 'team:changed')).toBe(true);
    expect(JSON.stringify(events)).not.toContain(password);
  });

  it('refuses a setting with the password in its URL, and a test without a setting says what to fill in', async () => {
    const withPassword = await dispatch('team:save', { setting: { databaseUrl: `postgres://desk:${password}@db.example.invalid/team`, login: 'desk' } });
    expect(withPassword).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(JSON.stringify(withPassword)).not.toContain(password);
  });

  it('leaving removes the setting and the password, and purchases go again', async () => {
    expect(await dispatch('team:leave')).toMatchObject({ ok: true, data: { setting: null, password: 'not-set' } });
    expect(await secrets.get(teamSecretId, 'teamPassword')).toBeUndefined();
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).not.toContain('"team"');
    await expect.poll(async () => JSON.stringify(await dispatch('team:status'))).toBe(JSON.stringify({ ok: true, data: { state: 'off' } }));
    expect(await buy()).toMatchObject({ ok: true });
    expect(await dispatch('team:test')).toMatchObject({ ok: true, data: { ok: false, problem: 'invalid' } });
  });
});
