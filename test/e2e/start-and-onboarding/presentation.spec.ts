import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { collectPageProblems, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1920, height: 1080 } });

const sizes = [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }] as const;

async function openPresentation(page: Page) {
  await page.goto(host.url);
  await expect(page.getByRole('banner').getByText(/token valid until/)).toBeVisible();
  await page.getByRole('button', { name: 'Presentation mode' }).click();
  const presentation = page.getByRole('dialog', { name: 'Presentation mode' });
  await expect(presentation).toBeVisible();
  return presentation;
}

/** The same screen at both projector sizes, light and dark; nothing may spill out of the window. */
async function shootEverySize(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of sizes) {
      await page.setViewportSize(size);
      const overflow = await page.locator('dialog.presentation').evaluate((element) => ({
        width: element.scrollWidth - element.clientWidth,
        height: element.scrollHeight - element.clientHeight,
      }));
      expect(overflow, `${name} at ${String(size.width)}×${String(size.height)}`).toEqual({ width: 0, height: 0 });
      await screenshot(page, testInfo, `presentation-${name}-${String(size.width)}x${String(size.height)}-${scheme}`);
    }
  }
}

test('the scripted demo shows the POST, a 202 with its countdown and the 200 with the values', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const problems = collectPageProblems(page);
  const presentation = await openPresentation(page);
  await shootEverySize(page, testInfo, 'intro');
  await page.setViewportSize(sizes[0]);
  await page.emulateMedia({ colorScheme: 'light' });

  // Start: a test title; next: the four facts, under names a room understands; next: the purchase and its diagram.
  await page.keyboard.press('s');
  await expect(presentation.getByText(/^Title \w+$/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(presentation.getByText('Four facts to buy')).toBeVisible();
  const choices = presentation.locator('.presentation-choices li');
  await expect(choices).toHaveCount(4);
  const plainNames = await choices.evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent ?? ''));
  expect(plainNames).toEqual(['Bedrooms', 'Energy rating', 'Estimated value', 'Flood risk']);
  // The catalog's own names are there, smaller than the plain ones.
  const bedrooms = choices.first();
  await expect(bedrooms.locator('.presentation-technical')).toHaveText('Bedroom Count (1⋯6+)');
  const fontSize = (selector: string) => bedrooms.locator(selector).evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(await fontSize('.presentation-technical')).toBeLessThan(await fontSize('span:first-child'));
  await screenshot(page, testInfo, 'presentation-choices-1920x1080-light');
  await page.keyboard.press('ArrowRight');

  const diagram = presentation.getByRole('img', { name: 'Requests between TitleDesk and the Data Purchase Service' });
  const plain = diagram.getByTestId('sequence-label');
  await expect(plain.first()).toHaveText('Please sell us 4 facts');
  await expect(plain.nth(1)).toHaveText(/^Order taken: come back in \d+ seconds?$/);
  await expect(presentation.getByTestId('presentation-caption')).toContainText(/waits exactly as long as it was told|does not pester/);
  await expect(diagram.getByText(/^Not ready yet: come back in \d+ seconds?$/).first()).toBeVisible({ timeout: 20_000 });
  // The protocol's names are kept, small, under the words.
  await expect(diagram.getByTestId('sequence-technical').first()).toHaveText('POST purchase');
  const svgSize = (locator: typeof plain) => locator.first().evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(await svgSize(diagram.getByTestId('sequence-technical'))).toBeLessThan((await svgSize(plain)) * 0.7);
  const countdown = presentation.getByRole('progressbar', { name: 'Wait before the next question' });
  await expect(countdown).toBeVisible();
  await expect(countdown).toHaveAttribute('aria-valuetext', /^\d+ s left$/);
  await screenshot(page, testInfo, 'presentation-waiting-1920x1080-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'presentation-waiting-1920x1080-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await expect(diagram.getByText('Ready: here are the facts')).toBeVisible({ timeout: 30_000 });
  await expect(countdown).toBeHidden();
  const values = presentation.getByRole('region', { name: 'Values received' }).getByRole('listitem');
  await expect(values).toHaveCount(4);
  await expect(values.locator('.presentation-value-name')).toHaveText(['Bedrooms', 'Energy rating', 'Estimated value', 'Flood risk']);
  for (const value of await values.all()) await expect(value.locator('.presentation-value')).not.toBeEmpty();
  // Money reads as money: "£1,051,000", not "1051000".
  await expect(values.nth(2).locator('.presentation-value')).toHaveText(/^£\d{1,3}(,\d{3})+$/);
  await expect(presentation.getByTestId('presentation-caption')).toContainText('Ready');
  // Every GET is answered, and each request came before its answer.
  const labels = await diagram.getByTestId('sequence-technical').allTextContents();
  expect(labels[0]).toBe('POST purchase');
  expect(labels.filter((label) => label === 'GET result').length).toBe(labels.filter((label) => /^20[02] /.test(label)).length);
  // The values fade in one after another: the screenshots show them all.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished'));
  await shootEverySize(page, testInfo, 'ready');

  // Back steps through the captions; Esc leaves and returns focus to the entry point.
  await page.keyboard.press('ArrowLeft');
  await expect(diagram.locator('[aria-current="step"]').getByTestId('sequence-label')).toHaveText('Is it ready yet?');
  await page.keyboard.press('Escape');
  await expect(presentation).toBeHidden();
  await expect(page.getByRole('button', { name: 'Presentation mode' })).toBeFocused();
  expect(problems).toEqual([]);
});

test('with reduced motion the diagram appears without animation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const presentation = await openPresentation(page);
  await page.keyboard.press('s');
  await expect(presentation.getByText(/^Title \w+$/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(presentation.getByText('Four facts to buy')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const message = presentation.getByTestId('sequence-message').first();
  await expect(message).toBeVisible();
  expect(await message.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await message.evaluate((element) => getComputedStyle(element).animationName)).toBe('presentation-appear');
});

test('Space is next wherever focus is, even on "Start again"', async ({ page }, testInfo) => {
  const presentation = await openPresentation(page);
  // Started with the mouse: focus stays on the button, which now reads "Start again".
  await presentation.getByRole('button', { name: 'Start the demo' }).click();
  await expect(presentation.getByText(/^Title \w+$/)).toBeVisible();
  const again = presentation.getByRole('button', { name: 'Start again' });
  await expect(again).toBeFocused();
  await page.keyboard.press(' ');
  await expect(presentation.getByText('Four facts to buy')).toBeVisible();
  // Once more from the Exit button: Space still moves on rather than leaving.
  await presentation.getByRole('button', { name: 'Exit presentation' }).focus();
  await page.keyboard.press(' ');
  await expect(presentation.getByText('Please sell us 4 facts')).toBeVisible();
  await expect(presentation).toBeVisible();
  await expect(presentation.getByText('S: start · → or Space: next · ←: back · Esc: exit')).toBeVisible();
  await screenshot(page, testInfo, 'presentation-space-next-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, testInfo, 'presentation-space-next-dark');
});
