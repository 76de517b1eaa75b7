import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../../bench/lib/page/browser.ts';
import { installRowProbe, readScreenRows } from '../../../bench/lib/page/row-probe.ts';

// The bench's row probe in a real Chromium: what it counts as on screen decides the team
// section's screen figures. The page is served by route interception, so nothing leaves the machine.
const page0 = `<!doctype html><html><body style="margin:0">
<ul id="list" style="margin:0;padding:0"></ul>
<div id="below" style="position:absolute;top:5000px"></div>
</body></html>`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await page.addInitScript(installRowProbe);
  await page.route('http://rows.invalid/', (route) => route.fulfill({ contentType: 'text/html', body: page0 }));
  await page.goto('http://rows.invalid/');
});

afterAll(async () => {
  await browser.close();
});

async function frames(count: number): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

describe('row probe', () => {
  it('records a row in view once per state, with the epoch time of the frame, and never a row out of view', async () => {
    const before = Date.now();
    await page.evaluate(() => {
      const row = (id: string, state: string): string => `<li><article data-purchase-id="${id}" data-state="${state}"><span class="chip">${state}</span></article></li>`;
      document.getElementById('list')?.insertAdjacentHTML('beforeend', row('p1', 'submitting'));
      document.getElementById('below')?.insertAdjacentHTML('beforeend', row('p2', 'submitting'));
    });
    await frames(2);
    await page.evaluate(() => {
      const article = document.querySelector('[data-purchase-id="p1"]');
      article?.setAttribute('data-state', 'pending');
      const chip = article?.querySelector('.chip');
      if (chip) chip.textContent = 'pending, again';
      document.querySelector('[data-purchase-id="p2"]')?.setAttribute('data-state', 'available');
    });
    await frames(2);
    // A change inside a row already recorded in its state adds nothing.
    await page.evaluate(() => {
      const chip = document.querySelector('[data-purchase-id="p1"] .chip');
      if (chip) chip.textContent = 'still pending';
    });
    await frames(2);
    const rows = await readScreenRows(page);
    expect(rows.map(([id, state]) => `${id} ${state}`)).toEqual(['p1 submitting', 'p1 pending']);
    for (const [, , at] of rows) {
      expect(at).toBeGreaterThanOrEqual(before - 5);
      expect(at).toBeLessThanOrEqual(Date.now() + 5);
    }
  });
});
