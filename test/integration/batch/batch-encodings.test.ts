import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-encodings-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const variable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

/** The bytes a spreadsheet writes for "Unicode text" (UTF-16) and other Unicode exports, with their marks. */
function encode(text: string, encoding: string): Buffer {
  if (encoding === 'UTF-16LE') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (encoding === 'UTF-16BE') return Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).swap16());
  const points = [0xfeff, ...Array.from(text, (char) => char.codePointAt(0) ?? 0)];
  const bytes = Buffer.alloc(points.length * 4);
  points.forEach((point, index) => { if (encoding === 'UTF-32LE') bytes.writeUInt32LE(point, index * 4); else bytes.writeUInt32BE(point, index * 4); });
  return bytes;
}

describe('titledesk batch reads files in any Unicode encoding with a byte-order mark', () => {
  it.each(['UTF-16LE', 'UTF-16BE', 'UTF-32LE', 'UTF-32BE'])('%s', async (encoding) => {
    const titles = worldTitles(2, [], 700);
    const file = join(folder, `${encoding}.csv`);
    writeFileSync(file, encode(`Title_Number\tNote\r\n${titles.map((title) => `${title}\t£ ⋯`).join('\r\n')}\r\n`, encoding));
    const run = await runCli(['batch', file, '--var', variable, '--dry-run', '--json'], developerEnv(sandbox, mkdtempSync(join(folder, 'data-'))));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { rows: { titleNumber: string; state: string; input: Record<string, string> }[] };
    expect(document.rows.map((row) => [row.titleNumber, row.state, row.input['Note']])).toEqual(titles.map((title) => [title, 'queued', '£ ⋯']));
  }, 30_000);

  it('says which encoding it could not read', async () => {
    const file = join(folder, 'broken.csv');
    writeFileSync(file, Buffer.concat([encode('title_number\r\n', 'UTF-32LE'), Buffer.from([0, 0, 0x20, 0])]));
    const run = await runCli(['batch', file, '--var', variable, '--dry-run'], developerEnv(sandbox, mkdtempSync(join(folder, 'data-'))));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('UTF-32LE');
  }, 30_000);
});
