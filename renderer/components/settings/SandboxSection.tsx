import { useId, useState, type SubmitEvent } from 'react';
import { anySandboxFault, describeSandboxFaults, noSandboxFaults, sandboxFaultsSchema, type SandboxFaults } from '../../../shared/sandbox-faults.ts';
import { useSandboxFaultsQuery, useSetSandboxFaultsMutation } from '../../api/sandbox-fault-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';

interface Draft {
  outage: boolean;
  retryAfterSeconds: string;
  slow: boolean;
  delayMs: string;
  timeouts: boolean;
}

function draftOf(faults: SandboxFaults): Draft {
  return {
    outage: faults.outage !== null,
    retryAfterSeconds: String(faults.outage?.retryAfterSeconds ?? 10),
    slow: faults.slow !== null,
    delayMs: String(faults.slow?.delayMs ?? 3000),
    timeouts: faults.timeouts,
  };
}

/** The switches the draft stands for, or why a number is refused (only switches that are on are checked). */
function parse(draft: Draft): { ok: true; faults: SandboxFaults } | { ok: false; field: 'retryAfterSeconds' | 'delayMs'; message: string } {
  const whole = (text: string): number => (/^\s*[0-9]+\s*$/.test(text) ? Number(text) : Number.NaN);
  const parsed = sandboxFaultsSchema.safeParse({
    outage: draft.outage ? { retryAfterSeconds: whole(draft.retryAfterSeconds) } : null,
    slow: draft.slow ? { delayMs: whole(draft.delayMs) } : null,
    timeouts: draft.timeouts,
  });
  if (parsed.success) return { ok: true, faults: parsed.data };
  return parsed.error.issues[0]?.path[0] === 'outage'
    ? { ok: false, field: 'retryAfterSeconds', message: 'Enter whole seconds from 1 to 600.' }
    : { ok: false, field: 'delayMs', message: 'Enter whole milliseconds from 100 to 20,000.' };
}

/**
 * Settings → Sandbox: what the built-in Sandbox simulates for a demo. It touches only the
 * built-in Sandbox (never a real service) and lasts until turned off or TitleDesk restarts; the
 * main window shows a banner meanwhile.
 */
export function SandboxSection() {
  const current = useSandboxFaultsQuery();
  if (current.data === undefined) return current.isError ? <ErrorNotice error={current.error} /> : <p className="field-hint">Loading…</p>;
  return <SandboxForm key={JSON.stringify(current.data)} current={current.data} />;
}

function SandboxForm({ current }: { readonly current: SandboxFaults }) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(current));
  const [refusal, setRefusal] = useState<{ field: 'retryAfterSeconds' | 'delayMs'; message: string } | undefined>();
  const apply = useSetSandboxFaultsMutation();
  const change = (next: Partial<Draft>): void => {
    setDraft({ ...draft, ...next });
    setRefusal(undefined);
  };

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const parsed = parse(draft);
    if (!parsed.ok) {
      setRefusal(parsed);
      return;
    }
    apply.mutate(parsed.faults);
  }

  const errorOf = (field: 'retryAfterSeconds' | 'delayMs') => (refusal?.field === field ? refusal.message : undefined);
  return (
    <form className="sandbox-faults" aria-label="Sandbox simulation" onSubmit={submit} noValidate>
      <p className="field-hint">
        For demos: the built-in Sandbox answers its purchases and result checks as a troubled service would. Sign-in
        and real services are never affected; everything is off again when TitleDesk restarts.
      </p>
      <p role="status">{anySandboxFault(current) ? `Simulating ${describeSandboxFaults(current)}.` : 'Nothing is simulated.'}</p>
      <fieldset className="sandbox-fault">
        <label>
          <input type="checkbox" checked={draft.outage} onChange={(event) => { change({ outage: event.target.checked }); }} />
          Outage: answer 503 Service Unavailable
        </label>
        <label htmlFor={`${id}-retry`}>asking to come back after (seconds)</label>
        <input id={`${id}-retry`} inputMode="numeric" value={draft.retryAfterSeconds} disabled={!draft.outage} aria-invalid={errorOf('retryAfterSeconds') !== undefined}
          aria-describedby={errorOf('retryAfterSeconds') === undefined ? undefined : `${id}-retry-error`} onChange={(event) => { change({ retryAfterSeconds: event.target.value }); }} />
        {errorOf('retryAfterSeconds') === undefined ? null : <p className="field-error" id={`${id}-retry-error`}>{errorOf('retryAfterSeconds')}</p>}
      </fieldset>
      <fieldset className="sandbox-fault">
        <label>
          <input type="checkbox" checked={draft.slow} onChange={(event) => { change({ slow: event.target.checked }); }} />
          Slow answers
        </label>
        <label htmlFor={`${id}-delay`}>each this late (milliseconds)</label>
        <input id={`${id}-delay`} inputMode="numeric" value={draft.delayMs} disabled={!draft.slow} aria-invalid={errorOf('delayMs') !== undefined}
          aria-describedby={errorOf('delayMs') === undefined ? undefined : `${id}-delay-error`} onChange={(event) => { change({ delayMs: event.target.value }); }} />
        {errorOf('delayMs') === undefined ? null : <p className="field-error" id={`${id}-delay-error`}>{errorOf('delayMs')}</p>}
      </fieldset>
      <fieldset className="sandbox-fault">
        <label>
          <input type="checkbox" checked={draft.timeouts} onChange={(event) => { change({ timeouts: event.target.checked }); }} />
          Timeouts: answer after 35 s, later than TitleDesk waits (a purchase sent then has an unknown outcome)
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={apply.isPending}>Apply</button>
        <button type="button" disabled={apply.isPending || !anySandboxFault(current)} onClick={() => { apply.mutate(noSandboxFaults); }}>Turn all off</button>
      </div>
      {apply.error === null ? null : <ErrorNotice error={apply.error} />}
    </form>
  );
}
