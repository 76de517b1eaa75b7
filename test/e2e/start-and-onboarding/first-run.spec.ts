import { expect, test } from '@playwright/test';
import { collectPageProblems, environmentPicker, openSettings, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1024, height: 700 } });

test('the first run lands on Sandbox, signed in, with the token validity shown', async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  // A refused eval or inline script is reported as an event, not a console error: it is made one.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} (${event.blockedURI})`);
    });
  });
  await page.goto(host.url);
  await expect(environmentPicker(page)).toHaveValue('sandbox');
  await expect(environmentPicker(page).locator('option:checked')).toHaveText('Sandbox');
  await expect(page.getByRole('banner').getByText('Sandbox: no real purchases')).toBeVisible();
  await expect(page.getByRole('banner').getByText(/Signed in: token valid until \d\d:\d\d/)).toBeVisible();
  // How it signs in is in the details (the status's tooltip), not jargon on the first screen.
  await expect(page.getByRole('banner').getByText(/Developer mode/)).toHaveCount(0);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toHaveAttribute('title', 'Developer mode: a refresh token from My Tokens');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find a property' })).toBeVisible();
  // The launch key is taken out of the visible address as soon as the page has it.
  expect(page.url()).not.toContain(host.launchKey);
  await screenshot(page, testInfo, 'main-light');
  // The frame holds at the smallest supported size: nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  expect(problems).toEqual([]);
});

test('a reload keeps working without the key in the address', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  expect(page.url()).not.toContain('key=');
});

test('signing out and in again from the header', async ({ page }) => {
  await page.goto(host.url);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await expect(banner.getByText('Signed out', { exact: true })).toBeVisible();
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(banner.getByText(/Signed in: token valid until \d\d:\d\d/)).toBeVisible();
});

test('the dark theme follows the OS', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(15, 18, 22)');
  await screenshot(page, testInfo, 'main-dark');
  const dialog = await openSettings(page, 'Credentials');
  await expect(dialog.getByText('Refresh token', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'settings-credentials-dark');
});

test('settings are reachable and closable from the keyboard', async ({ page }, testInfo) => {
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  const settingsButton = page.getByRole('button', { name: 'Settings' });
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Sandbox' })).toContainText('Built in');
  await screenshot(page, testInfo, 'settings-environments');
  // Arrow keys move between the tabs.
  await dialog.getByRole('tab', { name: 'Environments' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Credentials' })).toBeFocused();
  await expect(dialog.getByRole('tab', { name: 'Credentials' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('kept for this session only', { exact: false }).first()).toBeVisible();
  await screenshot(page, testInfo, 'settings-credentials');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByLabel('Token refresh period (minutes)')).toHaveValue('60');
  await screenshot(page, testInfo, 'settings-advanced');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(settingsButton).toBeFocused();
});
