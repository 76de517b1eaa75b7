/**
 * npm run bench [-- --only polling,tokens] [-- --purchases 200] [-- --runs 3]
 *
 * Runs every section against the sandbox over loopback HTTP, prints a table per section, writes
 * bench/results.json and regenerates the figures of docs/performance.md from it. A run of every
 * section replaces the file whole; with --only, the sections run replace their own entries and
 * the others stay, each naming the run (machine, load, date) it came from.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir, projectRoot } from './lib/children/child.ts';
import { currentLoad, machineInfo } from './lib/machine/machine.ts';
import { performanceMarkdown, performancePagePath, replaceGenerated } from './lib/results/readme-table.ts';
import { mergeResults, newRunId, parseResults, type BenchRun, type BenchResults } from './lib/results/results-file.ts';
import type { BenchContext, Section } from './lib/figures/section.ts';
import { removeRendererBuild } from './lib/page/renderer-build.ts';
import { removeWorkerBuilds } from './lib/children/worker-build.ts';
import { formatTable } from './lib/figures/table.ts';
import { addressSection } from './sections/address-search.ts';
import { batchSection } from './sections/batch.ts';
import { cliSection } from './sections/cli.ts';
import { crashFaultsSection } from './sections/crash-faults.ts';
import { eventsSection } from './sections/events.ts';
import { historySection } from './sections/history.ts';
import { pollingSection } from './sections/polling.ts';
import { scaleSection } from './sections/polling-scale.ts';
import { teamSection } from './sections/team.ts';
import { rendererSection } from './sections/renderer.ts';
import { tokensSection } from './sections/tokens.ts';

const sections: readonly Section[] = [pollingSection, scaleSection, tokensSection, eventsSection, historySection, rendererSection, addressSection, cliSection, batchSection, crashFaultsSection, teamSection];
// A hung section must not hold the machine: the whole run stops by itself.
const watchdogMs = 18 * 60_000;
const resultsPath = join(benchDir, 'results.json');

function parseOptions(): { only: Section[]; purchases: number; runs: number; write: boolean } {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { only: { type: 'string' }, purchases: { type: 'string' }, runs: { type: 'string' }, 'no-write': { type: 'boolean' } },
  });
  const names = values.only?.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names?.filter((name) => !sections.some((section) => section.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown section(s) ${unknown.join(', ')}; known: ${sections.map((section) => section.name).join(', ')}`);
  const purchases = values.purchases === undefined ? 1000 : Number(values.purchases);
  if (!Number.isInteger(purchases) || purchases < 1 || purchases > 2000) throw new Error('--purchases must be a whole number from 1 to 2000');
  const runs = values.runs === undefined ? 3 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs must be a whole number from 1 to 9');
  const only = names === undefined ? [...sections] : sections.filter((section) => names.includes(section.name));
  return { only, purchases, runs, write: values['no-write'] !== true };
}

function writeResults(runId: string, run: BenchRun, done: BenchResults['sections'], whole: boolean): void {
  const previous = existsSync(resultsPath) ? parseResults(readFileSync(resultsPath, 'utf8')) : undefined;
  const results = mergeResults(previous, runId, run, done, whole);
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  const pagePath = join(projectRoot, performancePagePath);
  writeFileSync(pagePath, replaceGenerated(readFileSync(pagePath, 'utf8'), performanceMarkdown(results)));
  process.stdout.write(`\nWrote ${resultsPath} and the figures of ${performancePagePath}\n`);
}

async function main(): Promise<number> {
  const options = parseOptions();
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: still running after ${watchdogMs / 1000} s; stopping.\n`);
    process.exit(1);
  }, watchdogMs);
  watchdog.unref();
  const context: BenchContext = { purchases: options.purchases, runs: options.runs, log: (message) => process.stderr.write(`  … ${message}\n`) };
  const machine = machineInfo();
  const runId = newRunId(new Date(), process.pid);
  process.stdout.write(`TitleDesk bench — ${machine.cpuCount} x ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB, Node ${machine.node}, load ${machine.loadavg.join(' ')}\n`);
  const done: BenchResults['sections'] = {};
  let failures = 0;
  for (const section of options.only) {
    process.stdout.write(`\n## ${section.title}\n`);
    const loadBefore = currentLoad();
    const startedAt = performance.now();
    try {
      const outcome = await section.run(context);
      const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
      for (const table of outcome.tables) process.stdout.write(`${formatTable(table)}\n`);
      for (const note of outcome.notes ?? []) process.stdout.write(`  note: ${note}\n`);
      process.stdout.write(`  (${seconds} s; load before ${loadBefore.join(' ')}, after ${currentLoad().join(' ')})\n`);
      done[section.name] = { runId, title: section.title, ranAt: new Date().toISOString(), seconds, loadavgBefore: loadBefore, loadavgAfter: currentLoad(), ...outcome.figures, notes: outcome.notes ?? [] };
    } catch (error) {
      failures += 1;
      process.stdout.write(`  FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    }
  }
  removeRendererBuild();
  removeWorkerBuilds();
  if (options.write) {
    const run: BenchRun = { startedAt: machine.date, command: ['npm run bench', ...process.argv.slice(2)].join(' '), purchases: options.purchases, repeats: options.runs, machine: { ...machine, loadavg: [...machine.loadavg] }, loadavgAfter: currentLoad() };
    writeResults(runId, run, done, options.only.length === sections.length && failures === 0);
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
