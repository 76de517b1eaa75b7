import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { addEnvironment, environmentPicker, openSettings, screenshot, setCredential } from '../support/app-page.ts';
import { sandboxEnvironment } from '../support/host-api.ts';
import { startTitleDeskWeb, type TitleDeskWeb } from '../support/titledesk-web.ts';

let host: TitleDeskWeb;

test.beforeAll(async () => {
  host = await startTitleDeskWeb();
});

test.afterAll(async () => {
  await host.stop();
});

/** A loopback port nothing listens on: bound once by the OS, then released. */
async function deadLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve); });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => { server.close(() => { resolve(); }); });
  return address.port;
}

test('switching to an environment nobody answers, and back to Sandbox', async ({ page }, testInfo) => {
  const port = await deadLoopbackPort();
  await page.goto(host.url);
  const banner = page.getByRole('banner');
  await expect(banner.getByText(/token valid until/)).toBeVisible();

  await addEnvironment(page, { name: 'Offline staging', baseUrl: `http://127.0.0.1:${port}`, developerClientId: 'developer-client' });
  await environmentPicker(page).selectOption({ label: 'Offline staging' });
  // On a loopback address and not marked otherwise, it is a Local test service, not Live.
  await expect(banner.getByText('Local: test service')).toBeVisible();
  await expect(banner.getByText('Live: purchases are real')).toBeHidden();
  await expect(banner.getByText('Sandbox: no real purchases')).toBeHidden();
  await expect(banner.getByText('Signed out: no credentials set')).toBeVisible();

  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(banner.getByRole('alert')).toContainText('This environment is not fully set up');
  await screenshot(page, testInfo, 'offline-no-credentials');

  // With a refresh token in place, signing in reaches for the dead port and says so.
  await setCredential(page, 'Offline staging', 'Refresh token', 'offline-refresh-token');
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(banner.getByRole('alert')).toContainText('The sign-in service did not give a token', { timeout: 20_000 });
  await screenshot(page, testInfo, 'offline-unreachable');

  await environmentPicker(page).selectOption({ label: 'Sandbox' });
  await expect(banner.getByText('Sandbox: no real purchases')).toBeVisible();
  await expect(banner.getByText(/Signed in: token valid until \d\d:\d\d/)).toBeVisible();
  await expect(banner.getByRole('alert')).toHaveCount(0);
});

test('an invalid URL is refused in the form, and editing and removing an environment work', async ({ page }, testInfo) => {
  await page.goto(host.url);
  const dialog = await openSettings(page, 'Environments');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  const form = dialog.getByRole('form', { name: 'Add environment' });
  await form.getByLabel('Name').fill('Typo');
  await form.getByLabel('Service base URL').fill('ftp://example.com');
  await form.getByRole('button', { name: 'Add environment' }).click();
  await expect(form.getByText('Must be an http:// or https:// URL.')).toBeVisible();
  await expect(form.getByLabel('Service base URL')).toBeFocused();
  await screenshot(page, testInfo, 'settings-add-environment-invalid');

  await form.getByLabel('Service base URL').fill('https://api.example.com');
  await form.getByRole('button', { name: 'Add environment' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: 'Typo' });
  await expect(row).toContainText('https://api.example.com');

  await row.getByRole('button', { name: 'Edit Typo' }).click();
  const edit = dialog.getByRole('form', { name: 'Edit Typo' });
  await edit.getByLabel('Name').fill('Production');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const renamed = dialog.getByRole('listitem').filter({ hasText: 'Production' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Remove Production' }).click();
  await dialog.getByRole('group', { name: 'Confirm removing Production' }).getByRole('button', { name: 'Remove' }).click();
  await expect(renamed).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(environmentPicker(page).locator('option')).not.toContainText(['Production']);
});

test('a rejected refresh token shows the invalid_grant message', async ({ page }, testInfo) => {
  const sandbox = await sandboxEnvironment(host);
  await page.goto(host.url);
  const banner = page.getByRole('banner');
  await expect(banner.getByText(/token valid until/)).toBeVisible();
  await addEnvironment(page, { name: 'Stale token', baseUrl: sandbox.baseUrl, developerClientId: sandbox.developerClientId });
  await setCredential(page, 'Stale token', 'Refresh token', 'refresh-token-revoked-long-ago');

  // Opening an environment with credentials signs it in; the identity provider refuses this token.
  await environmentPicker(page).selectOption({ label: 'Stale token' });
  await expect(banner.getByRole('alert')).toContainText(/Your refresh token was rejected\..*Paste a new one from My Tokens/);
  await expect(banner.getByRole('alert')).toHaveAttribute('data-error-code', 'invalid_grant');
  // Core forgets a rejected token, and the header says there is nothing left to sign in with.
  await expect(banner.getByText('Signed out: no credentials set')).toBeVisible();
  await screenshot(page, testInfo, 'invalid-grant');
});
