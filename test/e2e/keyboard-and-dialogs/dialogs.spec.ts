import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const openApp = (page: Page): Promise<void> => openSignedIn(page, host);

/** Where focus is: a name for the focused control, and whether it lies inside the open modal dialog. */
function focusState(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    const dialog = document.querySelector('[role="dialog"], dialog[open]');
    return {
      name: active === null ? '' : `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent.trim().slice(0, 30)}`,
      inside: dialog !== null && active !== null && dialog.contains(active),
      // Past the last control a modal dialog hands focus to the browser itself, not to the page.
      pageFocused: document.hasFocus(),
    };
  });
}

/**
 * Presses Tab until focus has come round to where it started, checking at every stop that it is
 * inside the dialog (or outside the page altogether), never on anything behind the dialog.
 */
async function tabRound(page: Page): Promise<string[]> {
  const start = await focusState(page);
  const stops: string[] = [];
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press('Tab');
    const now = await focusState(page);
    expect(now.inside || !now.pageFocused, `Tab ${String(step)} reached ${now.name} behind the dialog`).toBe(true);
    if (!now.inside) continue;
    if (stops.includes(now.name) || now.name === start.name) return stops;
    stops.push(now.name);
  }
  throw new Error(`Tab never came round again: ${stops.join(', ')}`);
}

/** Nothing behind the dialog takes focus or a click while it is open. */
async function expectPageBehindInert(page: Page, dialog: Locator): Promise<void> {
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  const focusedBefore = await focusState(page);
  await signOut.evaluate((button) => { button.focus(); });
  expect(await focusState(page)).toEqual(focusedBefore);

  const box = await signOut.boundingBox();
  if (box === null) throw new Error('Sign out has no box');
  const dialogBox = await dialog.boundingBox();
  // The button lies outside the dialog's own box: only the backdrop is over it.
  const apart = dialogBox !== null && (box.x > dialogBox.x + dialogBox.width || box.y + box.height < dialogBox.y);
  expect(apart).toBe(true);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
}

test('Settings: the page behind is out of reach, Tab stays inside, Esc closes and focus returns to the opener', async ({ page }) => {
  const problems = collectPageProblems(page);
  await openApp(page);
  const opener = page.getByRole('button', { name: 'Settings' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  expect((await focusState(page)).inside).toBe(true);

  await expectPageBehindInert(page, dialog);
  const stops = await tabRound(page);
  expect(stops[0]).toBe('BUTTON Close settings');
  expect(stops).toContain('BUTTON Environments');
  expect(stops).toContain('BUTTON Add environment');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // With the dialog gone the page is live again.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  expect(problems).toEqual([]);
});

test('Confirm purchase: the page behind is out of reach, Esc cancels and focus returns to Buy', async ({ page }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Address, postcode or title number' }).fill('DN147408');
  await page.getByRole('option', { name: 'Open title DN147408' }).click();
  const title = page.getByRole('region', { name: 'Title DN147408' });
  await title.getByText('WhenFresh / Address', { exact: true }).click();
  await title.getByRole('checkbox', { name: /^Unique Property Reference Number/ }).check();
  const buy = title.getByRole('button', { name: /^Buy 1 variable for/ });
  await buy.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog).toBeVisible();

  await expectPageBehindInert(page, dialog);
  expect(await tabRound(page)).toEqual(['BUTTON Close confirm purchase', expect.stringMatching(/^BUTTON Buy for £/), 'BUTTON Cancel']);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
  await expect(page.getByRole('region', { name: 'Purchases' }).getByRole('article')).toHaveCount(0);
});

// A form that closes on save takes its focused button with it: focus falls to the body.
test('Esc still closes when focus has fallen out of the dialog to the body', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add environment' }).evaluate((button) => { button.focus(); button.blur(); });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`an open dialog over a dimmed page (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('listitem').filter({ hasText: 'Sandbox' })).toBeVisible();
    await screenshot(page, testInfo, `dialog-settings-${scheme}`);
    // The backdrop dims the page by the same amount in both schemes.
    expect(await dialog.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor)).toBe('rgba(0, 0, 0, 0.45)');
  });
}

test('every tab controls a panel that is on the page, the hidden ones too, in the workspace and in Settings', async ({ page }) => {
  await openApp(page);
  const dangling = () => page.evaluate(() => [...document.querySelectorAll('[role="tab"]')]
    .filter((tab) => document.getElementById(tab.getAttribute('aria-controls') ?? '')?.getAttribute('role') !== 'tabpanel')
    .map((tab) => tab.textContent));
  expect(await page.getByRole('tab').count()).toBeGreaterThanOrEqual(4);
  expect(await dangling()).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('tab', { name: 'Sandbox' })).toBeVisible();
  expect(await dangling()).toEqual([]);
});
