import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { buildWorld } from '../../../../electron/sandbox/world/build-world.ts';
import { formatAddressKey } from '../../../../shared/property/address-key.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// The titledesk command buying from a postal address's and a UPRN's catalog, as a process against the sandbox.
let sandbox: RunningSandbox;
let scratch: string;
const world = buildWorld();
const address = world.addresses.find((candidate) => candidate.udprn === 14090317 && candidate.umrrn === 0);
const key = '8e05p·0';
const uprnVar = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';

beforeAll(async () => {
  sandbox = await startSandbox({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-cli-resource-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('titledesk with --address and --uprn', () => {
  it('lists an address\'s and a UPRN\'s catalog, naming which it is', async () => {
    const env = developerEnv(sandbox, join(scratch, 'catalog'));
    const text = await runCli(['catalog', '--address', key], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Catalog of address 8e05p·0: \d+ variables/);
    // Percent-encoded as in a URL, the same key.
    const json = await runCli(['catalog', '--address', '8e05p%C2%B70', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ resource: { kind: 'address', key } });
    const uprn = await runCli(['catalog', '--uprn', address?.uprn ?? '', '--json'], env);
    expect(JSON.parse(uprn.stdout)).toMatchObject({ resource: { kind: 'spatial', key: address?.uprn } });
  }, 60_000);

  it('buys from an address\'s catalog, then shows the address in history and check', async () => {
    const env = developerEnv(sandbox, join(scratch, 'buy'));
    const bought = await runCli(['purchase', '--address', key, '--var', uprnVar, '--json'], env);
    expect(bought.code, bought.stderr).toBe(0);
    const record = JSON.parse(bought.stdout) as { id: string; purchaseId: string; resource: unknown; timeline: { path: string }[]; items: { value: string }[] };
    expect(record).toMatchObject({ state: 'available', resource: { kind: 'address', key }, items: [{ value: address?.uprn }] });
    expect(record.timeline[0]?.path).toBe('/world/GB/addresses/8e05p%C2%B70/catalog');
    expect(bought.stderr).toContain('of address 8e05p·0');
    const history = await runCli(['history'], env);
    const onlyAddress = await runCli(['history', '--address', key, '--json'], env);
    expect((JSON.parse(onlyAddress.stdout) as { purchases: { id: string }[] }).purchases.map((purchase) => purchase.id)).toEqual([record.id]);
    expect(history.stdout).toContain('Bought from');
    expect(history.stdout).toContain('address 8e05p·0');
    const check = await runCli(['check', record.purchaseId], env);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toContain(`of address 8e05p·0`);
    const spatial = await runCli(['purchase', '--uprn', address?.uprn ?? '', '--var', uprnVar], env);
    expect(spatial.code, spatial.stderr).toBe(0);
    expect(spatial.stdout).toContain(`of UPRN ${address?.uprn ?? ''}`);
    expect((await runCli(['history', '--search', address?.uprn ?? ''], env)).stdout).toContain(`UPRN ${address?.uprn ?? ''}`);
    // The report shows each catalog's values apart: none bought for the title, one each for the address and the UPRN.
    const report = await runCli(['report', '--title', address?.titles[0]?.titleNumber ?? '', '--key', key, '--uprn', address?.uprn ?? ''], env);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(`Title ${address?.titles[0]?.titleNumber ?? ''}`);
    expect(report.stdout).toContain(': 0 variables from 0 purchases');
    expect(report.stdout).toContain('Address 8e05p·0: 1 variables from 1 purchases');
    expect(report.stdout).toContain(`UPRN ${address?.uprn ?? ''}: 1 variables from 1 purchases`);
    // A UPRN's purchase has a report of its own: no title needed.
    const alone = await runCli(['report', '--uprn', address?.uprn ?? ''], env);
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.stdout).toContain(`UPRN ${address?.uprn ?? ''}: 1 variables from 1 purchases`);
    expect(alone.stdout).not.toContain('Title ');
    expect((await runCli(['report'], env)).stderr).toContain('or an address (--key) or a UPRN (--uprn) alone');
    expect((await runCli(['report', '--title', 'DN1', '--key', '8e05p'], env)).stderr).toContain('--key "8e05p" is not an address key');
  }, 60_000);

  it('refuses a bad key, a bad UPRN and two resources at once with a usage error, sending nothing', async () => {
    const env = developerEnv(sandbox, join(scratch, 'usage'));
    const before = sandbox.stats().purchase;
    const cases: [string[], string][] = [
      [['purchase', '--address', '8e05p.0', '--var', uprnVar], 'a property address key is the base36 UDPRN, a middle dot'],
      [['purchase', '--uprn', '0123', '--var', uprnVar], 'a UPRN is a number of up to 12 digits'],
      [['purchase', '--uprn', '1', '--address', key, '--var', uprnVar], 'give exactly one of --title T | --address KEY | --uprn N'],
      [['purchase', '--var', uprnVar], 'give exactly one of'],
      [['catalog', '--address', 'nonsense'], 'is not an address key'],
    ];
    for (const [args, words] of cases) {
      const run = await runCli(args, env);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(words);
    }
    expect(sandbox.stats().purchase).toBe(before);
  }, 60_000);

  it('buys a batch of udprn rows from each address\'s catalog with --from address', async () => {
    const env = developerEnv(sandbox, join(scratch, 'batch'));
    const file = join(scratch, 'rows.csv');
    writeFileSync(file, `udprn,umrrn\n${String(address?.udprn ?? 0)},0\n`);
    const run = await runCli(['batch', file, '--var', uprnVar, '--from', 'address', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as { rows: { resource?: unknown; state: string }[] };
    expect(document.rows[0]).toMatchObject({ state: 'available', resource: { kind: 'address', key: formatAddressKey(address?.udprn ?? 0, 0) } });
    const bad = await runCli(['batch', file, '--var', uprnVar, '--from', 'street'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from must be titles');
  }, 60_000);
});
