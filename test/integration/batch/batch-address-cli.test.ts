import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildWorld } from '../../../electron/sandbox/world/build-world.ts';
import { runCli } from '../fixtures/run-cli.ts';

let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-address-'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const documentSchema = z.object({ rows: z.array(z.object({ row: z.number(), titleNumber: z.string().nullable(), state: z.string(), reason: z.string().nullable() })) });

describe('titledesk batch with addresses (the built-in sandbox)', () => {
  it('takes an address written exactly as the app shows it, as the app does', async () => {
    const house = buildWorld().addresses.find((address) => address.postcode === 'LS23 6TR' && address.buildingNumber === '1' && address.subBuilding === '' && address.buildingName === '');
    if (house === undefined) throw new Error('The sandbox world changed');
    const file = join(folder, 'addresses.csv');
    writeFileSync(file, 'address\n"1 Tannery Crescent, Boston Spa, WETHERBY, LS23 6TR, UNITED KINGDOM"\n"Tannery Crescent, Boston Spa"\n');
    const run = await runCli(['batch', file, '--var', '/vars/EPC/Domestic Certificates#Energy/Rating/Current/Current Energy Rating', '--dry-run', '--json'], {
      TITLEDESK_DATA_DIR: mkdtempSync(join(folder, 'data-')),
    });
    // 4: a row (the vague one) was refused.
    expect(run.code).toBe(4);
    const { rows } = documentSchema.parse(JSON.parse(run.stdout));
    expect(rows.filter((row) => row.row === 1).map((row) => [row.titleNumber, row.state])).toEqual(house.titles.map((title) => [title.titleNumber, 'queued']));
    expect(rows.find((row) => row.row === 2)?.reason).toMatch(/^Ambiguous address: .* matches \(.*Tannery Crescent.*\); give a fuller address/);
  }, 60_000);
});
