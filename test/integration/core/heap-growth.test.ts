import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const moduleUrl = pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'electron', 'core', 'app', 'heap-growth.ts')).href;

// A live set that stays (300,000 small objects), and batches that outlive several scavenges and
// are then dropped: what makes V8 grow its young generation and let garbage pile up in the old
// one. Reports the new space's usual size (the median over the rounds: a scavenge may hold a few
// pages more for a moment) and the old space's largest size.
const script = `
import { getHeapSpaceStatistics } from 'node:v8';
if (process.env.LIMIT === '1') (await import(${JSON.stringify(moduleUrl)})).limitHeapGrowth();
const size = (name) => getHeapSpaceStatistics().find((space) => space.space_name === name).space_size;
const kept = [];
for (let i = 0; i < 300000; i += 1) kept.push({ i, text: 'kept ' + i });
let oldPeak = 0;
const newSizes = [];
const recent = [];
for (let round = 0; round < 300; round += 1) {
  const batch = [];
  for (let i = 0; i < 20000; i += 1) batch.push({ round, i, text: 'batch ' + i });
  recent.push(batch);
  if (recent.length > 8) recent.shift();
  oldPeak = Math.max(oldPeak, size('old_space'));
  newSizes.push(size('new_space'));
}
newSizes.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ newSpace: newSizes[newSizes.length >> 1], oldPeak, kept: kept.length }));
`;

interface HeapSizes {
  readonly newSpace: number;
  readonly oldPeak: number;
}

function heapSizes(limit: boolean): HeapSizes {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, LIMIT: limit ? '1' : '0' } });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as HeapSizes;
}

// V8 starts with 1 MiB semi-spaces: a new space of 2 MiB once both are in use.
const startingNewSpace = 2 * 1024 * 1024;

// Each in a fresh process: the setting is process-wide and cannot be undone within a test worker.
describe('limitHeapGrowth', () => {
  let limited: HeapSizes;
  let free: HeapSizes;
  beforeAll(() => {
    limited = heapSizes(true);
    free = heapSizes(false);
  });

  it('keeps the new space at its starting size, where V8 alone grows it many times over', () => {
    expect(limited.newSpace).toBeLessThanOrEqual(startingNewSpace);
    expect(free.newSpace).toBeGreaterThanOrEqual(8 * startingNewSpace);
  });

  it('collects the old generation before garbage piles up: under half the old space V8 alone lets grow', () => {
    expect(limited.oldPeak).toBeLessThan(free.oldPeak / 2);
  });
});
