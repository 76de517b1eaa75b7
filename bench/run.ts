/**
 * npm run bench [-- --only polling,tokens] [-- --purchases 200]
 *
 * Runs every section against the sandbox over loopback HTTP, prints a table per section and
 * writes bench/results.json. With --only, the sections run replace their own entries in an
 * existing results.json and leave the others as they were.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir } from './lib/child.ts';
import { currentLoad, machineInfo } from './lib/machine.ts';
import type { BenchContext, Section } from './lib/section.ts';
import { removeRendererBuild } from './lib/renderer-build.ts';
import { formatTable } from './lib/table.ts';
import { addressSection } from './sections/address-search.ts';
import { crashFaultsSection } from './sections/crash-faults.ts';
import { eventsSection } from './sections/events.ts';
import { historySection } from './sections/history.ts';
import { pollingSection } from './sections/polling.ts';
import { rendererSection } from './sections/renderer.ts';
import { tokensSection } from './sections/tokens.ts';

const sections: readonly Section[] = [pollingSection, tokensSection, eventsSection, historySection, rendererSection, addressSection, crashFaultsSection];
// A hung section must not hold the machine: the whole run stops by itself.
const watchdogMs = 8 * 60_000;
const resultsPath = join(benchDir, 'results.json');

function parseOptions(): { only: Section[]; purchases: number; write: boolean } {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { only: { type: 'string' }, purchases: { type: 'string' }, 'no-write': { type: 'boolean' } },
  });
  const names = values.only?.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names?.filter((name) => !sections.some((section) => section.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown section(s) ${unknown.join(', ')}; known: ${sections.map((section) => section.name).join(', ')}`);
  const purchases = values.purchases === undefined ? 1000 : Number(values.purchases);
  if (!Number.isInteger(purchases) || purchases < 1 || purchases > 2000) throw new Error('--purchases must be a whole number from 1 to 2000');
  const only = names === undefined ? [...sections] : sections.filter((section) => names.includes(section.name));
  return { only, purchases, write: values['no-write'] !== true };
}

function previousSections(): Record<string, unknown> {
  if (!existsSync(resultsPath)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(resultsPath, 'utf8'));
    if (typeof parsed === 'object' && parsed !== null && 'sections' in parsed && typeof parsed.sections === 'object' && parsed.sections !== null) {
      return { ...parsed.sections };
    }
  } catch {
    // An unreadable file is replaced whole.
  }
  return {};
}

async function main(): Promise<number> {
  const options = parseOptions();
  const watchdog = setTimeout(() => {
    process.stderr.write(`bench: still running after ${watchdogMs / 1000} s; stopping.\n`);
    process.exit(1);
  }, watchdogMs);
  watchdog.unref();
  const context: BenchContext = { purchases: options.purchases, log: (message) => process.stderr.write(`  … ${message}\n`) };
  const machine = machineInfo();
  process.stdout.write(`TitleDesk bench — ${machine.cpuCount} x ${machine.cpuModel}, ${machine.totalMemoryGiB} GiB, Node ${machine.node}, load ${machine.loadavg.join(' ')}\n`);
  const done: Record<string, unknown> = {};
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
      done[section.name] = { title: section.title, ranAt: new Date().toISOString(), seconds, loadavgBefore: loadBefore, loadavgAfter: currentLoad(), ...outcome.figures, notes: outcome.notes ?? [] };
    } catch (error) {
      failures += 1;
      process.stdout.write(`  FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    }
  }
  removeRendererBuild();
  if (options.write) {
    const full = options.only.length === sections.length;
    const merged = { ...(full ? {} : previousSections()), ...done };
    const results = { command: 'npm run bench', purchases: options.purchases, machine: { ...machine, loadavgAfter: currentLoad() }, sections: merged };
    writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`\nWrote ${resultsPath}\n`);
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
