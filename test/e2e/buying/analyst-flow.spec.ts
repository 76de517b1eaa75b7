import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectPageProblems, openFlatTitle, openSignedIn, openTitle, screenshot } from '../support/app-page.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

// An analyst's everyday flow: open a title, pick, buy, read and take away the values.
const host = titleDeskWebForFile();

test.use({ viewport: { width: 1280, height: 800 } });

const schemes = ['light', 'dark'] as const;

/** Every scrollTop the workspace takes from now on, as the browser reports them. */
async function recordScrolls(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const main = document.querySelector('main.workspace');
    const seen: number[] = [];
    Object.assign(window, { scrollsSeen: seen });
    main?.addEventListener('scroll', () => { seen.push(main.scrollTop); });
  });
  return () => page.evaluate(() => (window as unknown as { scrollsSeen: number[] }).scrollsSeen);
}

for (const scheme of schemes) {
  test(`an opened title comes into view with focus on its filter, at once with reduced motion (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const problems = collectPageProblems(page);
    await openSignedIn(page, host);
    const scrolls = await recordScrolls(page);
    const title = await openTitle(page, 'DN147408');
    await expect(title.getByLabel('Filter variables')).toBeFocused();
    // Its filter, presets and the first groups of its catalog are on screen, not below the fold.
    await expect(title.getByLabel('Filter variables')).toBeInViewport();
    await expect(title.getByRole('button', { name: 'Add preset' })).toBeInViewport();
    await expect(title.getByText('WhenFresh / Property Insurance', { exact: true })).toBeInViewport();
    const seen = await scrolls();
    expect(seen.length).toBeGreaterThan(0);
    // A jump, not an animation: at most one position per scroll asked (opened, then catalog loaded).
    expect(new Set(seen).size).toBeLessThanOrEqual(2);
    await screenshot(page, testInfo, `title-opened-${scheme}`);
    expect(problems).toEqual([]);
  });
}

/**
 * From page load: each scrollIntoView call (its behavior and the workspace's scrollTop then), and
 * every scrollTop the workspace's scroll events report, tagged with the call it follows. Recorded
 * in the page, so a busy machine slows the animation's frames but loses none of them.
 */
async function recordScrollCalls(page: Page): Promise<() => Promise<{ calls: { behavior: string; from: number }[]; scrolls: { top: number; call: number }[] }>> {
  await page.addInitScript(() => {
    const calls: { behavior: string; from: number }[] = [];
    const scrolls: { top: number; call: number }[] = [];
    Object.assign(window, { scrollCalls: { calls, scrolls } });
    const workspace = (): Element | null => document.querySelector('main.workspace');
    const original: unknown = Reflect.get(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: boolean | ScrollIntoViewOptions) {
      calls.push({ behavior: typeof options === 'object' ? String(options.behavior) : 'auto', from: workspace()?.scrollTop ?? 0 });
      if (typeof original === 'function') Reflect.apply(original, this, [options]);
    };
    // Scroll events do not bubble, but a capturing listener on the document sees every element's.
    document.addEventListener('scroll', (event) => {
      if (event.target === workspace()) scrolls.push({ top: workspace()?.scrollTop ?? 0, call: calls.length - 1 });
    }, { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { scrollCalls: { calls: { behavior: string; from: number }[]; scrolls: { top: number; call: number }[] } }).scrollCalls);
}

test('without reduced motion the opened title scrolls smoothly into view', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const recorded = await recordScrollCalls(page);
  await openSignedIn(page, host);
  const title = await openTitle(page, 'WYK87701');
  await expect(title.getByLabel('Filter variables')).toBeFocused();
  await expect(title.getByText('WhenFresh / Property Insurance', { exact: true })).toBeInViewport();
  const { calls, scrolls } = await recorded();
  // The title asks for a smooth scroll...
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.map((call) => call.behavior)).toEqual(calls.map(() => 'smooth'));
  // ...and gets one: some call passes through a position strictly between where it started and
  // where it came to rest. An instant jump goes straight from one to the other.
  const animated = calls.some((call, index) => {
    const tops = scrolls.filter((scroll) => scroll.call === index).map((scroll) => scroll.top);
    const end = tops.at(-1);
    if (end === undefined) return false;
    const [low, high] = [Math.min(call.from, end), Math.max(call.from, end)];
    return tops.some((top) => top > low && top < high);
  });
  expect(animated, JSON.stringify({ calls, scrolls })).toBe(true);
});

/** The parts of the open title's toolbar the Buy bar must never cover, and the bar, as on screen now. */
function toolbarAndBar(page: Page) {
  return page.evaluate(() => {
    const section = document.querySelector('section.title-view');
    const main = document.querySelector('main.workspace');
    const bar = section?.querySelector('.buy-bar')?.getBoundingClientRect();
    const mainBox = main?.getBoundingClientRect();
    const controls = [...(section?.querySelectorAll('.picker-toolbar input[type="search"], .preset-controls select, .preset-controls button') ?? [])];
    const covered = controls.filter((control) => {
      const box = control.getBoundingClientRect();
      const onScreen = box.bottom > (mainBox?.top ?? 0) && box.top < (mainBox?.bottom ?? 0);
      return onScreen && bar !== undefined && box.bottom > bar.top + 0.5 && box.top < bar.bottom - 0.5;
    });
    return { covered: covered.map((control) => control.outerHTML.slice(0, 80)), scrollTop: main?.scrollTop ?? 0, max: (main?.scrollHeight ?? 0) - (main?.clientHeight ?? 0) };
  });
}

for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
  for (const scheme of schemes) {
    test(`the Buy bar passes over catalog rows, never over the filter and presets (${String(size.width)}, ${scheme})`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await openSignedIn(page, host);
      // Reached from a flat's card: the card above pushes the title down.
      const { title } = await openFlatTitle(page);
      for (const group of ['WhenFresh / Address', 'WhenFresh / Property Insurance', 'Zoopla / Property Data']) {
        await title.getByText(group, { exact: true }).click();
      }
      await title.getByRole('checkbox', { name: /^Postcode/ }).check();
      const main = page.locator('main.workspace');
      let worst = { top: 0, position: 0 };
      for (let position = 0; ; position += 80) {
        await main.evaluate((element, top) => { element.scrollTop = top; }, position);
        const where = await toolbarAndBar(page);
        expect(where.covered, `scrolled to ${String(where.scrollTop)}`).toEqual([]);
        const filterTop = await title.getByLabel('Filter variables').evaluate((element) => element.getBoundingClientRect().top);
        if (filterTop < size.height && filterTop > worst.top) worst = { top: filterTop, position };
        if (position >= where.max) break;
      }
      // The picture where the toolbar is lowest on screen: where a bar pinned to the bottom would meet it.
      await main.evaluate((element, top) => { element.scrollTop = top; }, worst.position);
      await screenshot(page, testInfo, `buy-bar-toolbar-${String(size.width)}-${scheme}`);
    });
  }
}

for (const scheme of schemes) {
  test(`the filter shows its whole placeholder (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const filter = (await openTitle(page, 'DN147408')).getByLabel('Filter variables');
    const fit = await filter.evaluate((input) => {
      if (!(input instanceof HTMLInputElement)) return { text: 0, room: 0, fontSize: 0 };
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (context === null) return { text: 0, room: 0, fontSize: 0 };
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room, fontSize: parseFloat(style.fontSize) };
    });
    expect(fit.text).toBeGreaterThan(0);
    // Chromium keeps room beside a search field's text for its clear button (about 2 em), empty or not.
    expect(fit.text + 2 * fit.fontSize).toBeLessThanOrEqual(fit.room);
    await filter.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `filter-placeholder-${scheme}`);
  });
}

