import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { sealedCheckTime } from '../../../electron/core/purchases/journal/journal-seal.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../electron/core/settings/settings-store.ts';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-seal-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function start(): ReturnType<typeof startCore> {
  return startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: { pacing: { readySeconds: [0, 0] } } });
}

describe("the core's close", () => {
  it('seals the journal after its last connection (the spending ledger, the batches) has closed, and a start trusts it', async () => {
    const journal = join(dataDir, 'purchases.sqlite');
    const first = await start();
    const [title = ''] = first.core.sandbox?.sampleTitles ?? [];
    const variable = first.core.sandbox?.sampleVariables[0] ?? '';
    const bought = await first.core.router.dispatch('purchase:create', { titleNumber: title, variables: [variable] });
    expect(bought.ok).toBe(true);
    expect(sealedCheckTime(journal, Date.now())).toBeUndefined();
    await first.close();
    const checkedAt = sealedCheckTime(journal, Date.now());
    expect(checkedAt).toBeDefined();

    const second = await start();
    expect(sealedCheckTime(journal, Date.now())).toBeUndefined();
    const history = await second.core.router.dispatch('purchase:history', {});
    expect(history).toMatchObject({ ok: true, data: { purchases: [{ titleNumber: title }] } });
    await second.close();
    // Not checked again at the second start: the seal still counts from the first check.
    expect(sealedCheckTime(journal, Date.now())).toBe(checkedAt);
  });
});
