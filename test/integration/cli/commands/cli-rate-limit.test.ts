import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { runCli } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-rate-limit-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('purchase says the service asked to slow down, sends the same purchase again after the wait, and completes', async () => {
  sandbox.setFaults([
    { target: 'purchase', kind: 'status429', retryAfterSeconds: 2, count: 1 },
    { target: 'result', kind: 'status429', retryAfterSeconds: 1, count: 1 },
  ]);
  const env = {
    TITLEDESK_DATA_DIR: dataDir,
    TITLEDESK_BASE_URL: sandbox.baseUrl,
    WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId,
    WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken,
  };
  const run = await runCli(['purchase', '--title', sandbox.config.sampleTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? '', '--json'], env);
  expect(run.code).toBe(0);
  const output = z.object({ state: z.string(), timeline: z.array(z.object({ method: z.string(), status: z.union([z.number(), z.string()]) })) }).parse(JSON.parse(run.stdout));
  expect(output.state).toBe('available');
  expect(output.timeline.map((exchange) => `${exchange.method} ${String(exchange.status)}`)).toEqual(['POST 429', 'POST 303', 'GET 429', 'GET 200']);
  expect(run.stderr).toMatch(/titledesk purchase: waiting: the service asked to slow down \(until [0-9:]{8}\); it is sent again then, as the same purchase\./);
  expect(run.stderr).toMatch(/pending · next check in [0-9.]+ s · waiting: the service asked to slow down/);
  const posts = sandbox.log().filter((entry) => entry.class === 'purchase');
  expect(posts.map((entry) => entry.status)).toEqual([429, 303]);
  expect((posts[1]?.arrivedAt ?? 0) - (posts[0]?.time ?? Infinity)).toBeGreaterThanOrEqual(2000);
});
