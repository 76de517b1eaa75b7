import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceTraffic, startHarness, type Harness } from '../fixtures/purchase-harness.ts';
import { startScriptedServer } from '../fixtures/purchase-server.ts';

const runner = fileURLToPath(new URL('../fixtures/purchase-runner.ts', import.meta.url));
const lineSchema = z.object({
  event: z.enum(['update', 'resumed', 'settled']),
  id: z.string().optional(),
  state: z.string().optional(),
  timeline: z.array(z.string()).optional(),
  resumed: z.number().optional(),
  outcomeUnknown: z.number().optional(),
  notSent: z.number().optional(),
  autoSent: z.number().optional(),
});
type Line = z.infer<typeof lineSchema>;

/** The timeline of the one purchase in a data folder's journal, as a killed process left it. */
function journalTimeline(dataDir: string): { status: number | string; receivedAt?: number | undefined }[] {
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
  try {
    const row = z.object({ record: z.string() }).parse(db.prepare('SELECT record FROM purchases').get());
    return z.object({ timeline: z.array(z.object({ status: z.union([z.number(), z.string()]), receivedAt: z.number().optional() })) }).parse(JSON.parse(row.record)).timeline;
  } finally {
    db.close();
  }
}

/** GETs that reached the sandbox before the time its previous answer advised, by its own log. */
function earlyGets(exchanges: readonly { time: number; arrivedAt: number; adviceSeconds?: number | undefined }[]): number {
  return exchanges.filter((entry, index) => {
    const previous = exchanges[index - 1];
    return previous?.adviceSeconds !== undefined && entry.arrivedAt < previous.time + previous.adviceSeconds * 1000;
  }).length;
}

let h: Harness;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Ready after 4 s with 1 s waits: time enough to be killed between GETs.
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [4, 4] } });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await h.close();
});

interface Run {
  readonly child: ChildProcess;
  readonly lines: Line[];
  /** Resolves with the first line that matches, or rejects when the process ends first. */
  readonly until: (match: (line: Line) => boolean) => Promise<Line>;
  readonly exited: Promise<number | null>;
}

function run(dataDir: string, args: string[], extraEnv: Record<string, string> = {}): Run {
  const { config } = h.sandbox;
  const child = spawn(process.execPath, [runner, ...args], {
    env: {
      ...process.env,
      TD_BASE_URL: h.sandbox.baseUrl,
      TD_DATA_DIR: dataDir,
      TD_DEVELOPER_CLIENT_ID: config.developer.clientId,
      TD_REFRESH_TOKEN: config.developer.refreshToken,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString('utf8'); });
  children.push(child);
  const lines: Line[] = [];
  const watchers = new Set<{ match: (line: Line) => boolean; resolve: (line: Line) => void }>();
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = lineSchema.parse(JSON.parse(text));
    lines.push(line);
    for (const watcher of watchers) if (watcher.match(line)) watcher.resolve(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { resolve(code); }));
  const until = (match: (line: Line) => boolean): Promise<Line> => {
    const seen = lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      watchers.add({ match, resolve });
      void exited.then(() => { reject(new Error(`runner ended first; output: ${JSON.stringify(lines)}; stderr: ${errors}`)); });
    });
  };
  return { child, lines, until, exited };
}

