import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

async function openSandboxSettings(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sandbox' }).click();
  return dialog.getByRole('form', { name: 'Sandbox simulation' });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`Settings → Sandbox simulates an outage: a banner says so, a purchase is refused, Turn off and Try again buys (${scheme})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const form = await openSandboxSettings(page);
    await expect(form.getByRole('status')).toHaveText('Nothing is simulated.');
    // A number out of range is refused where it was typed, and nothing is applied.
    await form.getByRole('checkbox', { name: /^Outage/ }).check();
    await form.getByLabel('asking to come back after (seconds)').fill('0');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText('Enter whole seconds from 1 to 600.')).toBeVisible();
    await expect(form.getByRole('status')).toHaveText('Nothing is simulated.');
    await form.getByLabel('asking to come back after (seconds)').fill('3');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByRole('status')).toHaveText('Simulating an outage (503, Retry-After 3 s).');
    await screenshot(page, testInfo, `settings-sandbox-${scheme}`);
    await page.keyboard.press('Escape');

    const banner = page.getByRole('status', { name: 'Sandbox simulation' });
    await expect(banner).toContainText('The built-in Sandbox is simulating an outage (503, Retry-After 3 s).');
    const info = z.object({ testTitles: z.array(z.string()) }).parse(await invoke(host, 'sandbox:info'));
    const titleNumber = info.testTitles[3] ?? '';
    await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill(titleNumber);
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: `Open title ${titleNumber}` }).click();
    const title = page.getByRole('region', { name: `Title ${titleNumber}` });
    await title.getByLabel('Filter variables').fill('unique property');
    await title.getByRole('checkbox', { name: /^Unique Property Reference Number/ }).check();
    await title.getByText('Options', { exact: true }).click();
    await title.getByLabel(/^Buy again anyway/).check();
    await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
    await expect(title.getByRole('alert')).toContainText('The service is unavailable right now');
    await screenshot(page, testInfo, `sandbox-outage-banner-${scheme}`);

    await banner.getByRole('button', { name: 'Turn off' }).click();
    await expect(banner).toBeHidden();
    expect(await invoke(host, 'sandbox:faults')).toEqual({ outage: null, slow: null, timeouts: false });
    await title.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
    await expect(title.getByText(/Purchase of 1 variable of .* sent/)).toBeVisible({ timeout: 30_000 });
  });
}
