import { catalogShapes, catalogShapeSchema } from '../../shared/environment/sandbox-behaviour.ts';
import { sandboxFaultsSchema, simulatedTimeoutMs, type SandboxFaults } from '../../shared/environment/sandbox-faults.ts';
import type { FaultRule } from './faults.ts';

const serviceTargets = ['purchase', 'result'] as const;

/**
 * The fault rules a set of demo switches stands for. A request takes the first rule of its
 * target still in force, so the strongest switch comes first: timeouts, the outage, the rate
 * limit (which lets a request within it through to the next rule), then delay.
 */
export function rulesForSandboxFaults(faults: SandboxFaults): FaultRule[] {
  return serviceTargets.flatMap((target): FaultRule[] => [
    ...(faults.timeouts ? [{ target, kind: 'latency' as const, latencyMs: simulatedTimeoutMs }] : []),
    ...(faults.outage === null ? [] : [{ target, kind: 'status503' as const, retryAfterSeconds: faults.outage.retryAfterSeconds }]),
    ...(faults.rateLimit === null || faults.rateLimit === undefined ? [] : [{ target, kind: 'rateLimit' as const, perSecond: faults.rateLimit.perSecond }]),
    ...(faults.slow === null ? [] : [{ target, kind: 'latency' as const, latencyMs: faults.slow.delayMs }]),
  ]);
}

/** The demo switches as command-line options of `titledesk sandbox` and `titledesk web`. */
export const sandboxFaultOptions = {
  outage: { type: 'string' },
  slow: { type: 'string' },
  timeouts: { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'catalog-shape': { type: 'string' },
} as const;

export const sandboxFaultUsage = `  --outage S            simulate an outage: purchases and results answer 503 with Retry-After S (1-600)
  --slow MS             simulate slow answers: MS milliseconds late (100-20000)
  --timeouts            simulate timeouts: answers after 35 s, later than TitleDesk waits
  --rate-limit N        simulate a rate limit: past N requests a second per client, 429 with Retry-After 1 (1-100)
  --catalog-shape S     serve catalogs as member (the purchasing guide's member[], default) or variables
                        (the reference pages' variables[] with older /variable/…/provenance/… identifiers)`;

function wholeNumber(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,6}$/.test(text)) throw new Error(`--${flag} must be a whole number`);
  return Number(text);
}

/** The switches the options turn on; an Error whose message names the option when one is out of range. */
export function sandboxFaultsFromFlags(values: { readonly outage?: string | undefined; readonly slow?: string | undefined; readonly timeouts?: boolean | undefined; readonly 'rate-limit'?: string | undefined; readonly 'catalog-shape'?: string | undefined }): SandboxFaults {
  const shape = values['catalog-shape'];
  if (shape !== undefined && !catalogShapeSchema.safeParse(shape).success) throw new Error(`--catalog-shape must be ${catalogShapes.join(' or ')}`);
  const retryAfterSeconds = wholeNumber(values.outage, 'outage');
  const delayMs = wholeNumber(values.slow, 'slow');
  const perSecond = wholeNumber(values['rate-limit'], 'rate-limit');
  const parsed = sandboxFaultsSchema.safeParse({
    outage: retryAfterSeconds === undefined ? null : { retryAfterSeconds },
    slow: delayMs === undefined ? null : { delayMs },
    timeouts: values.timeouts === true,
    ...(perSecond === undefined ? {} : { rateLimit: { perSecond } }),
    ...(shape === undefined ? {} : { catalogShape: shape }),
  });
  if (parsed.success) return parsed.data;
  const where = String(parsed.error.issues[0]?.path[0] ?? '');
  const refusals: Record<string, string> = { outage: '--outage must be 1 to 600 seconds', rateLimit: '--rate-limit must be 1 to 100 requests a second' };
  throw new Error(refusals[where] ?? '--slow must be 100 to 20000 milliseconds');
}