/** Whether the focus ring of the element in focus is drawn whole inside every box that clips it. */
function focusRingInside(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement)) return { ok: false, detail: 'nothing focused' };
    const style = getComputedStyle(focused);
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = focused.getBoundingClientRect();
    const ring = { left: box.left - reach, right: box.right + reach, top: box.top - reach, bottom: box.bottom + reach };
    for (let parent = focused.parentElement; parent !== null; parent = parent.parentElement) {
      const overflow = getComputedStyle(parent);
      if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible' && !overflow.contain.includes('paint') && overflow.contain !== 'strict') continue;
      const clip = parent.getBoundingClientRect();
      if (ring.left < clip.left - 0.5 || ring.right > clip.right + 0.5 || ring.top < clip.top - 0.5 || ring.bottom > clip.bottom + 0.5) {
        return { ok: false, detail: `ring ${JSON.stringify(ring)} clipped by ${parent.className}` };
      }
    }
    return { ok: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, detail: style.outline };
  });
}

for (const [index, scheme] of schemes.entries()) {
  test(`with the keyboard: Ctrl+Enter buys the selection, the confirmation's Buy has focus, the row's ring is whole (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const title = await openTitle(page, 'DN147408');
    await title.getByText('WhenFresh / Address', { exact: true }).click();
    const buy = title.getByRole('button', { name: /^Buy\b/ });
    await expect(buy).toHaveAttribute('aria-keyshortcuts', 'Control+Enter');
    await expect(title.locator('.buy-bar')).toContainText('Ctrl+Enter');
    const variable = title.getByRole('checkbox', { name: index === 0 ? /^Post Town/ : /^Postcode/ });
    await variable.focus();
    await page.keyboard.press('Space');
    await expect(variable).toBeChecked();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
    await expect(dialog.getByRole('button', { name: /^Buy for/ })).toBeFocused();
    await screenshot(page, testInfo, `confirm-focused-${scheme}`);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('region', { name: 'Purchases' }).getByRole('article').first();
    await expect(row.locator('.purchase-summary')).toBeFocused();
    const ring = await focusRingInside(page);
    expect(ring.ok, ring.detail).toBe(true);
    await screenshot(page, testInfo, `row-focused-${scheme}`);
  });
}

for (const [index, scheme] of schemes.entries()) {
  test(`"Purchase … sent" goes by itself and never sits under a new selection (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const title = await openTitle(page, 'DN147408');
    await title.getByText('WhenFresh / Address', { exact: true }).click();
    const note = title.locator('.buy-bar').getByRole('status').filter({ hasText: /sent/ });
    const buyOne = async (name: RegExp): Promise<void> => {
      await title.getByRole('checkbox', { name }).check();
      await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
      await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
      await expect(note).toHaveText(/^Purchase of 1 variable of DN147408 sent/);
    };
    await buyOne(index === 0 ? /^Easting/ : /^Northing/);
    await screenshot(page, testInfo, `sent-note-${scheme}`);
    // A new selection: the note was about the last one.
    await title.getByRole('checkbox', { name: /^Council Tax Band/ }).check();
    await expect(note).toHaveCount(0);
    await title.getByRole('checkbox', { name: /^Council Tax Band/ }).uncheck();
    // Left alone, it goes once the purchase has had time to show in the list.
    await buyOne(index === 0 ? /^Multiple Residence/ : /^Unique Delivery Point/);
    await expect(page.getByRole('region', { name: 'Purchases' }).getByRole('article').first()).toBeVisible();
    await expect(note).toHaveCount(0, { timeout: 8000 });
    await screenshot(page, testInfo, `sent-note-gone-${scheme}`);
  });
}

