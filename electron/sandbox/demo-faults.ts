import { sandboxFaultsSchema, simulatedTimeoutMs, type SandboxFaults } from '../../shared/sandbox-faults.ts';
import type { FaultRule } from './faults.ts';

const serviceTargets = ['purchase', 'result'] as const;

/**
 * The fault rules a set of demo switches stands for. A request takes the first rule of its
 * target still in force, so the strongest switch comes first: timeouts, the outage, then delay.
 */
export function rulesForSandboxFaults(faults: SandboxFaults): FaultRule[] {
  return serviceTargets.flatMap((target): FaultRule[] => [
    ...(faults.timeouts ? [{ target, kind: 'latency' as const, latencyMs: simulatedTimeoutMs }] : []),
    ...(faults.outage === null ? [] : [{ target, kind: 'status503' as const, retryAfterSeconds: faults.outage.retryAfterSeconds }]),
    ...(faults.slow === null ? [] : [{ target, kind: 'latency' as const, latencyMs: faults.slow.delayMs }]),
  ]);
}

/** The demo switches as command-line options of `titledesk sandbox` and `titledesk web`. */
export const sandboxFaultOptions = {
  outage: { type: 'string' },
  slow: { type: 'string' },
  timeouts: { type: 'boolean' },
} as const;

export const sandboxFaultUsage = `  --outage S            simulate an outage: purchases and results answer 503 with Retry-After S (1-600)
  --slow MS             simulate slow answers: MS milliseconds late (100-20000)
  --timeouts            simulate timeouts: answers after 35 s, later than TitleDesk waits`;

function wholeNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,6}$/.test(text)) throw new Error(`--${flag} must be a whole number`);
  return Number(text);
}

/** The switches the options turn on; an Error whose message names the option when one is out of range. */
export function sandboxFaultsFromFlags(values: { readonly outage?: string | undefined; readonly slow?: string | undefined; readonly timeouts?: boolean | undefined }): SandboxFaults {
  const retryAfterSeconds = wholeNumber(values.outage, 'outage');
  const delayMs = wholeNumber(values.slow, 'slow');
  const parsed = sandboxFaultsSchema.safeParse({
    outage: retryAfterSeconds === undefined ? null : { retryAfterSeconds },
    slow: delayMs === undefined ? null : { delayMs },
    timeouts: values.timeouts === true,
  });
  if (parsed.success) return parsed.data;
  const where = String(parsed.error.issues[0]?.path[0] ?? '');
  throw new Error(where === 'outage' ? '--outage must be 1 to 600 seconds' : '--slow must be 100 to 20000 milliseconds');
}
