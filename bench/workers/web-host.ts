/**
 * The browser-mode host as `titledesk web` composes it (startCore with the embedded sandbox,
 * then startWebHost), serving the renderer the bench built and with the issue's sandbox pacing
 * so that purchases stay live for a while. Prints {url, titles, variables} once listening.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';
import { startWebHost } from '../../electron/web/web-host.ts';
import { issuePacing } from '../lib/figures/section.ts';

const staticDir = process.argv[2];
if (staticDir === undefined) throw new Error('usage: web-host.ts <built renderer folder>');
const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-web-'));
const started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: { pacing: issuePacing } });
const host = await startWebHost({ router: started.core.router, events: started.core.events, staticDir, port: 0 });
const config = started.core.sandbox;
const testTitles = new Set(config?.testTitles ?? []);
const titles = [...buildWorld(defaultWorldSeed).titles.keys()].filter((title) => !testTitles.has(title)).sort();
process.stdout.write(`${JSON.stringify({ url: host.url, titles, variables: config?.sampleVariables, sampleQueries: config?.addressProvider.sampleQueries })}\n`);

const stop = (): void => {
  const done = async (): Promise<void> => {
    await host.close();
    await started.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  done().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
