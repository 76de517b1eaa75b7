import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';
import { makePrivateFolder, privateFileMode } from '../files/private-files.ts';

const portFileSchema = z.object({ port: z.number().int().min(1).max(65_535) });

function rememberedPort(path: string): number | undefined {
  try {
    const parsed = portFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data.port : undefined;
  } catch {
    return undefined;
  }
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

/**
 * The app's built-in sandbox keeps its purchases and, when it is free, its port across restarts,
 * so a purchase that was pending when the app stopped can still be followed to its result:
 * journaled result URLs name the old port.
 */
export async function startEmbeddedSandbox(dataDir: string, options: SandboxOptions = {}): Promise<RunningSandbox> {
  const folder = join(dataDir, 'sandbox');
  makePrivateFolder(folder);
  const portFile = join(folder, 'port.json');
  const withState: SandboxOptions = { statePath: join(folder, 'purchases.json'), ...options };
  const previous = options.port ?? rememberedPort(portFile);
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ ...withState, port: previous ?? 0 });
  } catch (error) {
    if (previous === undefined || options.port !== undefined || !isAddressInUse(error)) throw error;
    sandbox = await startSandbox({ ...withState, port: 0 });
  }
  writeFileSync(portFile, JSON.stringify({ port: Number(new URL(sandbox.baseUrl).port) }), { mode: privateFileMode });
  return sandbox;
}
