import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../electron/core/settings/settings-store.ts';
import type { Result } from '../../../shared/contract/result.ts';
import { startHostileService, type EchoTarget, type HostileService } from '../fixtures/hostile-service.ts';
import { runCli } from '../fixtures/run-cli.ts';

let hostile: HostileService;
let started: StartedCore;
let dataDir: string;
const events: string[] = [];

const dispatch = (channel: string, payload?: unknown): Promise<Result<unknown>> => started.core.router.dispatch(channel, payload);

async function ok(channel: string, payload?: unknown): Promise<unknown> {
  const result = await dispatch(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.data;
}

function secretsIn(text: string): string[] {
  return Object.entries(hostile.secrets).filter(([, value]) => text.includes(value)).map(([name]) => name);
}

/** Every byte of every file in the data folder, the journal and its WAL included. */
function folderBytes(folder: string): string {
  return readdirSync(folder).map((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? folderBytes(path) : readFileSync(path).toString('latin1');
  }).join('\n');
}

async function addEnvironment(name: string, authMode: 'developer' | 'machine'): Promise<string> {
  const base = hostile.baseUrl;
  const input = { name, baseUrl: base, authMode, developerClientId: 'hostile-dev', findUrl: `${base}/Capture/Interactive/Find/v1.1/json3.ws`, retrieveUrl: `${base}/Capture/Interactive/Retrieve/v1.2/json3.ws` };
  const { id } = (await ok('environment:add', { input })) as { id: string };
  if (authMode === 'developer') await ok('credentials:set', { environmentId: id, name: 'refreshToken', value: hostile.secrets.refreshToken });
  else {
    await ok('credentials:set', { environmentId: id, name: 'clientId', value: 'hostile-machine' });
    await ok('credentials:set', { environmentId: id, name: 'clientSecret', value: hostile.secrets.clientSecret });
  }
  await ok('credentials:set', { environmentId: id, name: 'providerKey', value: hostile.secrets.providerKey });
  return id;
}

let developer = '';
let machine = '';

beforeAll(async () => {
  hostile = await startHostileService();
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-echo-'));
  started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: false });
  started.core.events.subscribe((channel, payload) => events.push(`${channel} ${JSON.stringify(payload)}`));
  developer = await addEnvironment('Hostile developer', 'developer');
  machine = await addEnvironment('Hostile machine', 'machine');
  // Every secret is in use before the service turns hostile: both tokens issued, the key sent once.
  for (const id of [developer, machine]) {
    await ok('environment:select', { id });
    await ok('auth:sign-in', { environmentId: id });
    await ok('address:find', { text: 'LS23 6TR' });
  }
});

afterAll(async () => {
  await started.close();
  await hostile.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What a person or a program sees of one request: the answer or the error, whole. */
async function answerTo(channel: string, payload?: unknown): Promise<string> {
  return JSON.stringify(await dispatch(channel, payload));
}

async function settle(answer: string): Promise<string> {
  const parsed = JSON.parse(answer) as { ok: boolean; data?: { id?: string } };
  const id = parsed.data?.id;
  if (id === undefined) return answer;
  return `${answer} ${JSON.stringify(await started.core.purchases.waitForSettled(id))}`;
}

/** The answers whose words TitleDesk keeps and shows, so the echo reaches the answer, redacted. */
const keptWords = new Set<EchoTarget>(['purchase', 'result', 'result-data', 'provider']);

const cases: readonly [EchoTarget, (id: string) => Promise<string>][] = [
  ['discovery', async (id) => `${await answerTo('environment:test', { environmentId: id })} ${await answerTo('auth:sign-out', { environmentId: id })}`],
  ['token', async (id) => `${await answerTo('environment:test', { environmentId: id })} ${await answerTo('auth:sign-out', { environmentId: id })} ${await answerTo('auth:sign-in', { environmentId: id })}`],
  ['catalog', async () => answerTo('catalog:get', { titleNumber: `CAT${String(Date.now() % 100_000)}` })],
  ['purchase', async () => settle(await answerTo('purchase:create', { titleNumber: `PUR${String(Date.now() % 100_000)}`, variables: [hostile.variable], buyAgain: true }))],
  ['result', async () => settle(await answerTo('purchase:create', { titleNumber: `RES${String(Date.now() % 100_000)}`, variables: [hostile.variable], buyAgain: true }))],
  ['result-data', async () => settle(await answerTo('purchase:create', { titleNumber: `DAT${String(Date.now() % 100_000)}`, variables: [hostile.variable], buyAgain: true }))],
  ['provider', async () => `${await answerTo('address:find', { text: 'LS23 6TR' })} ${await answerTo('address:retrieve', { id: 'GB|RM|A|1' })} ${await answerTo('address:test-key', {})}`],
];

describe('a service that echoes the secrets it was sent', () => {
  for (const [target, act] of cases) {
    for (const mode of ['developer', 'machine'] as const) {
      it(`keeps them out of every answer and error: ${target}, ${mode}`, async () => {
        const id = mode === 'developer' ? developer : machine;
        await ok('environment:select', { id });
        hostile.echo(target);
        let seen: string;
        try {
          seen = await act(id);
        } finally {
          hostile.echo('none');
        }
        if (keptWords.has(target)) expect(seen).toContain('[redacted]');
        expect(secretsIn(seen)).toEqual([]);
        expect(secretsIn(await answerTo('purchase:list'))).toEqual([]);
        expect(secretsIn(await answerTo('purchase:history'))).toEqual([]);
      });
    }
  }

  it('never stored them in the journal, its WAL or any file of the data folder, nor sent them as events', () => {
    expect(events.length).toBeGreaterThan(0);
    expect(secretsIn(events.join('\n'))).toEqual([]);
    expect(secretsIn(folderBytes(dataDir))).toEqual([]);
  });
});

describe('the titledesk command on a service echoing the token', () => {
  for (const json of [false, true]) {
    it(`prints no secret${json ? ' with --json' : ''}`, async () => {
      const cliData = mkdtempSync(join(tmpdir(), 'titledesk-echo-cli-'));
      hostile.echo('purchase');
      try {
        const env = { TITLEDESK_DATA_DIR: cliData, TITLEDESK_BASE_URL: hostile.baseUrl, WF_DEVELOPER_CLIENT_ID: 'hostile-dev', WF_REFRESH_TOKEN: hostile.secrets.refreshToken };
        const run = await runCli(['purchase', '--title', 'CLI1', '--var', hostile.variable, ...(json ? ['--json'] : [])], env);
        expect(run.code).not.toBe(0);
        expect(`${run.stdout}${run.stderr}`).toContain('HTTP 422');
        expect(secretsIn(`${run.stdout}\n${run.stderr}`)).toEqual([]);
        expect(secretsIn(folderBytes(cliData))).toEqual([]);
      } finally {
        hostile.echo('none');
        rmSync(cliData, { recursive: true, force: true });
      }
    });
  }
});
