import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { anySandboxFault, describeSandboxFaults, type SandboxFaults } from '../../shared/environment/sandbox-faults.ts';
import { defaultDataDir } from '../core/app/data-dir.ts';
import { startCore, type StartedCore } from '../core/app/start-core.ts';
import { CoreError } from '../core/errors.ts';
import { asDataFolderError } from '../core/files/disk-full.ts';
import { exitCodeFor } from '../cli/exit-codes.ts';
import { sandboxFaultOptions, sandboxFaultsFromFlags, sandboxFaultUsage } from '../sandbox/demo-faults.ts';
import { webCoreOptions } from './web-core-options.ts';
import { startWebHost } from './web-host.ts';

const usage = `Usage: titledesk web [--port N] [--no-open] [--data-dir DIR] [--outage S] [--slow MS] [--timeouts]

Opens TitleDesk in the browser, for machines without the Electron runtime: the built-in sandbox,
the core and the app served on 127.0.0.1 only, until Ctrl+C.

Options:
  --port N          port to listen on (default 0: any free port)
  --no-open         do not open a browser; print {"url": …} as the first line instead
  --data-dir DIR    where the journal and settings live (default TITLEDESK_DATA_DIR or the usual place)
The built-in Sandbox's demo switches (also in Settings → Sandbox while it runs):
${sandboxFaultUsage}
  -h, --help        show this help`;

const staticDir = resolve(import.meta.dirname, '..', '..', 'dist');

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65_535) throw new Error('--port must be a whole number from 0 to 65535');
  return Number(value);
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

export async function runWebCommand(argv: string[]): Promise<number> {
  let options: { port: number; open: boolean; dataDir: string; faults: SandboxFaults };
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { port: { type: 'string' }, 'no-open': { type: 'boolean' }, 'data-dir': { type: 'string' }, ...sandboxFaultOptions, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help === true) {
      process.stdout.write(`${usage}\n`);
      return 0;
    }
    options = { port: parsePort(values.port), open: values['no-open'] !== true, dataDir: values['data-dir'] ?? defaultDataDir(), faults: sandboxFaultsFromFlags(values) };
  } catch (error) {
    process.stderr.write(`titledesk web: ${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  if (!existsSync(join(staticDir, 'index.html'))) {
    process.stderr.write('titledesk web: the app is not built yet; run "npm run build" first.\n');
    return 1;
  }
  let started: StartedCore;
  try {
    const { secretsNote, ...coreOptions } = await webCoreOptions(options.dataDir, process.env);
    if (secretsNote !== undefined) process.stderr.write(`titledesk web: ${secretsNote}\n`);
    started = await startCore({ ...coreOptions, sandboxFaults: options.faults, log: (message) => process.stderr.write(`titledesk web: ${message}\n`) });
    if (anySandboxFault(options.faults)) process.stderr.write(`titledesk web: the built-in Sandbox simulates ${describeSandboxFaults(options.faults)}\n`);
  } catch (thrown) {
    const error = asDataFolderError(thrown, options.dataDir);
    process.stderr.write(`titledesk web: ${error instanceof CoreError ? error.message : String(error)}\n`);
    return error instanceof CoreError ? exitCodeFor(error.code) : 1;
  }
  const host = await startWebHost({ router: started.core.router, events: started.core.events, staticDir, port: options.port });
  if (options.open) {
    process.stdout.write(`TitleDesk is running at ${host.url}\nPress Ctrl+C to stop.\n`);
    openInBrowser(host.url);
  } else {
    process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
  }
  await new Promise<void>((resolveStop) => {
    process.once('SIGINT', resolveStop);
    process.once('SIGTERM', resolveStop);
  });
  await host.close();
  await started.close();
  return 0;
}
