import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEnvironmentSession } from '../../../electron/core/env/environment-session.ts';
import { createHttpAgent } from '../../../electron/core/http/agent.ts';
import { PurchaseService } from '../../../electron/core/purchases/purchase-service.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import type { CatalogShape } from '../../../shared/environment/sandbox-behaviour.ts';
import { titleCatalogSchema } from '../../../shared/catalog/catalog.ts';
import { startTestCore } from '../fixtures/core-fixtures.ts';
import { quickPacing, quickRetry } from '../fixtures/purchase-harness.ts';

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function onSandbox(catalogShape: CatalogShape): Promise<{ sandbox: RunningSandbox; session: ReturnType<typeof createEnvironmentSession>; service: PurchaseService }> {
  const sandbox = await startSandbox({ port: 0, control: true, pacing: { ...quickPacing }, catalogShape });
  const agent = createHttpAgent();
  const secrets = new MemorySecretStore();
  await secrets.set('shape', 'refreshToken', sandbox.config.developer.refreshToken);
  const environment = { id: 'shape', name: 'Shape', baseUrl: sandbox.baseUrl, authMode: 'developer' as const, developerClientId: sandbox.config.developer.clientId };
  const session = createEnvironmentSession({ environment, secrets, dispatcher: agent });
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-shapes-'));
  const service = new PurchaseService({ dataDir, retry: quickRetry });
  cleanups.push(async () => {
    await service.close();
    await agent.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { sandbox, session, service };
}

describe.each([
  ['member', '/vars/'],
  ['variables', '/variable/'],
] as const)('the whole purchase against a catalog of the %s shape', (shape, marker) => {
  it('reads the catalog, buys two of its variables with exactly the identifiers it gave, and follows the result to the end', async () => {
    const { sandbox, session, service } = await onSandbox(shape);
    expect(sandbox.config.behaviour.catalogShape).toBe(shape);
    const [title = ''] = sandbox.config.sampleTitles;
    const catalog = await session.catalog.catalog(title);
    expect(catalog.unreadable).toBeUndefined();
    const variables = catalog.groups.flatMap((group) => group.schemes.flatMap((scheme) => scheme.variables));
    expect(variables.length).toBeGreaterThan(10);
    expect(variables.every((variable) => variable.iri.startsWith(`${sandbox.baseUrl}${marker}`))).toBe(true);
    if (shape === 'variables') expect(variables.every((variable) => variable.iri.includes('/provenance/'))).toBe(true);
    // Names with spaces and non-ASCII characters, as the service's are.
    const chosen = [variables.find((variable) => /[^ -~]/.test(variable.iri)) ?? variables[0], variables[1]].filter((variable) => variable !== undefined);
    const iris = chosen.map((variable) => variable.iri);
    const created = await service.create({ id: 'shape', client: session.client }, title, iris);
    const done = await service.waitForSettled(created.id);
    expect(done.state).toBe('available');
    expect(done.items?.map((item) => item.variable)).toEqual(iris);
    expect(done.items?.map((item) => item.name)).toEqual(chosen.map((variable) => variable.name));
    expect(done.items?.map((item) => [item.provider, item.source, item.schemePath])).toEqual(chosen.map((variable) => [variable.provider, variable.source, variable.schemePath]));
    expect(done.timeline[0]).toMatchObject({ method: 'POST', status: 303 });
  });
});

describe('switching the shape while the sandbox runs', () => {
  it('serves the other shape after a PUT to /_sandbox/behaviour, and still sells by the identifier of either', async () => {
    const { sandbox, session } = await onSandbox('member');
    const put = await fetch(`${sandbox.baseUrl}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify({ catalogShape: 'variables' }) });
    expect(await put.json()).toMatchObject({ catalogShape: 'variables', rotateRefreshTokens: false });
    const [, title = ''] = sandbox.config.sampleTitles;
    const catalog = await session.catalog.catalog(title);
    expect(catalog.groups[0]?.schemes[0]?.variables[0]?.iri).toContain('/variable/');
    const bad = await fetch(`${sandbox.baseUrl}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify({ catalogShape: 'other' }) });
    expect(bad.status).toBe(422);
    expect(sandbox.behaviour().catalogShape).toBe('variables');
  });
});

describe('the app\'s Sandbox switch for the older catalog shape', () => {
  it('serves titles opened after it is on in variables[], and member[] again once it is off', async () => {
    const test = await startTestCore({ pacing: { ...quickPacing } });
    cleanups.push(() => test.close());
    const { router } = test.started.core;
    const titles = test.started.sandbox?.config.sampleTitles ?? [];
    const catalogOf = async (titleNumber: string): Promise<string> => {
      const answer = await router.dispatch('catalog:get', { titleNumber });
      if (!answer.ok) throw new Error(answer.error.message);
      return titleCatalogSchema.parse(answer.data).groups[0]?.schemes[0]?.variables[0]?.iri ?? '';
    };
    const on = await router.dispatch('sandbox:set-faults', { outage: null, slow: null, timeouts: false, catalogShape: 'variables' });
    expect(on.ok).toBe(true);
    expect(await catalogOf(titles[0] ?? '')).toMatch(/\/variable\/.+\/provenance\//);
    await router.dispatch('sandbox:set-faults', { outage: null, slow: null, timeouts: false });
    expect(await catalogOf(titles[1] ?? '')).toContain('/vars/');
  });
});

describe('a batch chosen in the other form of identifier', () => {
  it('prices each title from a variables[] catalog and queues it to buy by the identifiers that catalog gives', async () => {
    const test = await startTestCore({ pacing: { ...quickPacing } });
    cleanups.push(() => test.close());
    const { router } = test.started.core;
    const sandbox = test.started.sandbox;
    const titles = (sandbox?.config.sampleTitles ?? []).slice(0, 2);
    // What a preset or the app's last selection gives: the /vars/ form.
    const chosen = (sandbox?.config.sampleVariables ?? []).slice(0, 1);
    expect(chosen[0]).toContain('/vars/');
    await router.dispatch('sandbox:set-faults', { outage: null, slow: null, timeouts: false, catalogShape: 'variables' });
    const preview = await router.dispatch('batch:preview', { source: 'older.csv', csv: `title_number\n${titles.join('\n')}\n`, variables: chosen, tenure: 'all' });
    if (!preview.ok) throw new Error(preview.error.message);
    const { items } = z.object({ items: z.array(z.object({ state: z.string(), toBuy: z.array(z.string()).optional() }).loose()) }).parse(preview.data);
    expect(items.map((item) => item.state)).toEqual(['queued', 'queued']);
    for (const item of items) {
      expect(item.toBuy).toHaveLength(1);
      expect(item.toBuy?.[0]).toMatch(/\/variable\/.+\/provenance\//);
    }
  });
});
