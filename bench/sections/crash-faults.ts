import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { purchaseRecordSchema, type PurchaseRecord } from '../../shared/purchase/purchase.ts';
import { benchDir, startChild } from '../lib/children/child.ts';
import { startSandboxProcess, type SandboxLog } from '../lib/children/sandbox-process.ts';
import { goalMark, type BenchContext, type Section, type SectionOutcome } from '../lib/figures/section.ts';

/**
 * 500 purchases while the sandbox injects a random mix of faults and the host is SIGKILLed 3
 * times, then left to settle in a fourth process. Counted from the sandbox's request log and the
 * journal: purchases lost, POSTs sent twice, outcome-unknown against POSTs whose answer the host
 * never recorded, GETs before the advised time, and the final states.
 */
const pacing = { retryAfterSeconds: [1, 2], maxAgeSeconds: [1, 2], readySeconds: [1, 6] } satisfies Record<string, [number, number]>;
const killAfterMs = [1_500, 2_500, 3_500] as const;
const faultKinds = [
  { target: 'result', kind: 'status500' },
  { target: 'result', kind: 'status503', retryAfterSeconds: 1 },
  { target: 'result', kind: 'status504' },
  { target: 'result', kind: 'drop' },
  { target: 'result', kind: 'latency', latencyMs: 400 },
  { target: 'purchase', kind: 'drop' },
  { target: 'purchase', kind: 'status503', retryAfterSeconds: 1 },
  { target: 'purchase', kind: 'latency', latencyMs: 400 },
  { target: 'token', kind: 'status503' },
] as const;

function randomFaults(): unknown[] {
  return Array.from({ length: 3 }, () => ({ ...faultKinds[Math.floor(Math.random() * faultKinds.length)], count: 1 + Math.floor(Math.random() * 4) }));
}

async function putFaults(baseUrl: string, rules: unknown[]): Promise<void> {
  await fetch(`${baseUrl}/_sandbox/faults`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rules) });
}

function readJournal(dataDir: string): PurchaseRecord[] {
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT record FROM purchases').all()
      .map((row) => purchaseRecordSchema.parse(JSON.parse(z.object({ record: z.string() }).parse(row).record)));
  } finally {
    db.close();
  }
}

/** GETs sent before the wait the previous answer advised, from the journal's timelines. */
function earlyGets(records: readonly PurchaseRecord[]): number {
  let early = 0;
  for (const { timeline } of records) {
    for (let i = 1; i < timeline.length; i += 1) {
      const previous = timeline[i - 1];
      const current = timeline[i];
      if (previous?.advisedWaitSeconds === undefined || previous.receivedAt === undefined || current === undefined) continue;
      if (current.at < previous.receivedAt + previous.advisedWaitSeconds * 1000) early += 1;
    }
  }
  return early;
}

function titleOf(path: string): string | undefined {
  return /\/titles\/([^/]+)\/catalog$/.exec(path)?.[1];
}

interface Figures {
  purchases: number;
  lost: number;
  postsTwice: number;
  posts: number;
  outcomeUnknown: number;
  /** Outcome-unknown purchases whose POST did reach the sandbox. */
  unknownReached: number;
  postsWithoutRecordedAnswer: number;
  earlyGets: number;
  resultGets: number;
  states: Record<string, number>;
}

