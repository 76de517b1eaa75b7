import { expect, test } from '@playwright/test';
import { collectPageProblems, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

for (const scheme of ['light', 'dark'] as const) {
  test(`typing starts at the first paint: the app's box takes the text, caret and focus (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    const problems = collectPageProblems(page);
    // The main bundle is held back, as on a slow start, until the early typing is done.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => { await released; await route.continue(); });
    await page.goto(host.url, { waitUntil: 'commit' });

    const box = page.getByRole('combobox', { name: 'Address, postcode or title number' });
    await expect(page.getByText('Starting…')).toBeVisible();
    await box.click();
    await page.keyboard.type('LS236T');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await screenshot(page, testInfo, `starting-${scheme}`);
    await expect(page.getByRole('main')).toHaveCount(0);

    release();
    await expect(page.getByRole('main')).toBeVisible();
    // The same text, and the keys go on where the caret was: nothing typed is lost.
    await expect(box).toHaveValue('LS236T');
    await expect(box).toBeFocused();
    await page.keyboard.type(' ');
    await expect(box).toHaveValue('LS23 6T');
    await expect(page.getByRole('option', { name: /LS23 6TR/ })).toBeVisible();
    expect(problems).toEqual([]);
  });
}
