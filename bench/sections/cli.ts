import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../lib/children/child.ts';
import { currentLoad } from '../lib/machine/machine.ts';
import { probePace, sectionPaceNote } from '../lib/machine/machine-pace.ts';
import { goalMark, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { mean, medianAndWorst, round, show } from '../lib/figures/stats.ts';

const runsPerCommand = 10;
const unknownId = '00000000-0000-4000-8000-000000000000';

interface CommandCase {
  readonly key: string;
  readonly label: string;
  readonly args: readonly string[];
  readonly exitCode: number;
  readonly goalMs?: number;
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * `check` of an unknown purchase id against the embedded sandbox: the whole path of a one-shot
 * command (parse, open the core and the sandbox, one token, one GET, close) ending in a 404.
 */
const cases: readonly CommandCase[] = [
  { key: 'help', label: 'node bin/titledesk.mjs --help', args: ['--help'], exitCode: 0, goalMs: 300 },
  { key: 'check', label: 'node bin/titledesk.mjs check <unknown id>', args: ['check', unknownId], exitCode: 4, goalMs: 700 },
  { key: 'checkNoCache', label: '  the same with NODE_DISABLE_COMPILE_CACHE=1', args: ['check', unknownId], exitCode: 4, env: { NODE_DISABLE_COMPILE_CACHE: '1' } },
];

/** Wall time of one start of the CLI, as a user waits for it (hyperfine-style: the whole process). */
function timeOnce(command: CommandCase, env: NodeJS.ProcessEnv): number {
  const startedAt = performance.now();
  const result = spawnSync(process.execPath, [join(projectRoot, 'bin', 'titledesk.mjs'), ...command.args], { cwd: projectRoot, env: { ...env, ...command.env }, encoding: 'utf8' });
  const elapsed = performance.now() - startedAt;
  if (result.status !== command.exitCode) throw new Error(`${command.label} exited ${String(result.status)}, expected ${command.exitCode}: ${result.stderr}`);
  return elapsed;
}

export const cliSection: Section = {
  name: 'cli',
  title: `CLI start-up: ${runsPerCommand} runs of each command after one warm-up`,
  async run(): Promise<SectionOutcome> {
    // Before the first start, in this process: a slow spell shows beside the start-up times.
    const paceBefore = await probePace();
    const home = mkdtempSync(join(tmpdir(), 'titledesk-bench-cli-'));
    // No data folder or base URL from the caller's environment: the embedded sandbox, a temporary journal.
    const env: NodeJS.ProcessEnv = { ...process.env, TITLEDESK_BASE_URL: '', TITLEDESK_DATA_DIR: '', XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, XDG_STATE_HOME: home };
    const loadBefore = currentLoad();
    try {
      const figures: Record<string, unknown> = {};
      const rows = cases.map((command) => {
        timeOnce(command, env);
        const samples = Array.from({ length: runsPerCommand }, () => timeOnce(command, env));
        const { median, worst } = medianAndWorst(samples);
        const best = round(Math.min(...samples), 0);
        figures[command.key] = { medianMs: round(median ?? undefined, 0), meanMs: round(mean(samples), 0), minMs: best, maxMs: round(worst ?? undefined, 0), runs: samples.length };
        const goal = command.goalMs;
        const mark = goal === undefined ? '' : goalMark((median ?? Infinity) < goal);
        return [command.label, show(round(median ?? undefined, 0), ' ms'), `${show(best, ' ms')} … ${show(round(worst ?? undefined, 0), ' ms')}`, goal === undefined ? '' : `< ${goal} ms`, mark];
      });
      return {
        figures: { ...figures, node: process.version, paceBefore },
        tables: [{ columns: ['command', 'median', 'min … max', 'goal', ''], rows }],
        notes: [
          'Each run is a new process (node with type stripping, as `npx titledesk` runs it); the first run of each command is a warm-up (file cache, and Node\'s compile cache, which the CLI enables) and is not counted.',
          `Load before/after: ${loadBefore.join(' ')} / ${currentLoad().join(' ')}.`,
          sectionPaceNote(paceBefore),
        ],
      };
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
};