/** Buys one variable of a title (anew, even if bought before) and opens the purchase's own view once its values are there. */
async function buyAndOpen(page: Page, titleNumber: string, variable: RegExp): Promise<Locator> {
  const title = await openTitle(page, titleNumber);
  await title.getByText('WhenFresh / Address', { exact: true }).click();
  await title.getByRole('checkbox', { name: variable }).check();
  await title.getByText('Options', { exact: true }).click();
  await title.getByRole('checkbox', { name: /^Buy again anyway/ }).check();
  await title.getByRole('button', { name: /^Buy 1 variable for/ }).click();
  await page.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: /^Buy for/ }).click();
  // Focus lands on the new purchase's row: that row, not one an earlier test left at the top.
  const focused = page.getByRole('region', { name: 'Purchases' }).locator('article:has(.purchase-summary:focus)');
  const id = await focused.getAttribute('data-purchase-id');
  const row = page.locator(`article[data-purchase-id="${id ?? ''}"]`);
  await expect(row.getByText('Available', { exact: true })).toBeVisible({ timeout: 30_000 });
  await row.locator('.purchase-summary').click();
  const view = page.getByRole('region', { name: /^Purchase / });
  await expect(view.getByRole('table', { name: 'Purchased values' })).toBeVisible();
  return view;
}

