import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { runSandboxCommand } from '../../../electron/sandbox/command.ts';
import { sandboxConfigSchema, type SandboxConfig } from '../../../shared/environment/sandbox-config.ts';
import { basic, formType } from './sandbox-support.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(args: readonly string[], entry = 'electron/sandbox/main.ts'): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [entry, ...args], { cwd: root, stdio: 'pipe' });
  children.push(child);
  return child;
}

async function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return line;
}

async function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

function machineTokenStatus(config: SandboxConfig): Promise<number> {
  const { clientId, clientSecret } = config.machine;
  return fetch(`${config.baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': formType, Authorization: basic(clientId, clientSecret) },
    body: 'grant_type=client_credentials',
  }).then((response) => response.status);
}

describe('titledesk sandbox', () => {
  it('prints the config as its first stdout line, serves, and exits 0 on SIGTERM', async () => {
    const child = run(['--port', '0', '--print-config', '--token-ttl', '60']);
    const config = sandboxConfigSchema.parse(JSON.parse(await firstLine(child)));
    expect(config.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(config.testTitles).toHaveLength(5);
    const discovery = await fetch(`${config.baseUrl}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });

  it('exits 0 on SIGINT too, and applies --fault flags', async () => {
    const child = run(['--print-config', '--fault', 'token:status503:1', '--control']);
    const config = sandboxConfigSchema.parse(JSON.parse(await firstLine(child)));
    expect(await machineTokenStatus(config)).toBe(503);
    expect(await machineTokenStatus(config)).toBe(200);
    expect((await fetch(`${config.baseUrl}/_sandbox/stats`)).status).toBe(200);
    const exit = exitOf(child);
    child.kill('SIGINT');
    expect((await exit).code).toBe(0);
  });

  it('simulates an outage with --outage: purchases answer 503 with Retry-After, sign-in still works', async () => {
    const child = run(['--print-config', '--outage', '7']);
    const config = sandboxConfigSchema.parse(JSON.parse(await firstLine(child)));
    expect(await machineTokenStatus(config)).toBe(200);
    const response = await fetch(`${config.baseUrl}/world/GB-eaw/titles/${config.sampleTitles[0] ?? ''}/catalog`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });

  it('serves the catalog shape of --catalog-shape and rotates refresh tokens with --rotate-refresh-tokens, both listed in --print-config', async () => {
    const child = run(['--print-config', '--catalog-shape', 'variables', '--rotate-refresh-tokens']);
    const config = sandboxConfigSchema.parse(JSON.parse(await firstLine(child)));
    expect(config.behaviour).toEqual({ catalogShape: 'variables', rotateRefreshTokens: true });
    const grant = async (refreshToken: string): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(`${config.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': formType },
        body: new URLSearchParams({ client_id: config.developer.clientId, grant_type: 'refresh_token', refresh_token: refreshToken }),
      });
      return { status: response.status, body: await response.json() };
    };
    const first = await grant(config.developer.refreshToken);
    expect(first.status).toBe(200);
    const rotated = (first.body as { refresh_token?: string }).refresh_token ?? '';
    expect(rotated).not.toBe('');
    const token = (first.body as { access_token: string }).access_token;
    const catalog = await fetch(`${config.baseUrl}/world/GB-eaw/titles/${config.sampleTitles[0] ?? ''}/catalog`, { headers: { Authorization: `Bearer ${token}` } });
    const listing = (await catalog.json()) as { variables?: { variableId: string }[]; member?: unknown };
    expect(listing.member).toBeUndefined();
    expect(listing.variables?.[0]?.variableId).toMatch(/\/variable\/.+\/provenance\//);
    // The old token presented again revokes the family: the rotated one is void as well.
    expect((await grant(config.developer.refreshToken)).body).toMatchObject({ error: 'invalid_grant' });
    expect((await grant(rotated)).body).toMatchObject({ error: 'invalid_grant' });
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });

  it('prints a human summary without --print-config', async () => {
    const child = run([]);
    const line = await firstLine(child);
    expect(line).toMatch(/^TitleDesk sandbox listening on http:\/\/127\.0\.0\.1:[0-9]+$/);
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });

  it('rejects bad arguments with a message on stderr and exit code 2', async () => {
    const cases = [['--catalog-shape', 'flat'], ['--outage', '0'], ['--slow', 'fast'], ['--port', 'eighty'], ['--port', '70000'], ['--fault', 'token:explode'], ['--fault', 'token:drop:x'], ['--token-ttl', '0'], ['--unknown'], ['positional']];
    for (const args of cases) {
      let stderr = '';
      const code = await runSandboxCommand(args, { stdout: () => undefined, stderr: (text) => (stderr += text) });
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toMatch(/^titledesk sandbox: /);
    }
    // The same through a real process, once.
    const result = await exitOf(run(['--port', 'eighty']));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port');
  });

  it('runs through the titledesk command as well', async () => {
    const child = run(['sandbox', '--port', '0', '--print-config'], 'bin/titledesk.mjs');
    const config = sandboxConfigSchema.parse(JSON.parse(await firstLine(child)));
    expect(await machineTokenStatus(config)).toBe(200);
    const exit = exitOf(child);
    child.kill('SIGTERM');
    expect((await exit).code).toBe(0);
  });
});
