import type { RunningSandbox, SandboxOptions } from '../../sandbox/index.ts';
import { createCore, type CoreOptions, type TitleDeskCore } from './create-core.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startEmbeddedSandbox } from './embedded-sandbox.ts';
import { prepareDataDir } from './prepare-data-dir.ts';

export interface StartedCore {
  readonly core: TitleDeskCore;
  /** The embedded sandbox, when one was started. */
  readonly sandbox: RunningSandbox | undefined;
  close(): Promise<void>;
}

/**
 * Starts the embedded sandbox (the default environment, so first runs and demos need no
 * account) and the core on top of it; closing stops both, the core first so no request of
 * the poller is left talking to a closed server.
 */
export async function startCore(options: Omit<CoreOptions, 'sandbox'> & { readonly sandbox?: SandboxOptions | false }): Promise<StartedCore> {
  const { sandbox: sandboxOptions, ...coreOptions } = options;
  prepareDataDir(coreOptions.dataDir);
  // A process that follows the journal owns the folder; a one-shot CLI command does not.
  const unlock = coreOptions.resume === false ? () => undefined : lockDataDir(coreOptions.dataDir);
  let sandbox: RunningSandbox | undefined;
  try {
    sandbox = sandboxOptions === false ? undefined : await startEmbeddedSandbox(coreOptions.dataDir, sandboxOptions);
    const core = await createCore({ ...coreOptions, ...(sandbox === undefined ? {} : { sandbox: sandbox.config }) });
    const embedded = sandbox;
    return {
      core,
      sandbox,
      async close() {
        await core.close();
        await embedded?.close();
        unlock();
      },
    };
  } catch (error) {
    await sandbox?.close();
    unlock();
    throw error;
  }
}
