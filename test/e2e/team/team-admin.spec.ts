// Settings → Team's team panel in browser mode against a real team database (PostgreSQL that
// checks passwords, started here): an admin desk sets a budget, the reuse window and a short claim
// timeout in the panel, and the database has them; then, joined as a support desk, a purchase
// another desk began and never reported on waits in the panel and is released once the claim
// timeout has passed, by keyboard, after a confirmation. Both screens in light and dark.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { z } from 'zod';
import { TeamStore } from '../../../electron/core/team/team-store.ts';
import { parseTeamUrl } from '../../../electron/core/team/team-url.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../../team/support/password-cluster.ts';
import { collectPageProblems } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

const missing = passwordClusterMissing();
test.skip(missing !== '', `needs PostgreSQL: ${missing}`);
test.describe.configure({ mode: 'serial' });

let cluster: PasswordCluster | undefined;
let team: TeamDatabase;
let host: TitleDeskWeb | undefined;
const teamStatus = z.object({ state: z.string(), desk: z.string().optional() });

function current(): TitleDeskWeb {
  if (host === undefined) throw new Error('the host starts in beforeAll');
  return host;
}

function desk(name: string): { login: string; password: string } {
  const found = team.desks[name];
  if (found === undefined) throw new Error(`no desk ${name}`);
  return found;
}

/** The team database as its setup login (a superuser here): what the desks' changes left in it. */
async function fromDatabase<T>(read: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const url = new URL(cluster?.url ?? '');
  url.pathname = new URL(team.deskUrl).pathname;
  const sql = postgres(url.href, { max: 1, onnotice: () => undefined });
  try {
    return await read(sql);
  } finally {
    await sql.end();
  }
}

async function join(name: string): Promise<void> {
  await invoke(current(), 'team:save', { setting: { databaseUrl: team.deskUrl, login: desk(name).login }, password: desk(name).password });
  await expect.poll(async () => teamStatus.parse(await invoke(current(), 'team:status')), { timeout: 15_000 }).toMatchObject({ state: 'connected', desk: name });
}

async function openTeamPanel(page: Page) {
  await page.goto(current().url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Team' }).click();
  const panel = dialog.getByRole('region', { name: `Team ${team.team}` });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  return panel;
}

/** The panel as it looks in the light and the dark scheme. */
async function lightAndDark(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.getByRole('dialog', { name: 'Settings' }).screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPasswordCluster();
  team = await createTeamDatabase(cluster, 'Admin E2E', { front: 'analyst', helpdesk: 'support' });
  host = await startTitleDeskWeb();
});

test.afterAll(async () => {
  await host?.stop();
  cluster?.stop();
});

