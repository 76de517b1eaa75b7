import { noSandboxFaults, type SandboxFaults } from '../../../shared/environment/sandbox-faults.ts';
import { rulesForSandboxFaults } from '../../sandbox/demo-faults.ts';
import type { RunningSandbox, SandboxOptions } from '../../sandbox/index.ts';
import type { SandboxFaultControl } from '../router/sandbox-fault-handlers.ts';
import { createCore, type CoreOptions, type TitleDeskCore } from './create-core.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { startEmbeddedSandbox } from './embedded-sandbox.ts';
import { prepareDataDir } from './prepare-data-dir.ts';
import { limitHeapGrowth } from './heap-growth.ts';

export interface StartedCore {
  readonly core: TitleDeskCore;
  /** The embedded sandbox, when one was started. */
  readonly sandbox: RunningSandbox | undefined;
  close(): Promise<void>;
}

function faultControl(sandbox: RunningSandbox, initial: SandboxFaults): SandboxFaultControl {
  const apply = (faults: SandboxFaults): void => {
    sandbox.setFaults(rulesForSandboxFaults(faults));
    sandbox.setBehaviour({ catalogShape: faults.catalogShape ?? 'member' });
  };
  apply(initial);
  return { apply, initial };
}

/**
 * Starts the embedded sandbox (the default environment, so first runs and demos need no
 * account) and the core on top of it; closing stops both, the core first so no request of
 * the poller is left talking to a closed server.
 */
export async function startCore(
  options: Omit<CoreOptions, 'sandbox' | 'sandboxFaults'> & { readonly sandbox?: SandboxOptions | false; readonly sandboxFaults?: SandboxFaults },
): Promise<StartedCore> {
  limitHeapGrowth();
  const { sandbox: sandboxOptions, sandboxFaults: initialFaults, ...coreOptions } = options;
  prepareDataDir(coreOptions.dataDir);
  // A process that follows the journal owns the folder; a one-shot CLI command does not.
  const unlock = coreOptions.resume === false ? () => undefined : lockDataDir(coreOptions.dataDir);
  let sandbox: RunningSandbox | undefined;
  try {
    sandbox = sandboxOptions === false ? undefined : await startEmbeddedSandbox(coreOptions.dataDir, sandboxOptions);
    const embedded = sandbox;
    // The demo switches of Settings → Sandbox reach this sandbox (and only this one) through the router.
    const faults = embedded === undefined ? undefined : faultControl(embedded, initialFaults ?? noSandboxFaults);
    const core = await createCore({ ...coreOptions, ...(embedded === undefined ? {} : { sandbox: embedded.config }), ...(faults === undefined ? {} : { sandboxFaults: faults }) });
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
