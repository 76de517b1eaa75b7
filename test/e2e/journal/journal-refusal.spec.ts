import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { collectPageProblems, openSignedIn, screenshot } from '../support/app-page.ts';
import { invoke } from '../support/host-api.ts';
import { titleDeskWebForFile } from '../support/titledesk-web.ts';

let dataDir = '';
const host = titleDeskWebForFile(async (dir) => {
  dataDir = dir;
  return Promise.resolve();
});

test.use({ viewport: { width: 1280, height: 800 } });

const infoSchema = z.object({ testTitles: z.array(z.string()), sampleVariables: z.array(z.string()) });
const recordSchema = z.object({ id: z.string(), state: z.string() });

test('answers the journal refuses are said in the window until it takes them again', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const problems = collectPageProblems(page);
  await openSignedIn(page, host);
  const notice = page.getByRole('alert', { name: 'Purchase journal' });
  await expect(notice).toBeHidden();
  const info = infoSchema.parse(await invoke(host, 'sandbox:info'));
  const [title] = info.testTitles;
  const [variable] = info.sampleVariables;
  if (title === undefined || variable === undefined) throw new Error('The sandbox has no samples');
  // As a full disk would: the journal refuses to record any purchase's result.
  const journal = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
  let id = '';
  try {
    journal.exec(`CREATE TRIGGER refuse_available BEFORE UPDATE ON purchases WHEN NEW.state = 'available'
                  BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    // A test title with a min-wait: the service answers 303 and "not yet" first, so the result comes from the poller.
    const options = { minWaitSeconds: 2 };
    ({ id } = recordSchema.parse(await invoke(host, 'purchase:create', { titleNumber: title, variables: [variable], options, buyAgain: true })));
    await expect(notice).toContainText('The journal could not save what the service answered about 1 purchase (database or disk is full)', { timeout: 30_000 });
    await expect(notice).toContainText(`If the disk holding ${join(dataDir, 'purchases.sqlite')} is full, free some space there.`);
    await screenshot(page, testInfo, 'journal-refusing-answers');
    // On disk it is still pending. Not asked of the host: a read there may see a retry's result
    // queued to be written, for the few milliseconds before the journal refuses it again.
    expect(journal.prepare('SELECT state FROM purchases WHERE id = ?').get(id)).toEqual({ state: 'pending' });
    journal.exec('DROP TRIGGER refuse_available');
  } finally {
    journal.close();
  }
  // Asked again after its backoff, the result is journaled and the notice goes by itself.
  await expect.poll(async () => recordSchema.parse(await invoke(host, 'purchase:get', { id })).state, { timeout: 45_000 }).toBe('available');
  await expect(notice).toBeHidden({ timeout: 5_000 });
  expect(problems).toEqual([]);
});
