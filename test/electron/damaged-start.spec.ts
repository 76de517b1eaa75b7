import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/index.ts';
import { appEnv, binary, call, launch, mainLog, removeProfile, root, scratchProfile, skipWithoutElectron } from './launch.ts';

/**
 * Two ways the app once could not start at all: a data folder the CLI had used first (its sealed
 * journal), and damaged settings and window-state files. Only Electron itself can show both
 * starts; test/integration/desktop-and-hosts/bundled-desktop-start.test.ts runs the same cycle
 * in Node.
 */
skipWithoutElectron();

let userData: string;
let sandbox: RunningSandbox;
test.beforeEach(async () => {
  userData = scratchProfile();
  sandbox = await startSandbox({ port: 0, pacing: { readySeconds: [0, 0] } });
});
test.afterEach(async () => {
  await sandbox.close();
  removeProfile(userData);
});

const journal = (): string => join(userData, 'purchases.sqlite');
const sealSchema = z.object({ closed: z.unknown() });
const seal = (): z.infer<typeof sealSchema> => sealSchema.parse(JSON.parse(readFileSync(`${journal()}-seal.json`, 'utf8')));

test('starts on a data folder the CLI used first, trusting and renewing its seal', async () => {
  const cli = spawnSync(process.execPath, [join(root, 'bin', 'titledesk.mjs'), 'purchase', '--title', sandbox.config.sampleTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? '', '--fire-and-forget', '--json'], {
    env: { ...process.env, TITLEDESK_DATA_DIR: userData, TITLEDESK_BASE_URL: sandbox.baseUrl, WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId, WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken },
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  expect(seal().closed).not.toBeNull();
  const { app, page } = await launch(userData);
  expect(seal().closed).toBeNull();
  const history = await call(page, 'purchase:history', {});
  expect(history.purchases.map((purchase) => purchase.titleNumber)).toContain(sandbox.config.sampleTitles[0]);
  await app.close();
  expect(seal().closed).not.toBeNull();
});

test('starts past empty settings and window-state files, moving them aside and saying so in the log', async () => {
  writeFileSync(join(userData, 'settings.json'), '');
  writeFileSync(join(userData, 'window-state.json'), '{"window": {"x": 1');
  const { app } = await launch(userData);
  await app.close();
  expect(readdirSync(userData).filter((name) => /^(settings|window-state)\.corrupt-\d+\.json$/.test(name))).toHaveLength(2);
  expect(mainLog(userData).match(/was not valid JSON/g)).toHaveLength(2);
  // Saved afresh at the close.
  expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'))).toHaveProperty('window');
});

test('a quit during start-up waits for the start and closes the journal it opened', async () => {
  // No wait for the window: the quit arrives while the start is still opening the journal.
  const app = await electron.launch({ executablePath: binary ?? '', args: [root], env: appEnv(userData) });
  await app.close();
  // A journal left open would leave its log behind.
  expect(existsSync(`${journal()}-wal`)).toBe(false);
  const { app: again } = await launch(userData);
  await again.close();
});
