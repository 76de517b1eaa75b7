import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCli } from '../../fixtures/run-cli.ts';

// Under --json every command writes one JSON document on stdout, a failure included, so a
// script's `jq` never reads empty input; the exit code and the line on stderr stay as they were.
const errorDocument = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string().min(1) }) });

describe('--json failures', () => {
  it.concurrent.each([
    ['bad arguments', ['purchase', '--var', '/vars/x', '--json'], 2, 'validation', 'what to buy from is required'],
    ['an unknown flag', ['history', '--tilte', 'X', '--json'], 2, 'validation', 'tilte'],
    ['a purchase ID the service does not know', ['check', 'no-such-purchase', '--json'], 4, 'not_found', ''],
  ])('%s: the error as the one JSON document, the same exit code', async (_what, args, exit, code, words) => {
    const run = await runCli(args);
    expect(run.code).toBe(exit);
    const document = errorDocument.parse(JSON.parse(run.stdout));
    expect(document.error.code).toBe(code);
    expect(document.error.message).toContain(words);
    expect(run.stderr).toContain(`titledesk ${args[0] ?? ''}: `);
  }, 60_000);

  it('without --json, stdout stays empty on a failure', async () => {
    const run = await runCli(['purchase', '--var', '/vars/x']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  }, 60_000);
});
