// Settings → Team in browser mode against a real PostgreSQL that checks passwords (started here
// through the team suites' own harness): Test connection says who the desk is, or that the
// password is wrong; Save joins the team and the header says so; the password never appears in
// the page, in any answer of the host, or in the settings file; an unreachable team database is
// named in the header; Leave team takes it all back.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { knownSchemaVersion } from '../../../electron/core/team/migrations/migration.ts';
import { createTeamDatabase, passwordClusterMissing, startPasswordCluster, type PasswordCluster, type TeamDatabase } from '../../team/support/password-cluster.ts';
import { collectPageProblems, screenshot } from '../support/app-page.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

const missing = passwordClusterMissing();
test.skip(missing !== '', `needs PostgreSQL: ${missing}`);

let cluster: PasswordCluster | undefined;
let team: TeamDatabase;
let host: TitleDeskWeb | undefined;
let dataDir = '';
const wrongPassword = `wrong-${randomBytes(12).toString('hex')}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await startPasswordCluster();
  team = await createTeamDatabase(cluster, 'Acme E2E', { front: 'analyst' });
  host = await startTitleDeskWeb((dir) => {
    dataDir = dir;
    return Promise.resolve();
  });
});

test.afterAll(async () => {
  await host?.stop();
  cluster?.stop();
});

function current(): TitleDeskWeb {
  if (host === undefined) throw new Error('the host starts in beforeAll');
  return host;
}

function front(): { login: string; password: string } {
  const desk = team.desks['front'];
  if (desk === undefined) throw new Error('no desk front');
  return desk;
}

async function openTeamSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Team' }).click();
  return dialog.getByRole('form', { name: 'Team database' });
}

function settingsFile(): string {
  const path = join(dataDir, 'settings.json');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

test('a wrong password is refused in words, and nothing is saved', async ({ page }) => {
  await page.goto(current().url);
  const form = await openTeamSettings(page);
  await form.getByLabel('Team database URL').fill(team.deskUrl);
  await expect(form.getByText('No TLS: the server is on this machine')).toBeVisible();
  await form.getByLabel('Desk login').fill(front().login);
  await form.getByLabel('Password', { exact: true }).fill(wrongPassword);
  // Keyboard only: the button is reached and pressed like any other.
  await form.getByRole('button', { name: 'Test connection' }).focus();
  await page.keyboard.press('Enter');
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Wrong login or password');
  await expect(alert).toContainText("refused this desk's login: check its name and password");
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await page.content()).not.toContain(wrongPassword);
  expect(settingsFile()).not.toContain('"team"');
});

test('Test connection names the desk and team; Save joins it; the password goes nowhere else', async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  const { login, password } = front();
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').startsWith('text/event-stream')) bodies.push(response.text());
  });
  await page.goto(current().url);
  const form = await openTeamSettings(page);
  await form.getByLabel('Team database URL').fill(team.deskUrl);
  await form.getByLabel('Desk login').fill(login);
  const input = form.getByLabel('Password', { exact: true });
  await input.fill(password);
  await form.getByRole('button', { name: 'Test connection' }).click();
  const result = form.getByRole('status').filter({ hasText: 'Connected as desk' });
  await expect(result).toContainText('Connected as desk front (analyst) of team Acme E2E.');
  await expect(result).toContainText(`Schema version ${String(knownSchemaVersion)}: OK.`);
  await expect(result).toContainText('Reuse window 30 days; claim timeout 15 min; calendar Europe/London.');
  await expect(result).toContainText('Budgets: none set.');
  await screenshot(page, testInfo, 'team-settings-tested');
  expect(await page.content()).not.toContain(password);

  // Enter in a field saves, as in any form.
  await form.getByLabel('CA file (optional)').press('Enter');
  await expect(form.getByText('Saved: kept for this session only: no OS keychain on this machine.')).toBeVisible();
  await expect(input).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByRole('status').filter({ hasText: 'Team:' })).toHaveText('Team: desk front (analyst)');
  await screenshot(page, testInfo, 'team-connected');

  // Reopened: the setting is there, the password only as "saved".
  const reopened = await openTeamSettings(page);
  await expect(reopened.getByLabel('Team database URL')).toHaveValue(team.deskUrl);
  await expect(reopened.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(reopened.getByText('Saved: kept for this session only')).toBeVisible();
  await page.keyboard.press('Escape');

  const text = await page.evaluate(() => ({
    body: document.body.innerText,
    inputs: [...document.querySelectorAll('input')].map((element) => element.value).join('\n'),
    storage: JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage)]),
  }));
  expect(`${await page.content()}${text.body}${text.inputs}${text.storage}`).not.toContain(password);
  expect((await Promise.all(bodies)).filter((body) => body.includes(password))).toEqual([]);
  const file = settingsFile();
  expect(JSON.parse(file)).toMatchObject({ team: { databaseUrl: team.deskUrl, login } });
  expect(file).not.toContain(password);
  expect(file).not.toContain(encodeURIComponent(password));
  expect(statSync(join(dataDir, 'settings.json')).mode & 0o777).toBe(0o600);
  expect(current().stderr()).not.toContain(password);
  expect(problems).toEqual([]);
});

test('an unreachable team database is named in the header, then Leave team takes it back', async ({ page }, testInfo) => {
  await page.goto(current().url);
  const form = await openTeamSettings(page);
  await form.getByLabel('Team database URL').fill('postgres://127.0.0.1:1/td_acme_e2e');
  await form.getByLabel('Desk login').fill(front().login);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved. This desk joins the team now')).toBeVisible();
  await page.keyboard.press('Escape');
  const away = page.getByRole('banner').getByRole('status').filter({ hasText: 'Team database unreachable' });
  await expect(away).toContainText(/Team database unreachable since .*: new purchases are refused/);
  await expect(away).toContainText('cannot be reached');
  await screenshot(page, testInfo, 'team-unreachable');

  // A purchase now is refused before anything is sent, with the core's words naming the database.
  await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill('DN147408');
  await page.getByRole('option', { name: 'Open title DN147408' }).click();
  const title = page.getByRole('region', { name: 'Title DN147408' });
  await expect(title.getByLabel('Filter variables')).toBeVisible();
  await title.getByText('WhenFresh / Address', { exact: true }).click();
  await title.getByRole('checkbox', { name: /^Unique Property Reference Number/ }).check();
  await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
  await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The team database at 127.0.0.1:1 cannot be reached' });
  await expect(refused).toContainText("The team database at 127.0.0.1:1 cannot be reached, so the team's budget and reuse cannot be checked. Nothing was sent.");
  await screenshot(page, testInfo, 'team-purchase-refused');

  const again = await openTeamSettings(page);
  await again.getByRole('button', { name: 'Leave team' }).click();
  await expect(again.getByLabel('Team database URL')).toHaveValue('');
  await expect(again.getByText('Not set.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByText(/^Team/)).toHaveCount(0);
  expect(settingsFile()).not.toContain('"team"');
});
