import { z } from 'zod';

/**
 * Fault injection per request class, for tests and demos. A rule with a count applies to the next
 * N matching requests; without a count it applies until the rules are replaced or cleared.
 */
export const faultRuleSchema = z.strictObject({
  target: z.enum(['token', 'purchase', 'result']),
  /**
   * status429: "too many requests", with Retry-After as the service would ask a client to slow
   * down. rateLimit: each client (its access token) may make `perSecond` such requests in a
   * second; the rest are answered 429 with Retry-After until the next second.
   */
  kind: z.enum(['status429', 'rateLimit', 'status500', 'status503', 'status504', 'drop', 'latency']),
  count: z.int().min(1).optional(),
  perSecond: z.int().min(1).max(100_000).optional(),
  retryAfterSeconds: z.int().min(0).max(86_400).optional(),
  /** How a 429 or 503 gives its Retry-After: delay-seconds (default), an HTTP-date, or not at all. */
  retryAfterForm: z.enum(['seconds', 'date', 'none']).optional(),
  latencyMs: z.int().min(0).max(600_000).optional(),
});
export const faultRulesSchema = z.array(faultRuleSchema).max(100);

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultTarget = FaultRule['target'];

interface ActiveRule {
  readonly rule: FaultRule;
  remaining: number;
  /** rateLimit: requests of each client in the current second. */
  readonly seconds?: Map<string, { second: number; used: number }>;
}

export class FaultBook {
  #rules: ActiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  /** Replaces every rule; the input is validated so a bad option fails loudly at start-up. */
  set(rules: readonly FaultRule[]): void {
    this.#rules = faultRulesSchema.parse(rules).map((rule) => ({ rule, remaining: rule.count ?? Infinity, ...(rule.kind === 'rateLimit' ? { seconds: new Map() } : {}) }));
  }

  /** Whether a rule hits this request: always, except a limit per second the client is within. */
  #applies(entry: ActiveRule, client: string, now: number): boolean {
    if (entry.seconds === undefined) return true;
    const second = Math.floor(now / 1000);
    const window = entry.seconds.get(client);
    const used = window?.second === second ? window.used + 1 : 1;
    entry.seconds.set(client, { second, used });
    return used > (entry.rule.perSecond ?? 1);
  }

  /** The rules still in force, with counts reduced by what has been used. */
  list(): FaultRule[] {
    return this.#rules.map(({ rule, remaining }) =>
      Number.isFinite(remaining) ? { ...rule, count: remaining } : { ...rule },
    );
  }

  /**
   * Consumes and returns the first rule in force for this target, if any. A limit per second
   * answers for itself: a 429 for a client over it, else the next rule decides.
   */
  take(target: FaultTarget, client = '', now = Date.now()): FaultRule | undefined {
    const active = this.#rules.find((entry) => entry.rule.target === target && entry.remaining > 0 && this.#applies(entry, client, now));
    if (active === undefined) return undefined;
    active.remaining -= 1;
    if (active.remaining <= 0) this.#rules = this.#rules.filter((entry) => entry !== active);
    // The next second is the client's next chance: Retry-After 1 (a count limits how many such 429s).
    return active.rule.kind === 'rateLimit' ? { target, kind: 'status429', retryAfterSeconds: 1 } : active.rule;
  }
}

/** `target:kind[:count[:retryAfterSeconds]]` as given to `titledesk sandbox --fault`. */
export function parseFaultFlag(flag: string): FaultRule | undefined {
  const [target, kind, count, seconds, ...rest] = flag.split(':');
  if (rest.length > 0) return undefined;
  if ([count, seconds].some((part) => part !== undefined && !/^[0-9]+$/.test(part))) return undefined;
  const parsed = faultRuleSchema.safeParse({
    target,
    kind,
    count: count === undefined ? undefined : Number(count),
    retryAfterSeconds: seconds === undefined ? undefined : Number(seconds),
  });
  return parsed.success ? parsed.data : undefined;
}
