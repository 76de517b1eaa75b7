import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Variable } from '../../../../electron/sandbox/catalog/catalog.ts';
import { changeLogPath } from '../../../../electron/sandbox/purchases/purchase-snapshot.ts';
import { PurchaseStore } from '../../../../electron/sandbox/purchases/purchase-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function statePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'titledesk-sandbox-store-'));
  dirs.push(dir);
  return join(dir, 'sandbox-purchases.json');
}

// The store keeps only the key of a variable on disk; the rest is the catalog's.
const variable = { key: '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number' } as Variable;
const variableByKey = (key: string): Variable | undefined => (key === variable.key ? variable : undefined);

function create(store: PurchaseStore, titleNumber: string) {
  return store.create({ principal: 'developer', titleNumber, requested: [{ sent: `http://x${variable.key}`, variable }], createdAt: 1, readyAt: 2, sequence: store.nextSequence(), checkpoints: [2] });
}

describe('the sandbox purchase store on disk', () => {
  it('appends each purchase beside the snapshot, and a restart reads them back with what each principal owns', () => {
    const path = statePath();
    const store = new PurchaseStore({ statePath: path, variableByKey });
    const first = create(store, 'DN1');
    const second = create(store, 'DN2');
    store.markAvailable('developer', 'DN1', variable, 5);
    // Two purchases and one availability, one line each; no snapshot written whole yet.
    expect(readFileSync(changeLogPath(path), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(() => statSync(path)).toThrow();

    const restarted = new PurchaseStore({ statePath: path, variableByKey });
    expect(restarted.get(first.id)?.titleNumber).toBe('DN1');
    expect(restarted.get(second.id)?.requested[0]?.variable).toBe(variable);
    expect(restarted.availableAt('developer', 'DN1', variable)).toBe(5);
    expect(restarted.nextSequence()).toBe(3);
    // The start folded the log into the snapshot.
    expect(() => statSync(changeLogPath(path))).toThrow();
    expect(statSync(path).size).toBeGreaterThan(0);
  });

  it('skips a line cut short by a crash and keeps the purchases before it', () => {
    const path = statePath();
    const store = new PurchaseStore({ statePath: path, variableByKey });
    const kept = create(store, 'DN1');
    appendFileSync(changeLogPath(path), '{"purchase":{"id":"cut-sh');
    const restarted = new PurchaseStore({ statePath: path, variableByKey });
    expect(restarted.get(kept.id)?.titleNumber).toBe('DN1');
    expect(restarted.timings()).toHaveLength(1);
  });

  it('writes the snapshot whole and empties the log once the log holds a thousand changes', () => {
    const path = statePath();
    const store = new PurchaseStore({ statePath: path, variableByKey });
    const made = Array.from({ length: 1000 }, (_, n) => create(store, `DN${String(n)}`));
    expect(() => statSync(changeLogPath(path))).toThrow();
    create(store, 'DN1000');
    expect(readFileSync(changeLogPath(path), 'utf8').trim().split('\n')).toHaveLength(1);
    const restarted = new PurchaseStore({ statePath: path, variableByKey });
    expect(restarted.timings()).toHaveLength(1001);
    expect(restarted.get(made[999]?.id ?? '')?.titleNumber).toBe('DN999');
  });
});
