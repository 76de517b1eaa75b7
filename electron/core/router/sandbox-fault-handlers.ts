import { noSandboxFaults, type SandboxFaults } from '../../../shared/environment/sandbox-faults.ts';
import { CoreError } from '../errors.ts';
import type { ContractHandlers } from './create-router.ts';

type SandboxFaultChannels = 'sandbox:faults' | 'sandbox:set-faults';

/** The built-in sandbox this core started: how to apply demo faults to it, and those it started with. */
export interface SandboxFaultControl {
  readonly apply: (faults: SandboxFaults) => void;
  readonly initial: SandboxFaults;
}

/**
 * The built-in Sandbox's demo switches. They live as long as the sandbox does (a restart turns
 * them off), and only the built-in sandbox has them: a separately started one has its own
 * control API, and a real service is never touched.
 */
export function sandboxFaultHandlers(control: SandboxFaultControl | undefined): Pick<ContractHandlers, SandboxFaultChannels> {
  let current: SandboxFaults = control?.initial ?? noSandboxFaults;
  return {
    'sandbox:faults': async () => Promise.resolve(current),
    'sandbox:set-faults': async (faults) => {
      if (control === undefined) throw new CoreError('validation', 'The built-in Sandbox is not running here, so there is nothing to simulate on.');
      control.apply(faults);
      current = faults;
      return Promise.resolve(current);
    },
  };
}
