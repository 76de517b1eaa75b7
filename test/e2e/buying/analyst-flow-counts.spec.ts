import { expect, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn, openTitle, screenshot, titleRegion } from '../support/app-page.ts';
import { atMost, CountedUser } from '../support/counted-user.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

// The analyst's flow counted (clicks, keys, scrolls) as a user does it at 1280×800, and the folded
// Buy options that took its last scroll away.
const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const schemes = ['light', 'dark'] as const;

// Counts pinned so that a regression fails. Buying 3 variables with the mouse at 1280×800: 11 clicks
// and 2 scrolls when issue 63 was filed, then 7 and 1 (the Buy bar's option rows covered the
// catalog's eighth row); with the options folded, no scroll.
/** The first-run steps put themselves away after a purchase; a later run brings them back (not counted). */
async function firstRunSteps(page: Page): Promise<Locator> {
  const steps = page.getByRole('complementary', { name: /^Try it in the Sandbox/ });
  const panel = page.getByRole('region', { name: 'Purchases' });
  await expect(panel.getByText(/^No purchases yet/).or(panel.getByRole('article').first())).toBeVisible();
  if (!(await steps.isVisible())) {
    await page.getByRole('banner').getByText('Help', { exact: true }).click();
    await page.getByRole('button', { name: 'Show the first-run steps' }).click();
  }
  await expect(steps).toBeVisible();
  return steps;
}

test('an analyst buys 3 variables with the mouse in at most 7 clicks and no scroll', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openSignedIn(page, host);
  const steps = await firstRunSteps(page);
  const user = new CountedUser(page);
  await user.click(steps.getByRole('button', { name: 'DN147408' }));
  const title = titleRegion(page, 'DN147408');
  await user.click(title.getByText('WhenFresh / Address', { exact: true }));
  for (const variable of [/^Unique Property Reference Number/, /^Postcode/, /^Council Tax Band/]) {
    await user.click(title.getByRole('checkbox', { name: variable }));
  }
  await user.click(title.getByRole('button', { name: /^Buy 3 variables for/ }));
  await user.click(page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }));
  await expect(title.locator('.buy-bar').getByRole('status').filter({ hasText: /sent/ })).toBeVisible();
  const cost = atMost(user.count, { clicks: 7, keys: 0, scrolls: 0 });
  expect(cost.ok, `${cost.message}; scrolled to ${user.scrolledTo.join(', ')}`).toBe(true);
});

for (const scheme of schemes) {
  test(`the folded Buy options open by the keyboard and say what is set while folded (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await openSignedIn(page, host);
    const title = await openTitle(page, 'DN147408');
    await title.getByText('WhenFresh / Address', { exact: true }).click();
    await title.getByRole('checkbox', { name: /^Council Tax Band/ }).check();
    const options = title.locator('.buy-bar summary');
    await expect(options).toHaveText('Options');
    await expect(title.getByRole('checkbox', { name: /^Buy again anyway/ })).toBeHidden();
    await screenshot(page, testInfo, `buy-options-folded-${scheme}`);
    await options.focus();
    await page.keyboard.press('Enter');
    await title.getByRole('checkbox', { name: /^Buy again anyway/ }).check();
    await title.getByLabel('Test delay (seconds)').fill('10');
    await screenshot(page, testInfo, `buy-options-open-${scheme}`);
    await options.focus();
    await page.keyboard.press('Space');
    await expect(title.getByRole('checkbox', { name: /^Buy again anyway/ })).toBeHidden();
    await expect(options).toHaveText('Options: buy again anyway, test delay 10 s');
  });
}
