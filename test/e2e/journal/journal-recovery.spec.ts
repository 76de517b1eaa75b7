import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

let dataDir = '';
const host = titleDeskWebForFile(async (dir) => {
  dataDir = dir;
  // A journal that is no longer a database (overwritten by another program, a bad disk).
  await writeFile(join(dir, 'purchases.sqlite'), Buffer.from('SQLite format 3\u0000'.padEnd(8192, '\u00ad'), 'latin1'));
});

test('a damaged journal is said in the window, with where its copy was kept', async ({ page }) => {
  const copies = (await readdir(dataDir)).filter((name) => name.startsWith('purchases.damaged-'));
  expect(copies).toHaveLength(1);
  await page.goto(host.url);
  const notice = page.getByRole('alert', { name: 'Purchase journal' });
  await expect(notice).toContainText('The purchase journal was damaged');
  await expect(notice).toContainText(join(dataDir, copies[0] ?? ''));
});
