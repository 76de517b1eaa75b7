import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { developerEnv, finished, runCli } from '../../fixtures/run-cli.ts';

// The command line's own words (issue 63, items 26 to 28): flags refused plainly, credentials
// explained, output folders named, the purchase ID shown at once, money with its currency, and
// the environment a command would use said without a secret.

let sandbox: RunningSandbox;
let folder: string;
const uprn = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 2] } });
  folder = mkdtempSync(join(tmpdir(), 'titledesk-plain-words-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const env = (): Record<string, string> => developerEnv(sandbox, join(folder, 'data'));
const balancedQuotes = (text: string): boolean => (text.match(/"/g) ?? []).length % 2 === 0 && (text.match(/'/g) ?? []).length % 2 === 0;

describe('flags and inputs refused plainly (item 26)', () => {
  it.concurrent.each([
    ['--min-wait 5.5', ['purchase', '--title', 'DN123456', '--var', uprn, '--min-wait', '5.5'], /--min-wait takes whole seconds from 0 to 86400; "5\.5" is not one/],
    ['catalog --title with no value', ['catalog', '--title'], /--title needs a value/],
    ['catalog --title followed by a flag', ['catalog', '--title', '--json'], /--title needs a value/],
    ['a mistyped --tilte', ['catalog', '--tilte', 'DN123456'], /unknown option "--tilte"; did you mean --title\?/],
  ])('%s: exit 2, one clear line, nothing sent', async (_what, args, words) => {
    const run = await runCli(args, env());
    expect(run.code).toBe(2);
    const first = run.stderr.split('\n')[0] ?? '';
    expect(first).toMatch(words);
    expect(first).not.toMatch(/NaN|ambiguous|received/);
    expect(balancedQuotes(first)).toBe(true);
  }, 60_000);

  it('an empty WF_CLIENT_ID is named as empty, with what each mode needs', async () => {
    const run = await runCli(['token'], { TITLEDESK_BASE_URL: sandbox.baseUrl, TITLEDESK_DATA_DIR: join(folder, 'data'), WF_CLIENT_ID: '', WF_CLIENT_SECRET: 'x' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('WF_CLIENT_ID set but empty');
    expect(run.stderr).toContain('Machine mode needs WF_CLIENT_ID and WF_CLIENT_SECRET');
    expect(run.stderr).toContain('developer mode needs WF_REFRESH_TOKEN');
  }, 60_000);

  it('export to a folder that does not exist exits 7 naming the folder', async () => {
    const missing = join(folder, 'not-here');
    const run = await runCli(['export', join(missing, 'history.json')], env());
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`The folder ${missing} does not exist`);
    expect(run.stderr).not.toContain('ENOENT');
  }, 60_000);

  it('export onto a path the system refuses to write (a folder by that name) exits 7 naming the file', async () => {
    const taken = join(folder, 'taken.json');
    mkdirSync(taken, { recursive: true });
    const run = await runCli(['export', taken], env());
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`${taken} could not be written (EISDIR); nothing was written.`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('purchase progress and money (item 27)', () => {
  it('the purchase ID comes first on stderr, no stray state line after it, and report writes £', async () => {
    const title = sandbox.config.sampleTitles[0] ?? '';
    const run = await runCli(['purchase', '--title', title, '--var', uprn, '--buy-again'], env());
    expect(run.code, run.stderr).toBe(0);
    const purchaseId = /^Available: purchase (\S+) /.exec(run.stdout)?.[1] ?? 'missing';
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toContain(`purchase ID ${purchaseId} of ${title}`);
    expect(lines.slice(1).every((line) => line.startsWith('pending'))).toBe(true);
    expect(run.stderr).not.toMatch(/^available$/im);
    const report = await runCli(['report', '--title', title], env());
    expect(report.stdout).toMatch(/\(\d{4}-\d\d-\d\d \d\d:\d\d, £\d+\.\d\d, /);
    expect(report.stdout).not.toContain('GBP');
  }, 60_000);
});

/** What a terminal shows after the output: each line as its last carriage return and line clear left it. */
function screen(raw: string): string[] {
  return raw.replace(/\r\n/g, '\n').split('\n').map((line) => (line.split('\r').at(-1) ?? '').replaceAll('\u001b[2K', '')).filter((line) => line.trim() !== '');
}

describe('purchase on a terminal (item 27)', () => {
  // util-linux script(1) gives the command a pseudo-terminal, as a support person's shell does.
  it.skipIf(!existsSync('/usr/bin/script'))('the live line goes when the result comes: the ID line, then the result, no stray state', async () => {
    const bin = join(import.meta.dirname, '..', '..', '..', '..', 'bin', 'titledesk.mjs');
    const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, bin, 'purchase', '--title', sandbox.config.testTitles[1] ?? '', '--var', uprn, '--min-wait', '2'].map(quote).join(' ');
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(WF_|LOQATE_|TITLEDESK_)/.test(name)));
    const run = await finished(spawn('/usr/bin/script', ['-qfec', command, '/dev/null'], { env: { ...inherited, ...env() } }));
    expect(run.code, run.stdout).toBe(0);
    const shown = screen(run.stdout);
    expect(shown[0]).toMatch(/^titledesk purchase: purchase ID \S+ of /);
    expect(shown[1]).toMatch(/^Available: purchase /);
    expect(shown.some((line) => /^(available|pending)/.test(line))).toBe(false);
  }, 60_000);
});

describe('the environment a command uses (item 28)', () => {
  it('--help names the environment variables and the env command', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const name of ['TITLEDESK_BASE_URL', 'TITLEDESK_DATA_DIR', 'WF_CLIENT_ID', 'WF_CLIENT_SECRET', 'WF_REFRESH_TOKEN', 'WF_DEVELOPER_CLIENT_ID', 'LOQATE_KEY']) expect(run.stdout).toContain(name);
    expect(run.stdout).toContain('titledesk env');
  }, 60_000);

  it('env says the service, data folder and credentials, and never prints a secret', async () => {
    const secrets = { WF_REFRESH_TOKEN: 'rt-do-not-print-4242', WF_CLIENT_SECRET: 'cs-do-not-print-4242', LOQATE_KEY: 'AA11-BB22-CC33-DD44' };
    const run = await runCli(['env'], { ...env(), ...secrets });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Service:      ${sandbox.baseUrl}`);
    expect(run.stdout).toContain('from TITLEDESK_BASE_URL');
    expect(run.stdout).toContain(`Data folder:  ${join(folder, 'data')}`);
    expect(run.stdout).toMatch(/Sign-in: +developer mode, credentials from the WF_\* variables/);
    expect(run.stdout).toMatch(/WF_CLIENT_ID +not set/);
    // Every name has room before its value, the longest included.
    expect(run.stdout).toMatch(/TITLEDESK_TEAM_DATABASE_URL {2,}not set/);
    for (const secret of Object.values(secrets)) expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
    const json = await runCli(['env', '--json'], { ...env(), ...secrets });
    for (const secret of Object.values(secrets)) expect(json.stdout).not.toContain(secret);
    expect(z.object({ service: z.object({ builtInSandbox: z.boolean() }) }).parse(JSON.parse(json.stdout)).service.builtInSandbox).toBe(false);
  }, 60_000);

  it('without TITLEDESK_BASE_URL, env says the built-in sandbox answers', async () => {
    const run = await runCli(['env']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the built-in sandbox');
    expect(run.stdout).toContain('a temporary folder');
  }, 60_000);
});
