import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { collectPageProblems, openSettings, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not laid out');
  return found;
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, testInfo, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the Presentation mode button stays where it is whichever tab is shown', async ({ page }, testInfo) => {
  const problems = collectPageProblems(page);
  await openSignedIn(page, host);
  const button = page.getByRole('button', { name: 'Presentation mode' });
  const onBuy = await box(button);
  await page.getByRole('tab', { name: 'Batch' }).click();
  await expect(page.getByRole('region', { name: 'Batch' })).toBeVisible();
  expect(await box(button)).toEqual(onBuy);
  await shoot(page, testInfo, 'presentation-button-batch');
  await page.getByRole('tab', { name: 'Buy' }).click();
  expect(await box(button)).toEqual(onBuy);
  // And after the demo itself has loaded its own styles.
  await button.click();
  const presentation = page.getByRole('dialog', { name: 'Presentation mode' });
  await expect(presentation).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(presentation).toBeHidden();
  await page.getByRole('tab', { name: 'Batch' }).click();
  expect(await box(button)).toEqual(onBuy);
  expect(problems).toEqual([]);
});

test('the simulation banner takes its own space: it covers neither the Purchases heading nor the workspace when scrolled', async ({ page }, testInfo) => {
  await invoke(host, 'sandbox:set-faults', { outage: { retryAfterSeconds: 3 }, slow: null, timeouts: false });
  try {
    await openSignedIn(page, host);
    const banner = page.getByRole('status', { name: 'Sandbox simulation' });
    await expect(banner).toBeVisible();
    const heading = page.getByRole('heading', { name: 'Purchases', exact: true });
    const main = page.locator('main.workspace');
    const clear = async (): Promise<void> => {
      const [b, h, m] = [await box(banner), await box(heading), await box(main)];
      expect(b.y + b.height, 'banner above the Purchases heading').toBeLessThanOrEqual(h.y);
      expect(b.y + b.height, 'banner above the workspace').toBeLessThanOrEqual(m.y);
    };
    await clear();
    // Scrolled: the banner stays in view and still covers nothing.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('tab', { name: 'Buy' }).click();
    await main.evaluate((element) => { element.style.minHeight = '0'; element.scrollTop = element.scrollHeight; });
    await clear();
    await expect(banner).toBeInViewport();
    await shoot(page, testInfo, 'simulation-banner');
  } finally {
    await invoke(host, 'sandbox:set-faults', { outage: null, slow: null, timeouts: false });
  }
});

test('first screens in plain words: the add form starts on Production, jargon sits in the details, a failed test reads as one', async ({ page }, testInfo) => {
  await openSignedIn(page, host);
  // No protocol codes and no sign-in mode on the first screen; the codes are a click away.
  const hint = page.getByRole('complementary', { name: /Try it in the Sandbox/ });
  await expect(hint).toBeVisible();
  await expect(hint.getByText(/303/)).toBeHidden();
  await expect(page.getByText('Developer mode', { exact: false })).toHaveCount(0);
  await hint.getByText('What the requests show').click();
  await expect(hint.getByText(/303 See Other/)).toBeVisible();
  await shoot(page, testInfo, 'first-screen-details');

  const dialog = await openSettings(page, 'Environments');
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  const form = dialog.getByRole('form', { name: 'Add environment' });
  await expect(form.getByLabel(/^Production: https:\/\/api\.whenfresh\.com/)).toBeChecked();
  await expect(form.getByLabel('Service base URL')).toHaveValue('https://api.whenfresh.com');
  await expect(form.getByLabel('Name')).toHaveValue('WhenFresh production');
  await expect(form.getByLabel('Use WF_* variables from this computer')).not.toBeChecked();
  await expect(form.getByText('Use credentials from the environment')).toHaveCount(0);
  await shoot(page, testInfo, 'add-environment-production');

  // A service that is not there: the failed test is an error box, announced, not a plain line.
  await form.getByLabel(/^Custom/).check();
  await form.getByLabel('Name').fill('Nowhere');
  await form.getByLabel('Service base URL').fill('http://127.0.0.1:9');
  await form.getByRole('button', { name: 'Add environment' }).click();
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  const verdict = dialog.getByRole('alert').filter({ hasText: 'The connection test failed.' });
  await expect(verdict).toBeVisible({ timeout: 20_000 });
  const look = await verdict.evaluate((element) => ({ background: getComputedStyle(element).backgroundColor, border: getComputedStyle(element).borderTopStyle }));
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.border).toBe('solid');
  await shoot(page, testInfo, 'connection-test-failed');
});