for (const [index, scheme] of schemes.entries()) {
  test(`each export action says what it did; Copy values gives tab-separated rows (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
    await openSignedIn(page, host);
    const variable = index === 0 ? 'Council Tax Band' : 'Easting';
    const view = await buyAndOpen(page, 'DN147408', new RegExp(`^${variable}`));
    const note = view.locator('.export-bar').getByRole('status');
    await view.getByRole('button', { name: 'Copy JSON' }).click();
    await expect(note).toHaveText('Copied JSON.');
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Export CSV' }).click();
    const fileName = (await download).suggestedFilename();
    expect(fileName).toMatch(/^titledesk-DN147408-[0-9a-f-]{36}\.csv$/);
    await expect(note).toHaveText(`Saved ${fileName}.`);

    await view.getByRole('button', { name: 'Copy values' }).click();
    await expect(view.getByRole('status').filter({ hasText: /^Copied 1 value, tab-separated/ })).toBeVisible();
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).trimEnd().split('\n');
    expect(lines[0]).toBe('Variable\tProvider\tValue\tPrice\tCurrency');
    expect(lines).toHaveLength(2);
    const [name, provider, value, price, currency] = (lines[1] ?? '').split('\t');
    expect([name, provider, currency]).toEqual([variable, 'WhenFresh', 'GBP']);
    expect(value).not.toBe('');
    await expect(view.getByRole('table', { name: 'Purchased values' })).toContainText(value ?? '');
    expect(Number(price)).toBeGreaterThan(0);
    await screenshot(page, testInfo, `export-notes-${scheme}`);
  });
}

for (const [index, scheme] of schemes.entries()) {
  test(`the requests drawer is a side panel within the window, covering none of the purchase's buttons (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, host);
    const view = await buyAndOpen(page, 'DN147408', index === 0 ? /^Unique Property Reference/ : /^Northing/);
    await view.getByRole('button', { name: 'Show requests' }).click();
    const drawer = page.getByRole('complementary', { name: /^Requests for/ });
    await expect(drawer.getByRole('button', { name: /as cURL$/ }).first()).toBeVisible();
    const box = await drawer.boundingBox();
    const window = page.viewportSize();
    if (box === null || window === null) throw new Error('no drawer box');
    expect(box.x + box.width).toBeLessThanOrEqual(window.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(window.height + 0.5);
    // Room to read: at least 30 rem wide and from under the header to the bottom of the window.
    expect(box.width).toBeGreaterThanOrEqual(30 * 15);
    expect(box.y + box.height).toBeGreaterThanOrEqual(window.height - 0.5);
    for (const name of ['Export JSON', 'Show requests', 'Export CSV', 'Copy JSON']) {
      const button = await view.getByRole('button', { name, exact: true }).boundingBox();
      if (button === null) throw new Error(`no ${name}`);
      const overlaps = button.x < box.x + box.width && button.x + button.width > box.x && button.y < box.y + box.height && button.y + button.height > box.y;
      expect(overlaps, `${name} under the drawer`).toBe(false);
    }
    // "Copy as cURL" on one line: as tall as the one-line Close button beside the heading.
    const copyHeight = (await drawer.getByRole('button', { name: /as cURL$/ }).first().boundingBox())?.height ?? 0;
    const closeHeight = (await drawer.getByRole('button', { name: 'Close requests' }).boundingBox())?.height ?? 0;
    expect(copyHeight).toBeLessThanOrEqual(closeHeight + 1);
    await screenshot(page, testInfo, `requests-drawer-${scheme}`);
  });
}
