import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generatedEnd, generatedStart, performanceMarkdown, performancePagePath, replaceGenerated } from '../../../../bench/lib/results/readme-table.ts';
import { mergeResults, parseResults, type BenchResults, type BenchRun } from '../../../../bench/lib/results/results-file.ts';

function fixture(): BenchResults {
  const parsed = parseResults(readFileSync(new URL('../../fixtures/bench-results.json', import.meta.url), 'utf8'));
  if (parsed === undefined) throw new Error('the fixture does not parse');
  return parsed;
}

/**
 * The README for the fixture with a renderer section made of `figures`. The fixture has none: any
 * section of the same run (history) stands in for its run and machine.
 */
function withRenderer(figures: Record<string, unknown>): string {
  const results = fixture();
  const history = results.sections['history'];
  if (history === undefined) throw new Error('fixture without history');
  return performanceMarkdown({ ...results, sections: { ...results.sections, renderer: { ...history, ...figures } } });
}

describe('Performance figures generated from bench/results.json into docs/performance.md', () => {
  it('shows each figure from the file, median with worst when they differ, and the run and machine they came from', () => {
    const markdown = performanceMarkdown(fixture());
    expect(markdown).toContain('Figures from run 20261122T210000Z-42 (2026-11-22): 2 × AMD EPYC, 23.5 GiB, Node 24.21.0, 1-minute load average 0.5 at the start, 1.25 at the end.');
    expect(markdown).not.toContain('exceeded');
    expect(markdown).toContain('| 1,000 concurrent purchases, median of 3 runs (worst) | TitleDesk | naive, GET every 1 s | naive, GET every 3 s |');
    expect(markdown).toContain('| result GETs (counted by the sandbox) | 5,869 (worst 5,870) | 10,965 (worst 11,002) | - |');
    expect(markdown).toContain('| GETs sent before the advised time (sandbox log) | 0 | 7,832 (worst 7,900) | - |');
    expect(markdown).toContain('| lateness after the advised time, p99 | 12.5 ms (worst 40 ms) | - | - |');
    expect(markdown).toContain('gets the 200 500 ms / 990 ms (p50 / p99) after the data is ready');
    expect(markdown).toContain('| History of 100,000 purchases: bulk seeding for the bench | 4.2 s (one transaction); journal 180.5 MiB on disk |');
    expect(markdown).toContain('| History: purchase ID typed in the search box, p50 / p99 (median of runs) | 0.4 ms / 1.2 ms |');
    expect(markdown).toContain('| median of 3 runs (worst) | TitleDesk, 1,000 purchases | TitleDesk, 10,000 purchases | naive, GET every 3 s, 10,000 (writes nothing to disk) |');
    expect(markdown).toContain('| POSTs: first arrival → last answer (sandbox log) | 567 ms (worst 610 ms) | 4,772 ms | 4,012 ms (worst 4,100 ms) |');
    expect(markdown).toContain('| GETs sent before the advised time / GETs ÷ minimum | 0 / 1 | 0 / 0.98 (worst 0.99) | 0 / 0.67 |');
    expect(markdown).toContain('| peak RSS (client process) | 232.4 MiB (worst 240 MiB) | 424.7 MiB (worst 430 MiB) | 717.5 MiB (worst 720 MiB) |');
    // A figure the naive run did not report is a dash, not a borrowed number.
    expect(markdown).toContain('| CPU per purchase | 3,220 µs (worst 3,400 µs) | 1,494 µs (worst 1,600 µs) | - |');
    // Sections absent from the file leave no row behind.
    expect(markdown).not.toContain('Renderer bundle');
    expect(markdown).not.toContain('Sections come from');
  });

  it('leaves the naive column out of the scale table for results written before it existed', () => {
    const results = fixture();
    const scale = results.sections['scale'];
    if (scale === undefined) throw new Error('fixture without scale');
    const summaries = z.object({ naiveAt10000: z.unknown() }).loose().parse(Reflect.get(scale, 'summaries'));
    delete summaries.naiveAt10000;
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, scale: { ...scale, summaries } } });
    expect(markdown).toContain('| median of 3 runs (worst) | TitleDesk, 1,000 purchases | TitleDesk, 10,000 purchases |\n|---|---|---|');
    expect(markdown).toContain('| POSTs: first arrival → last answer (sandbox log) | 567 ms (worst 610 ms) | 4,772 ms |\n');
  });

  it('shows the CPU the client and the sandbox used while the POSTs were answered, and dashes for results without it', () => {
    const results = fixture();
    const scale = results.sections['scale'];
    if (scale === undefined) throw new Error('fixture without scale');
    const clientRow = '| … CPU then: the client in cores / its main thread on a CPU / waiting for one (share of the span) |';
    expect(performanceMarkdown(results)).toContain(`${clientRow} - / - / - | - / - / - | - / - / - |`);
    const summaries = z.record(z.string(), z.record(z.string(), z.unknown())).parse(Reflect.get(scale, 'summaries'));
    const cpu = (client: number, main: number, waiting: number, sandbox: number, sandboxWaiting: number) => ({
      'CPU while POSTs are answered: client, all its threads (cores)': { median: client, worst: client },
      "client's main thread on a CPU while POSTs are answered (share of the span)": { median: main, worst: main },
      "client's main thread waiting for a CPU while POSTs are answered (share of the span)": { median: waiting, worst: waiting + 0.03 },
      'CPU while POSTs are answered: sandbox (cores)': { median: sandbox, worst: sandbox },
      "sandbox's main thread waiting for a CPU while POSTs are answered (share of the span)": { median: sandboxWaiting, worst: sandboxWaiting },
    });
    const withCpu = {
      at1000: { ...summaries['at1000'], ...cpu(1.01, 0.66, 0.26, 0.66, 0.24) },
      at10000: { ...summaries['at10000'], ...cpu(1.07, 0.77, 0.17, 0.5, 0.15) },
      naiveAt10000: { ...summaries['naiveAt10000'], ...cpu(1.04, 0.7, 0.23, 0.69, 0.18) },
    };
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, scale: { ...scale, summaries: withCpu } } });
    expect(markdown).toContain(`${clientRow} 1.01 / 0.66 / 0.26 (worst 0.29) | 1.07 / 0.77 / 0.17 (worst 0.2) | 1.04 / 0.7 / 0.23 (worst 0.26) |`);
    expect(markdown).toContain('| … CPU then: the sandbox in cores / its main thread waiting for a CPU (share of the span) | 0.66 / 0.24 | 0.5 / 0.15 | 0.69 / 0.18 |');
  });

  it('shows the bare client\'s rates beside what the 3 s goal asks, and nothing for results written before they were measured', () => {
    const results = fixture();
    const scale = results.sections['scale'];
    if (scale === undefined) throw new Error('fixture without scale');
    expect(performanceMarkdown(results)).not.toContain('ceiling');
    const summaries = z.record(z.string(), z.unknown()).parse(Reflect.get(scale, 'summaries'));
    const ceilingAt10000 = {
      'bare client: POSTs answered per second': { median: 4444, worst: 4153 },
      'bare client: time for those POSTs and GETs at its own rates': { median: 2644, worst: 2644 },
    };
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, scale: { ...scale, summaries: { ...summaries, ceilingAt10000 } } } });
    expect(markdown).toContain("| This machine's ceiling: median of 3 runs (worst) | 10,000 purchases |\n|---|---|\n| bare client: POSTs, first arrival to last answer | - |");
    expect(markdown).toContain('| bare client: POSTs answered per second | 4,444 /s (worst 4,153 /s) |');
    expect(markdown).toContain('| bare client: time for those POSTs and GETs at its own rates | 2,644 ms |');
  });

  it('shows the page\'s main-thread time and its contract calls during the live runs, and no row for results without them', () => {
    const pageWork = { taskSeconds: 5.21, scriptSeconds: 2.04, layoutSeconds: 1.1, styleSeconds: 0.4, contractRequestsPerRun: [0, 1, 0] };
    const withWork = withRenderer({ live: { pageWork } });
    expect(withWork).toContain('| Page main thread while the live purchases arrive and settle, purchase list on screen: busy (script / layout), median of runs; contract calls by the page, per run | 5.21 s (2.04 s / 1.1 s); 0, 1, 0 |');
    const without = withRenderer({ live: {} });
    expect(without).toContain('Longest main-thread task with live purchases, purchase list on screen');
    expect(without).not.toContain('Page main thread');
    expect(without).not.toContain('History on screen');
  });

  it('shows the live runs with History on screen beside those with the purchase list, when the run measured them', () => {
    const pageWork = { taskSeconds: 2.61, scriptSeconds: 0.84, layoutSeconds: 0.1, styleSeconds: 0.2, contractRequestsPerRun: [24, 24, 25] };
    const markdown = withRenderer({ live: {}, liveHistory: { longestTaskMs: 61, pageWork } });
    expect(markdown).toContain('| Longest main-thread task with live purchases, History on screen | 61 ms |\n' +
      '| Page main thread while the live purchases arrive and settle, History on screen: busy (script / layout), median of runs; contract calls by the page, per run | 2.61 s (0.84 s / 0.1 s); 24, 24, 25 |');
    expect(withRenderer({ live: {}, liveHistory: { longestTaskMs: null } })).toContain('| Longest main-thread task with live purchases, History on screen | none ≥ 50 ms |');
    expect(withRenderer({ live: {}, liveHistory: { longestTaskMs: 'pending' } })).toContain('| Longest main-thread task with live purchases, History on screen | pending (the page did not list the purchases) |');
  });

  it("shows the app's first screen beside the address box when the run measured both, and no row for results without it", () => {
    const withApp = withRenderer({ startup: { medianMs: 142, appMedianMs: 561 } });
    expect(withApp).toContain('| Navigation to the address box accepting input (median of runs) | 142 ms |\n' +
      "| Navigation to the app's first screen, with address suggestions (median of runs) | 561 ms |\n");
    const without = withRenderer({ startup: { medianMs: 647 } });
    expect(without).toContain('| Navigation to the address box accepting input (median of runs) | 647 ms |');
    expect(without).not.toContain("app's first screen");
  });

  it('shows the machine\'s pace before each run under the tables whose runs recorded it, and nothing for older results', () => {
    const results = fixture();
    const polling = results.sections['polling'];
    if (polling === undefined) throw new Error('fixture without polling');
    const pace = (cpuMs: number, cpuTailRatio: number, roundTripUs: number, fsyncMs: number, memoryMs: number) => ({ paceBefore: { cpuMs, cpuTailRatio, roundTripUs, fsyncMs, memoryMs } });
    const raw = [pace(36, 1.2, 77, 0.23, 180), pace(41, 5.3, 1510, 0.46, 1250), pace(35, 1.1, 51, 2.5, 21)];
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, polling: { ...polling, raw } } });
    expect(markdown).toContain('Machine pace before each run (bench/lib/machine/machine-pace.ts): a fixed JavaScript loop 36 / 41 / 35 ms; ' +
      'that loop in 1 ms slices for 1 s, p99 over median 1.2 / 5.3 / 1.1×; a one-byte loopback round trip to another process 77 / 1,510 / 51 µs; a 4 KiB write and fdatasync 0.23 / 0.46 / 2.5 ms; ' +
      'writing 64 MiB of memory fresh from the OS 180 / 1,250 / 21 ms.');
    // The scale section of the fixture has no raw runs: no line of its own.
    expect(markdown.match(/Machine pace/g)).toHaveLength(1);
    // A run without the probe (older results) leaves the line out rather than showing part of it.
    const partial = performanceMarkdown({ ...results, sections: { ...results.sections, polling: { ...polling, raw: [raw[0], {}] } } });
    expect(partial).not.toContain('Machine pace');
    // Results from before the memory or the slices probe: no line rather than a line with a gap.
    const older = raw.map(({ paceBefore }) => ({ paceBefore: { cpuMs: paceBefore.cpuMs, roundTripUs: paceBefore.roundTripUs, fsyncMs: paceBefore.fsyncMs } }));
    expect(performanceMarkdown({ ...results, sections: { ...results.sections, polling: { ...polling, raw: older } } })).not.toContain('Machine pace');
    const beforeSlices = raw.map(({ paceBefore }) => ({ paceBefore: { ...paceBefore, cpuTailRatio: undefined } }));
    expect(performanceMarkdown({ ...results, sections: { ...results.sections, polling: { ...polling, raw: beforeSlices } } })).not.toContain('Machine pace');
    expect(performanceMarkdown(fixture())).not.toContain('Machine pace');
  });

  it('shows the pace before the renderer and CLI sections, each probed once, and nothing for a section without it', () => {
    const results = fixture();
    // The fixture has no renderer or CLI section: any section of the same run stands in for them.
    const renderer = results.sections['history'];
    if (renderer === undefined) throw new Error('fixture without history');
    const cli = renderer;
    const paceBefore = { cpuMs: 35, cpuTailRatio: 2.4, roundTripUs: 58, fsyncMs: 0.27, memoryMs: 1250 };
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, renderer: { ...renderer, paceBefore }, cli: { ...cli, paceBefore: { ...paceBefore, memoryMs: 229 } } } });
    expect(markdown).toContain('Machine pace before the renderer section (bench/lib/machine/machine-pace.ts): a fixed JavaScript loop 35 ms; ' +
      'that loop in 1 ms slices for 1 s, p99 over median 2.4×; a one-byte loopback round trip to another process 58 µs; a 4 KiB write and fdatasync 0.27 ms; writing 64 MiB of memory fresh from the OS 1,250 ms.');
    expect(markdown).toContain('Machine pace before the CLI section (bench/lib/machine/machine-pace.ts): a fixed JavaScript loop 35 ms; ' +
      'that loop in 1 ms slices for 1 s, p99 over median 2.4×; a one-byte loopback round trip to another process 58 µs; a 4 KiB write and fdatasync 0.27 ms; writing 64 MiB of memory fresh from the OS 229 ms.');
    // Under the table of measures they belong to.
    expect(markdown.indexOf('Machine pace before the renderer section')).toBeGreaterThan(markdown.indexOf('| Measure | Result |'));
    expect(markdown.indexOf('Machine pace before the CLI section')).toBeGreaterThan(markdown.indexOf('Machine pace before the renderer section'));
    // The history searches are probed before each of their runs, and said before the sections probed once.
    const history = { ...renderer, raw: [{ paceBefore }, { paceBefore: { ...paceBefore, cpuTailRatio: 5.1 } }] };
    const withHistory = performanceMarkdown({ ...results, sections: { ...results.sections, history, renderer: { ...renderer, paceBefore } } });
    expect(withHistory).toContain('Machine pace before each run of the history searches (bench/lib/machine/machine-pace.ts): a fixed JavaScript loop 35 / 35 ms; ' +
      'that loop in 1 ms slices for 1 s, p99 over median 2.4 / 5.1×; a one-byte loopback round trip to another process 58 / 58 µs; a 4 KiB write and fdatasync 0.27 / 0.27 ms; ' +
      'writing 64 MiB of memory fresh from the OS 1,250 / 1,250 ms.');
    expect(withHistory.indexOf('Machine pace before each run of the history searches')).toBeLessThan(withHistory.indexOf('Machine pace before the renderer section'));
    // A history run from before the probe: no line for the history.
    expect(markdown).not.toContain('history searches');
    const cliOnly = performanceMarkdown({ ...results, sections: { ...results.sections, cli: { ...cli, paceBefore } } });
    expect(cliOnly).toContain('Machine pace before the CLI section');
    expect(cliOnly).not.toContain('Machine pace before the renderer section');
  });

  it('shows the budget check beside the history, and no row for a history run without it', () => {
    const results = fixture();
    const history = results.sections['history'];
    if (history === undefined) throw new Error('fixture without history');
    const budget = { purchasesThisMonth: 7412, firstCheckMs: 3.25, checks: 200, p50Ms: 0.031, p99Ms: 0.12 };
    const markdown = performanceMarkdown({ ...results, sections: { ...results.sections, history: { ...history, budget } } });
    expect(markdown).toContain('| Budget check with daily and monthly budgets set, 7,412 purchases this month: the first / p50 / p99 of those after each purchase | 3.25 ms / 31 µs / 120 µs |');
    expect(performanceMarkdown(results)).not.toContain('Budget check');
  });

  it('says so when the sections come from different runs', () => {
    const results = fixture();
    const history = results.sections['history'];
    if (history === undefined) throw new Error('fixture without history');
    const run = results.runs['20261122T210000Z-42'];
    if (run === undefined) throw new Error('fixture without its run');
    const merged = mergeResults(results, 'later-7', { ...run, startedAt: '2026-11-23T08:00:00.000Z' }, { history: { ...history, runId: 'later-7' } }, false);
    expect(Object.keys(merged.runs).sort()).toEqual(['20261122T210000Z-42', 'later-7']);
    expect(performanceMarkdown(merged)).toContain('Sections come from 2 different runs: polling ← 20261122T210000Z-42, history ← later-7, scale ← 20261122T210000Z-42.');
    const busy = mergeResults(results, 'busy-1', { ...run, loadavgAfter: [12, 11, 10] }, { history: { ...history, runId: 'busy-1' } }, false);
    expect(performanceMarkdown(busy)).toContain('The load average exceeded the 2 cores');
  });

  it('replaces only the generated block of the page, and drops runs no section refers to after a whole run', () => {
    const page = `# T\n\n## Performance\n\nintro\n\n${generatedStart}\nold figures\n${generatedEnd}\n\nafter\n`;
    const updated = replaceGenerated(page, 'new figures');
    expect(updated).toBe(`# T\n\n## Performance\n\nintro\n\n${generatedStart}\nnew figures\n${generatedEnd}\n\nafter\n`);
    expect(() => replaceGenerated('# no markers', 'x')).toThrow(/markers/);
    const results = fixture();
    const run: BenchRun | undefined = results.runs['20261122T210000Z-42'];
    if (run === undefined) throw new Error('fixture without its run');
    const whole = mergeResults(results, 'next-1', run, { polling: { runId: 'next-1', title: 'Polling' } }, true);
    expect(Object.keys(whole.runs)).toEqual(['next-1']);
    expect(Object.keys(whole.sections)).toEqual(['polling']);
  });

  it('writes to docs/performance.md, which holds the figures of bench/results.json, and README has none', () => {
    const root = join(import.meta.dirname, '..', '..', '..', '..');
    expect(performancePagePath).toBe('docs/performance.md');
    const page = readFileSync(join(root, performancePagePath), 'utf8');
    expect(page.split(generatedStart)).toHaveLength(2);
    expect(page.split(generatedEnd)).toHaveLength(2);
    const results = parseResults(readFileSync(join(root, 'bench', 'results.json'), 'utf8'));
    if (results === undefined) throw new Error('bench/results.json does not parse');
    // Regenerating changes nothing: the page was written from the file as it is.
    expect(replaceGenerated(page, performanceMarkdown(results))).toBe(page);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).not.toContain(generatedStart);
    expect(readme).toContain('](docs/performance.md)');
  });
});
