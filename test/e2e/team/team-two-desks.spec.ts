// Two desks of one team, as two analysts' machines: two browser-mode hosts with data folders of
// their own, joined to one team database (a real PostgreSQL, started here) and buying from one
// sandbox (desk A's built-in one, which desk B adds as an environment). A purchase desk A makes
// appears on desk B's screen, says which desk bought it, and completes there too.
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { sandboxCredentials } from '../../../electron/sandbox/auth/credentials.ts';
import { defaultWorldSeed } from '../../../electron/sandbox/world/build-world.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../../team/support/password-cluster.ts';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke, sandboxEnvironment } from '../support/host-api.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

const missing = passwordClusterMissing();
test.skip(missing !== '', `needs PostgreSQL: ${missing}`);

let cluster: PasswordCluster | undefined;
let team: TeamDatabase;
let deskA: TitleDeskWeb | undefined;
let deskB: TitleDeskWeb | undefined;

const sandboxInfo = z.object({ sampleTitles: z.array(z.string()).min(1), sampleVariables: z.array(z.string()).min(2) });
const record = z.object({ id: z.string(), team: z.object({ desk: z.string(), purchaseId: z.string() }).optional() });
const teamStatus = z.object({ state: z.string(), desk: z.string().optional() });

function host(which: TitleDeskWeb | undefined): TitleDeskWeb {
  if (which === undefined) throw new Error('the hosts start in beforeAll');
  return which;
}

function desk(name: string): { login: string; password: string } {
  const found = team.desks[name];
  if (found === undefined) throw new Error(`no desk ${name}`);
  return found;
}

async function join(web: TitleDeskWeb, name: string): Promise<void> {
  await invoke(web, 'team:save', { setting: { databaseUrl: team.deskUrl, login: desk(name).login }, password: desk(name).password });
  await expect.poll(async () => teamStatus.parse(await invoke(web, 'team:status')).state, { timeout: 15_000 }).toBe('connected');
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPasswordCluster();
  team = await createTeamDatabase(cluster, 'Two Desks', { alpha: 'analyst', bravo: 'analyst' });
  [deskA, deskB] = await Promise.all([startTitleDeskWeb(), startTitleDeskWeb()]);
  // Desk B buys from desk A's sandbox: one service, so one environment for the team (by base URL).
  const { baseUrl, developerClientId } = await sandboxEnvironment(host(deskA));
  const added = z.object({ id: z.string() }).parse(await invoke(host(deskB), 'environment:add', { input: { name: 'Shared sandbox', baseUrl, authMode: 'developer', developerClientId, kind: 'local' } }));
  await invoke(host(deskB), 'credentials:set', { environmentId: added.id, name: 'refreshToken', value: sandboxCredentials(defaultWorldSeed).developer.refreshToken });
  await invoke(host(deskB), 'environment:select', { id: added.id });
  await join(host(deskA), 'alpha');
  await join(host(deskB), 'bravo');
});

test.afterAll(async () => {
  await Promise.all([deskA?.stop(), deskB?.stop()]);
  cluster?.stop();
});

test('a purchase made on desk A appears on desk B’s screen, by desk A, and completes there', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const pageA = await browser.newPage();
  const pageB = await browser.newPage();
  const problems = [...collectPageProblems(pageA), ...collectPageProblems(pageB)];
  await openSignedIn(pageA, host(deskA));
  await openSignedIn(pageB, host(deskB));
  await expect(pageA.getByRole('banner').getByText('Team: desk alpha')).toBeVisible();
  await expect(pageB.getByRole('banner').getByText('Team: desk bravo')).toBeVisible();

  const { sampleTitles, sampleVariables } = sandboxInfo.parse(await invoke(host(deskA), 'sandbox:info'));
  const bought = record.parse(await invoke(host(deskA), 'purchase:create', { titleNumber: sampleTitles[0], variables: sampleVariables.slice(0, 2), buyAgain: true }));
  expect(bought.team?.desk).toBe('alpha');

  // Desk B's own screen: the purchase list shows desk A's purchase, and follows it to the end.
  const rowB = pageB.locator(`article[data-purchase-id="${bought.id}"]`);
  await expect(rowB).toBeVisible({ timeout: 10_000 });
  await expect(rowB).toContainText('desk alpha');
  await expect(rowB.locator('.chip')).toHaveText('Available', { timeout: 30_000 });
  await expect(pageA.locator(`article[data-purchase-id="${bought.id}"] .chip`)).toHaveText('Available', { timeout: 30_000 });
  await screenshot(pageB, testInfo, 'desk-b-sees-desk-a');
  // Desk A hears that its purchase is ready; desk B, whose list shows it, is not told of desk A's.
  await expect(pageA.getByRole('status').getByText(/^Purchase ready:/)).toBeVisible();
  await expect(pageB.getByText(/^Purchase ready:/)).toHaveCount(0);

  // History on desk B says whose it is.
  await pageB.getByRole('tab', { name: 'History' }).click();
  await expect(pageB.getByRole('row').filter({ hasText: 'Bought by desk alpha' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});
