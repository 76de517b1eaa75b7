import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { sendAllReportSchema } from '../../../../shared/purchase/send-all.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// `send --all` as a real process against a sandbox over loopback: it reports what the service
// answered, never the sends it merely set off (issue 59, item 5).

let sandbox: RunningSandbox;
let port: number;
let dataDir: string;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true });
  port = Number(new URL(sandbox.baseUrl).port);
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-send-all-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A purchase a stopped TitleDesk never sent, clicked a day ago (so no start sends it on its own). */
function notSent(titleNumber: string): PurchaseRecord {
  const clickedAt = Date.now() - dayMs;
  return {
    id: crypto.randomUUID(),
    environmentId: `cli-127-0-0-1-${String(port)}`,
    titleNumber,
    variables: [sandbox.config.sampleVariables[0] ?? ''],
    options: {},
    state: 'not_sent',
    autoCheck: true,
    createdAt: clickedAt,
    updatedAt: clickedAt,
    timeline: [],
    error: { code: 'not_sent', message: 'TitleDesk stopped before this purchase was sent.' },
  };
}

function journalNotSent(titles: readonly string[]): string[] {
  const journal = new PurchaseJournal(dataDir);
  try {
    return titles.map((title) => {
      const record = notSent(title);
      journal.insert(record);
      return record.id;
    });
  } finally {
    journal.close();
  }
}

const historySchema = z.object({ purchases: z.array(z.object({ id: z.string(), state: z.string(), purchaseId: z.string().optional() })) });

async function states(ids: readonly string[]): Promise<Map<string, { state: string; purchaseId?: string | undefined }>> {
  const run = await runCli(['history', '--json'], developerEnv(sandbox, dataDir));
  const rows = historySchema.parse(JSON.parse(run.stdout)).purchases.filter((row) => ids.includes(row.id));
  return new Map(rows.map((row) => [row.id, row]));
}

function posts(): number {
  return sandbox.log().filter((entry) => entry.class === 'purchase').length;
}

describe('titledesk send --all', () => {
  it('with the service down, says none was sent and exits 5; the purchases stay not sent', async () => {
    const ids = journalNotSent(sandbox.config.sampleTitles.slice(0, 3));
    await sandbox.close();
    try {
      const run = await runCli(['send', '--all', '--json'], developerEnv(sandbox, dataDir));
      expect(run.code).toBe(5);
      const report = sendAllReportSchema.parse(JSON.parse(run.stdout));
      expect(report).toMatchObject({ total: 3, sent: 0, refused: 0, unknown: 0, notSent: 3 });
      expect(report.purchases.every((entry) => entry.state === 'not_sent' && entry.reason !== undefined)).toBe(true);
      const text = await runCli(['send', '--all'], developerEnv(sandbox, dataDir));
      expect(text.code).toBe(5);
      expect(text.stdout).toMatch(/^3 purchases tried: 0 sent, 3 still not sent \(nothing charged\)\./);
    } finally {
      sandbox = await startSandbox({ port, control: true });
    }
    for (const row of (await states(ids)).values()) expect(row).toMatchObject({ state: 'not_sent' });
  });

  it('with the service up, waits for every answer: each has a purchase ID and is counted as sent', async () => {
    const before = posts();
    const run = await runCli(['send', '--all', '--json'], developerEnv(sandbox, dataDir));
    expect(run.code).toBe(0);
    const report = sendAllReportSchema.parse(JSON.parse(run.stdout));
    expect(report).toMatchObject({ total: 3, sent: 3, refused: 0, unknown: 0, notSent: 0 });
    expect(posts() - before).toBe(3);
    const rows = await states(report.purchases.map((entry) => entry.id));
    expect(rows.size).toBe(3);
    for (const row of rows.values()) {
      expect(['pending', 'available']).toContain(row.state);
      expect(row.purchaseId).toMatch(/\S/);
    }
    expect((await runCli(['send', '--all'], developerEnv(sandbox, dataDir))).stdout).toBe('No purchase was waiting to be sent.\n');
  });

  it('counts a refusal apart from the sends the service took, and exits 4', async () => {
    const [title = ''] = sandbox.config.sampleTitles;
    journalNotSent([title, 'ZZ999999']);
    const run = await runCli(['send', '--all', '--json'], developerEnv(sandbox, dataDir));
    const report = sendAllReportSchema.parse(JSON.parse(run.stdout));
    expect(report).toMatchObject({ total: 2, sent: 1, refused: 1, unknown: 0, notSent: 0 });
    expect(report.purchases.find((entry) => entry.state === 'failed')?.reason).toMatch(/\S/);
    expect(run.code).toBe(4);
  });
});
