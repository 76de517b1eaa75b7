import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { webCoreOptions } from '../../../electron/web/web-core-options.ts';
import type { Result } from '../../../shared/contract/result.ts';
import { environmentSchema } from '../../../shared/environment/environment.ts';

let mine: RunningSandbox;
let other: RunningSandbox;
let started: StartedCore;
let dataDir: string;

beforeAll(async () => {
  mine = await startSandbox({ port: 0 });
  // Another seed: other credentials, so it would refuse the first one's if they ever reached it.
  other = await startSandbox({ port: 0, seed: 7 });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-envcreds-'));
  // Exactly as `titledesk web` composes the core, with machine credentials in the environment.
  const env = { WF_CLIENT_ID: mine.config.machine.clientId, WF_CLIENT_SECRET: mine.config.machine.clientSecret };
  started = await startCore({ ...(await webCoreOptions(dataDir, env)), sandbox: false });
});

afterAll(async () => {
  await started.close();
  await Promise.all([mine.close(), other.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const dispatch = (channel: string, payload?: unknown): Promise<Result<unknown>> => started.core.router.dispatch(channel, payload);

async function add(name: string, sandbox: RunningSandbox, fromEnvironment: boolean): Promise<string> {
  const input = { name, baseUrl: sandbox.baseUrl, authMode: 'machine', ...(fromEnvironment ? { credentialsFromEnvironment: true } : {}) };
  const result = await dispatch('environment:add', { input });
  if (!result.ok) throw new Error(result.error.message);
  return environmentSchema.parse(result.data).id;
}

const tokenRequests = (sandbox: RunningSandbox): number => sandbox.log().filter((entry) => entry.class === 'token').length;

describe('credentials from environment variables', () => {
  it('go to the one environment marked for them and never to another token endpoint', async () => {
    const marked = await add('Mine', mine, true);
    const unmarked = await add('Other', other, false);

    const signedIn = await dispatch('auth:sign-in', { environmentId: marked });
    expect(signedIn).toMatchObject({ ok: true, data: { signedIn: true, credentials: 'environment' } });
    expect(tokenRequests(mine)).toBe(1);

    const refused = await dispatch('auth:sign-in', { environmentId: unmarked });
    expect(refused).toMatchObject({ ok: false });
    expect(await dispatch('credentials:status', { environmentId: unmarked })).toMatchObject({
      ok: true,
      data: { present: { clientId: false, clientSecret: false } },
    });
    // The other service's token endpoint never saw a request, so never saw the credentials.
    expect(tokenRequests(other)).toBe(0);
  });

  it('move with the mark: marking another environment unmarks the first, which then sends nothing', async () => {
    const second = await add('Other marked', other, true);
    const list = await dispatch('environment:list');
    if (!list.ok) throw new Error(list.error.message);
    const flags = environmentSchema.array().parse((list.data as { environments: unknown }).environments).map((e) => [e.name, e.credentialsFromEnvironment === true]);
    expect(flags).toEqual([['Mine', false], ['Other', false], ['Other marked', true]]);

    const before = tokenRequests(mine);
    expect(await dispatch('auth:sign-in', { environmentId: 'mine' })).toMatchObject({ ok: false });
    expect(tokenRequests(mine)).toBe(before);
    // The newly marked environment does send them, to its own token endpoint, which refuses them.
    expect(await dispatch('auth:sign-in', { environmentId: second })).toMatchObject({ ok: false });
    expect(tokenRequests(other)).toBe(1);
  });
});