describe('resume after the process is killed', () => {
  it('completes a purchase killed mid-poll in a second process, with exactly one POST', async () => {
    const dataDir = h.newDataDir();
    const before = serviceTraffic(h.sandbox);
    const [title = ''] = h.sandbox.config.sampleTitles;
    const variables = h.sandbox.config.sampleVariables.slice(0, 2);
    const first = run(dataDir, ['create', title, ...variables]);
    const midPoll = await first.until((line) => line.timeline?.includes('GET 202') === true);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(first.lines.some((line) => line.event === 'settled')).toBe(false);
    const second = run(dataDir, ['resume']);
    expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ resumed: 1, outcomeUnknown: 0 });
    const settled = await second.until((line) => line.event === 'settled');
    expect(settled).toMatchObject({ id: midPoll.id, state: 'available' });
    expect(await second.exited).toBe(0);
    const final = second.lines.findLast((line) => line.event === 'update');
    expect(final?.timeline?.[0]).toBe('POST 303');
    expect(final?.timeline?.at(-1)).toBe('GET 200');
    expect(final?.timeline?.filter((s) => s.startsWith('POST'))).toHaveLength(1);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });

  it('turns an intent killed during its POST into outcome-unknown and never sends it again', async () => {
    // A loopback server that holds the POST unanswered, so the kill lands while it is in flight.
    const server = await startScriptedServer();
    try {
      server.setScript(() => ({ status: 303, hang: true }));
      const dataDir = h.newDataDir();
      const noAuth = { TD_AUTH: 'none', TD_BASE_URL: server.baseUrl.origin };
      const first = run(dataDir, ['create', 'DN100', h.sandbox.config.sampleVariables[0] ?? ''], noAuth);
      const intent = await first.until((line) => line.state === 'submitting');
      while (!server.seen.some((request) => request.method === 'POST')) await new Promise((resolve) => setTimeout(resolve, 20));
      first.child.kill('SIGKILL');
      await first.exited;
      const second = run(dataDir, ['resume'], noAuth);
      expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ resumed: 0, outcomeUnknown: 1 });
      expect(await second.until((line) => line.id === intent.id && line.state === 'outcome_unknown')).toBeDefined();
      expect(await second.exited).toBe(0);
      expect(server.seen.map((request) => request.method)).toEqual(['POST']);
    } finally {
      await server.close();
    }
  });

  it('never asks early after a kill that took back answers held in memory', async () => {
    const dataDir = h.newDataDir();
    const logStart = h.sandbox.log().length;
    const [title = ''] = h.sandbox.config.testTitles;
    const first = run(dataDir, ['create', title, h.sandbox.config.sampleVariables[2] ?? '']);
    // The 303 is journaled with a next check ten seconds later than it advised; the answers after
    // it advise no later than that, so they are only announced (record-store.ts).
    const announced = await first.until((line) => (line.timeline?.filter((status) => status === 'GET 202').length ?? 0) === 3);
    first.child.kill('SIGKILL');
    await first.exited;
    const journaled = journalTimeline(dataDir);
    expect(journaled.length).toBeLessThan(announced.timeline?.length ?? 0);
    const killedAt = Date.now();
    const second = run(dataDir, ['resume']);
    expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ resumed: 1, outcomeUnknown: 0 });
    expect(await second.until((line) => line.event === 'settled')).toMatchObject({ id: announced.id, state: 'available' });
    expect(await second.exited).toBe(0);
    const exchanges = h.sandbox.log().slice(logStart).filter((entry) => entry.class === 'purchase' || entry.class === 'result');
    const lastAnswer = exchanges.filter((entry) => entry.time < killedAt).at(-1);
    const firstAfter = exchanges.find((entry) => entry.arrivedAt > killedAt);
    expect(lastAnswer?.status).toBe(202);
    // Not before the last answer the killed process had (and had not journaled) advised, and
    // not more than ten seconds after the journaled one did.
    expect(firstAfter?.arrivedAt).toBeGreaterThanOrEqual((lastAnswer?.time ?? Infinity) + (lastAnswer?.adviceSeconds ?? 0) * 1000);
    expect(firstAfter?.arrivedAt).toBeLessThanOrEqual((journaled.at(-1)?.receivedAt ?? 0) + 1000 + 10_000 + 2000);
    expect(earlyGets(exchanges)).toBe(0);
  });
});

describe('not sent is not unknown', () => {
  it('sends an intent killed while it waited for its token once, on the next start within the window', async () => {
    const dataDir = h.newDataDir();
    const before = serviceTraffic(h.sandbox);
    // The token endpoint stalls: the intent is journaled, but its POST cannot have left.
    h.sandbox.setFaults([{ target: 'token', kind: 'latency', latencyMs: 60_000 }]);
    const [title = ''] = h.sandbox.config.sampleTitles.slice(1);
    const first = run(dataDir, ['create', title, h.sandbox.config.sampleVariables[2] ?? '']);
    const intent = await first.until((line) => line.state === 'submitting');
    first.child.kill('SIGKILL');
    await first.exited;
    h.sandbox.setFaults([]);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
    const second = run(dataDir, ['resume']);
    expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ outcomeUnknown: 0, autoSent: 1 });
    expect(await second.until((line) => line.event === 'settled')).toMatchObject({ id: intent.id, state: 'available' });
    expect(await second.exited).toBe(0);
    expect(second.lines.some((line) => line.state === 'not_sent')).toBe(true);
    expect(second.lines.some((line) => line.state === 'outcome_unknown')).toBe(false);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });

  it('keeps an older unsent intent as not sent, waiting for Send now, and sends nothing', async () => {
    const dataDir = h.newDataDir();
    const before = serviceTraffic(h.sandbox);
    h.sandbox.setFaults([{ target: 'token', kind: 'latency', latencyMs: 60_000 }]);
    const [title = ''] = h.sandbox.config.sampleTitles.slice(2);
    const first = run(dataDir, ['create', title, h.sandbox.config.sampleVariables[3] ?? '']);
    const intent = await first.until((line) => line.state === 'submitting');
    first.child.kill('SIGKILL');
    await first.exited;
    h.sandbox.setFaults([]);
    // An auto-send window of 0 minutes: every unsent purchase is older than it.
    const second = run(dataDir, ['resume'], { TD_AUTO_SEND_MINUTES: '0' });
    expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ outcomeUnknown: 0, notSent: 1, autoSent: 0 });
    expect(await second.until((line) => line.id === intent.id && line.state === 'not_sent')).toBeDefined();
    expect(await second.exited).toBe(0);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(0);
  });

  it('follows a purchase killed right after its 303 to available, with one POST and no early GET', async () => {
    const dataDir = h.newDataDir();
    const before = serviceTraffic(h.sandbox);
    const [title = ''] = h.sandbox.config.testTitles;
    const first = run(dataDir, ['create', title, h.sandbox.config.sampleVariables[1] ?? '']);
    const accepted = await first.until((line) => line.state === 'pending' && line.timeline?.length === 1);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = run(dataDir, ['resume']);
    expect(await second.until((line) => line.event === 'resumed')).toMatchObject({ resumed: 1, outcomeUnknown: 0 });
    expect(await second.until((line) => line.event === 'settled')).toMatchObject({ id: accepted.id, state: 'available' });
    expect(await second.exited).toBe(0);
    expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(1);
  });
});