test('an admin desk sets a budget, the reuse window and the claim timeout, and the team database has them', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectPageProblems(page);
  await page.setViewportSize({ width: 1280, height: 1700 });
  await join('admin');
  const panel = await openTeamPanel(page);
  await expect(panel).toContainText('This desk: admin (admin: budgets, settings, desks).');
  await expect(panel).toContainText('No team budget');

  const budget = panel.getByRole('form', { name: 'Set a team budget' });
  await budget.getByLabel('Currency').fill('GBP');
  await budget.getByLabel('Period').selectOption('day');
  await budget.getByLabel('Limit').fill('75');
  await budget.getByLabel('Limit').press('Enter');
  await expect(budget.getByRole('status')).toHaveText('The daily GBP limit is £75.00 now.');
  const budgets = panel.getByRole('table', { name: 'Team budgets' });
  await expect(budgets).toContainText('£75.00');
  await expect(budgets).toContainText('£0.00 today');

  const settings = panel.getByRole('form', { name: 'Team settings' });
  await expect(settings.getByLabel('Reuse window')).toHaveValue('30 days');
  await settings.getByLabel('Reuse window').fill('12');
  await settings.getByLabel('Reuse window').press('Enter');
  await expect(settings.getByText(/Give the reuse window as a number and a unit/)).toBeVisible();
  await settings.getByLabel('Reuse window').fill('12 h');
  await settings.getByLabel('Claim timeout').fill('5 s');
  await settings.getByLabel('Claim timeout').press('Enter');
  await expect(settings.getByRole('status')).toHaveText('Saved in the team database: every desk uses them now.');
  await expect(panel.getByRole('form', { name: 'Team settings' }).getByLabel('Reuse window')).toHaveValue('12 hours');

  const stored = await fromDatabase(async (sql) => ({
    team: await sql`SELECT extract(epoch FROM reuse_window)::int AS reuse, extract(epoch FROM claim_timeout)::int AS claim, time_zone AS zone FROM titledesk.teams`,
    limits: await sql`SELECT currency, period, limit_amount::text AS "limit" FROM titledesk.budget_limits`,
  }));
  expect(stored.team).toEqual([{ reuse: 43_200, claim: 5, zone: 'Europe/London' }]);
  expect(stored.limits).toEqual([{ currency: 'GBP', period: 'day', limit: '75.0000' }]);

  // Its own row cannot be demoted here; another desk's can, after a confirmation to deactivate it.
  const desks = panel.getByRole('table', { name: 'Team desks' });
  await expect(desks.getByRole('row', { name: /admin \(this desk\)/ })).toContainText('Another admin changes this desk.');
  await desks.getByRole('button', { name: 'Deactivate desk front' }).click();
  await expect(desks.getByRole('group', { name: 'Confirm deactivating desk front' })).toBeVisible();
  await lightAndDark(page, 'team-admin');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(desks.getByRole('button', { name: 'Deactivate desk front' })).toBeFocused();
  expect(await fromDatabase((sql) => sql`SELECT active FROM titledesk.desks WHERE name = 'front'`)).toEqual([{ active: true }]);
  expect(problems).toEqual([]);
});

const ownerIri = 'https://api.example/vars/HMLR/Register#Proprietorship/Owner/owner_name';

test('a support desk releases a purchase whose desk went silent, once the claim timeout has passed', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = collectPageProblems(page);
  await page.setViewportSize({ width: 1280, height: 1400 });
  // Desk front begins a purchase and is never heard of again.
  const front = desk('front');
  const url = new URL(team.deskUrl);
  url.username = front.login;
  url.password = front.password;
  const store = await TeamStore.open(parseTeamUrl(url.href));
  let purchaseId: string;
  try {
    const begun = await store.begin({ environment: 'https://sandbox.example', localId: 'silent-1', resourceKind: 'title', resource: 'WYK1', lines: [{ variable: ownerIri, price: '1.2500' }], currency: 'GBP' });
    if (begun.outcome !== 'begun') throw new Error(`expected a begin, got ${begun.outcome}`);
    purchaseId = begun.purchase.purchaseId;
  } finally {
    await store.close();
  }

  await join('helpdesk');
  const panel = await openTeamPanel(page);
  await expect(panel).toContainText('This desk: helpdesk (support:');
  await expect(panel.getByRole('form')).toHaveCount(0);
  const waiting = panel.getByRole('list', { name: 'Purchases waiting for their desk' }).getByRole('listitem');
  // The variable by its name; the whole IRI is the name's tooltip.
  await expect(waiting).toContainText(`Title WYK1: owner_name (team purchase ${purchaseId})`);
  await expect(waiting.getByText('owner_name', { exact: true })).toHaveAttribute('title', ownerIri);
  await expect(waiting).toContainText(/Begun by desk front, no report since \d\d:\d\d; (can be released at|releasable since) \d\d:\d\d\./);
  const release = waiting.getByRole('button', { name: `Release team purchase ${purchaseId}`, exact: true });
  await expect(release).toBeEnabled({ timeout: 20_000 });
  await lightAndDark(page, 'team-support-waiting');

  // By keyboard: the button asks, focus moves to the confirmation, Enter releases.
  await release.focus();
  await page.keyboard.press('Enter');
  const confirm = waiting.getByRole('group', { name: `Confirm releasing team purchase ${purchaseId}` });
  await expect(confirm.getByRole('button', { name: 'Release', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('No purchase is waiting for its desk.')).toBeVisible();
  expect(await fromDatabase((sql) => sql`SELECT state FROM titledesk.purchases WHERE id = ${purchaseId}::bigint`)).toEqual([{ state: 'outcome_unknown' }]);
  await lightAndDark(page, 'team-support-released');
  expect(problems).toEqual([]);
});
