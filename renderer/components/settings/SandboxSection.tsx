import { useId, useState, type SubmitEvent } from 'react';
import { anySandboxFault, describeSandboxFaults, noSandboxFaults, sandboxFaultsSchema, type SandboxFaults } from '../../../shared/environment/sandbox-faults.ts';
import { useSandboxFaultsQuery, useSetSandboxFaultsMutation } from '../../api/sandbox-fault-queries.ts';
import { ErrorNotice } from '../common/ErrorNotice.tsx';

interface Draft {
  outage: boolean;
  retryAfterSeconds: string;
  slow: boolean;
  delayMs: string;
  timeouts: boolean;
  rateLimit: boolean;
  perSecond: string;
  olderCatalogs: boolean;
}

type AmountField = 'retryAfterSeconds' | 'delayMs' | 'perSecond';

function draftOf(faults: SandboxFaults): Draft {
  return {
    outage: faults.outage !== null,
    retryAfterSeconds: String(faults.outage?.retryAfterSeconds ?? 10),
    slow: faults.slow !== null,
    delayMs: String(faults.slow?.delayMs ?? 3000),
    timeouts: faults.timeouts,
    rateLimit: (faults.rateLimit ?? null) !== null,
    perSecond: String(faults.rateLimit?.perSecond ?? 2),
    olderCatalogs: faults.catalogShape === 'variables',
  };
}

/** The switches the draft stands for, or why a number is refused (only switches that are on are checked). */
function parse(draft: Draft): { ok: true; faults: SandboxFaults } | { ok: false; field: AmountField; message: string } {
  const whole = (text: string): number => (/^\s*[0-9]+\s*$/.test(text) ? Number(text) : Number.NaN);
  const parsed = sandboxFaultsSchema.safeParse({
    outage: draft.outage ? { retryAfterSeconds: whole(draft.retryAfterSeconds) } : null,
    slow: draft.slow ? { delayMs: whole(draft.delayMs) } : null,
    timeouts: draft.timeouts,
    rateLimit: draft.rateLimit ? { perSecond: whole(draft.perSecond) } : null,
    ...(draft.olderCatalogs ? { catalogShape: 'variables' } : {}),
  });
  if (parsed.success) return { ok: true, faults: parsed.data };
  const where = parsed.error.issues[0]?.path[0];
  if (where === 'outage') return { ok: false, field: 'retryAfterSeconds', message: 'Enter whole seconds from 1 to 600.' };
  if (where === 'rateLimit') return { ok: false, field: 'perSecond', message: 'Enter a whole number of requests from 1 to 100.' };
  return { ok: false, field: 'delayMs', message: 'Enter whole milliseconds from 100 to 20,000.' };
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
  const [refusal, setRefusal] = useState<{ field: AmountField; message: string } | undefined>();
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

  const errorOf = (field: AmountField) => (refusal?.field === field ? refusal.message : undefined);
  return (
    <form className="sandbox-faults" aria-label="Sandbox simulation" onSubmit={submit} noValidate>
      <p className="field-hint">
        For demos: the built-in Sandbox answers its purchases and result checks as a troubled service would. Sign-in
        and real services are never affected; everything is off again when TitleDesk restarts.
      </p>
      <p role="status">{anySandboxFault(current) ? `Simulating ${describeSandboxFaults(current)}.` : 'Nothing is simulated.'}</p>
      <FaultSwitch
        title="Outage: answer 503 Service Unavailable"
        on={draft.outage}
        onToggle={(outage) => { change({ outage }); }}
        amount={{ id: `${id}-retry`, label: 'asking to come back after (seconds)', value: draft.retryAfterSeconds, error: errorOf('retryAfterSeconds'), onChange: (retryAfterSeconds) => { change({ retryAfterSeconds }); } }}
      />
      <FaultSwitch
        title="Slow answers"
        on={draft.slow}
        onToggle={(slow) => { change({ slow }); }}
        amount={{ id: `${id}-delay`, label: 'each this late (milliseconds)', value: draft.delayMs, error: errorOf('delayMs'), onChange: (delayMs) => { change({ delayMs }); } }}
      />
      <FaultSwitch
        title="Timeouts: answer after 35 s, later than TitleDesk waits (a purchase sent then has an unknown outcome)"
        on={draft.timeouts}
        onToggle={(timeouts) => { change({ timeouts }); }}
      />
      <FaultSwitch
        title="Rate limit: answer 429 Too Many Requests (Retry-After 1 s) past so many requests a second"
        on={draft.rateLimit}
        onToggle={(rateLimit) => { change({ rateLimit }); }}
        amount={{ id: `${id}-rate`, label: 'requests a second allowed', value: draft.perSecond, error: errorOf('perSecond'), onChange: (perSecond) => { change({ perSecond }); } }}
      />
      <FaultSwitch
        title="Older catalog shape: variables[] with /variable/…/provenance/… identifiers, as the service's reference pages show (titles opened from now on)"
        on={draft.olderCatalogs}
        onToggle={(olderCatalogs) => { change({ olderCatalogs }); }}
      />
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={apply.isPending}>Apply</button>
        <button type="button" disabled={apply.isPending || !anySandboxFault(current)} onClick={() => { apply.mutate(noSandboxFaults); }}>Turn all off</button>
      </div>
      {apply.error === null ? null : <ErrorNotice error={apply.error} />}
    </form>
  );
}

interface Amount {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/** One switch, with the number it takes (enabled only while the switch is on) and why a number was refused. */
function FaultSwitch({ title, on, onToggle, amount }: { readonly title: string; readonly on: boolean; readonly onToggle: (on: boolean) => void; readonly amount?: Amount }) {
  return (
    <fieldset className="sandbox-fault">
      <label>
        <input type="checkbox" checked={on} onChange={(event) => { onToggle(event.target.checked); }} />
        {title}
      </label>
      {amount === undefined ? null : (
        <>
          <label htmlFor={amount.id}>{amount.label}</label>
          <input id={amount.id} inputMode="numeric" value={amount.value} disabled={!on} aria-invalid={amount.error !== undefined}
            aria-describedby={amount.error === undefined ? undefined : `${amount.id}-error`} onChange={(event) => { amount.onChange(event.target.value); }} />
          {amount.error === undefined ? null : <p className="field-error" id={`${amount.id}-error`}>{amount.error}</p>}
        </>
      )}
    </fieldset>
  );
}
