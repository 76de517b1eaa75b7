import { anySandboxFault, describeSandboxFaults, noSandboxFaults } from '../../../shared/environment/sandbox-faults.ts';
import { useSandboxFaultsQuery, useSetSandboxFaultsMutation } from '../../api/sandbox-fault-queries.ts';
import { ErrorNotice } from '../../components/common/ErrorNotice.tsx';

/**
 * While the built-in Sandbox simulates a problem, every screen says so, with the way back: a
 * demo's outage must never be mistaken for a real one, nor left on by accident.
 */
export function SandboxFaultBanner() {
  const faults = useSandboxFaultsQuery().data;
  const turnOff = useSetSandboxFaultsMutation();
  if (faults === undefined || !anySandboxFault(faults)) return null;
  return (
    <div className="notice sandbox-fault-banner" role="status" aria-label="Sandbox simulation">
      <p>
        <strong>The built-in Sandbox is simulating {describeSandboxFaults(faults)}.</strong> Its purchases and checks meet it
        on purpose; real services are not affected.
      </p>
      <button type="button" disabled={turnOff.isPending} onClick={() => { turnOff.mutate(noSandboxFaults); }}>Turn off</button>
      {turnOff.error === null ? null : <ErrorNotice error={turnOff.error} />}
    </div>
  );
}