function analyse(titles: readonly string[], records: readonly PurchaseRecord[], log: SandboxLog): Figures {
  const postsByTitle = new Map<string, number>();
  for (const entry of log) {
    const title = entry.class === 'purchase' ? titleOf(decodeURIComponent(entry.path)) : undefined;
    if (title !== undefined) postsByTitle.set(title, (postsByTitle.get(title) ?? 0) + 1);
  }
  const answered = (record: PurchaseRecord): boolean => record.timeline.some((exchange) => exchange.method === 'POST' && exchange.status !== 'no-response');
  const states: Record<string, number> = {};
  for (const record of records) states[record.state] = (states[record.state] ?? 0) + 1;
  const known = new Set(records.map((record) => record.titleNumber));
  return {
    purchases: titles.length,
    lost: titles.filter((title) => !known.has(title)).length,
    postsTwice: [...postsByTitle.values()].filter((count) => count > 1).length,
    posts: [...postsByTitle.values()].reduce((sum, count) => sum + count, 0),
    outcomeUnknown: states['outcome_unknown'] ?? 0,
    unknownReached: records.filter((record) => record.state === 'outcome_unknown' && (postsByTitle.get(record.titleNumber ?? '') ?? 0) > 0).length,
    postsWithoutRecordedAnswer: records.filter((record) => (postsByTitle.get(record.titleNumber ?? '') ?? 0) > 0 && !answered(record)).length,
    earlyGets: earlyGets(records),
    resultGets: log.filter((entry) => entry.class === 'result').length,
    states,
  };
}

async function run(context: BenchContext): Promise<SectionOutcome> {
  const count = Math.min(500, context.purchases);
  const sandbox = await startSandboxProcess({ pacing });
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-crash-'));
  const injector = setInterval(() => { void putFaults(sandbox.baseUrl, randomFaults()).catch(() => undefined); }, 300);
  try {
    const variable = sandbox.config.sampleVariables[0] ?? '';
    const titles = sandbox.titles.slice(0, count);
    const worker = join(benchDir, 'workers', 'crash-host.ts');
    const input = (mode: string): string => JSON.stringify({ mode, dataDir, config: sandbox.config, titles, variable });
    let kills = 0;
    for (const [index, delay] of killAfterMs.entries()) {
      const host = startChild(worker, [input(index === 0 ? 'create' : 'resume')]);
      // Listened for from the start: a resumed host may finish its work and exit before its kill.
      const exited = new Promise((resolve) => host.process.once('exit', resolve));
      if (index === 0) await host.nextJson(30_000);
      await new Promise((resolve) => setTimeout(resolve, delay));
      const running = host.process.exitCode === null && host.process.signalCode === null;
      if (running) {
        host.process.kill('SIGKILL');
        kills += 1;
      }
      await exited;
      context.log(`crash-faults: host ${running ? 'killed' : 'had finished before its kill'} (${String(index + 1)} of ${String(killAfterMs.length)})`);
    }
    clearInterval(injector);
    await putFaults(sandbox.baseUrl, []);
    const last = startChild(worker, [input('resume')]);
    await last.nextJson(240_000);
    await last.stop();
    const figures = analyse(titles, readJournal(dataDir), await sandbox.log());
    const states = Object.entries(figures.states).map(([state, n]) => `${state} ${String(n)}`).join(', ');
    return {
      figures: { ...figures, kills },
      tables: [{
        columns: ['Measure', 'Result', 'Goal'],
        rows: [
          ['purchases lost', String(figures.lost), `0 ${goalMark(figures.lost === 0)}`],
          ['POSTs sent twice', String(figures.postsTwice), `0 ${goalMark(figures.postsTwice === 0)}`],
          ['POSTs whose answer was never recorded / outcome unknown among them', `${String(figures.postsWithoutRecordedAnswer)} / ${String(figures.unknownReached)}`, `equal ${goalMark(figures.unknownReached === figures.postsWithoutRecordedAnswer)}`],
          ['outcome unknown whose POST never reached the service (killed after the sending mark)', String(figures.outcomeUnknown - figures.unknownReached), ''],
          ['GETs before the advised time', String(figures.earlyGets), `0 ${goalMark(figures.earlyGets === 0)}`],
          ['final states', states, ''],
        ],
      }],
      notes: [`${String(count)} purchases, ${String(kills)} SIGKILLs (of ${String(killAfterMs.length)} planned: a host that finished first is not killed), faults re-drawn every 300 ms; ${String(figures.posts)} POSTs and ${String(figures.resultGets)} result GETs reached the sandbox.`],
    };
  } finally {
    clearInterval(injector);
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const crashFaultsSection: Section = { name: 'crash', title: 'Crash and faults: 500 purchases, random faults, 3 SIGKILLs', run };
