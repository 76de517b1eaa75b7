import { z } from 'zod';

/**
 * Fault injection per request class, for tests and demos. A rule with a count applies to the next
 * N matching requests; without a count it applies until the rules are replaced or cleared.
 */
export const faultRuleSchema = z.strictObject({
  target: z.enum(['token', 'purchase', 'result']),
  kind: z.enum(['status500', 'status503', 'status504', 'drop', 'latency']),
  count: z.int().min(1).optional(),
  retryAfterSeconds: z.int().min(0).max(86_400).optional(),
  latencyMs: z.int().min(0).max(600_000).optional(),
});
export const faultRulesSchema = z.array(faultRuleSchema).max(100);

export type FaultRule = z.infer<typeof faultRuleSchema>;
export type FaultTarget = FaultRule['target'];

interface ActiveRule {
  readonly rule: FaultRule;
  remaining: number;
}

export class FaultBook {
  #rules: ActiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  /** Replaces every rule; the input is validated so a bad option fails loudly at start-up. */
  set(rules: readonly FaultRule[]): void {
    this.#rules = faultRulesSchema.parse(rules).map((rule) => ({ rule, remaining: rule.count ?? Infinity }));
  }

  /** The rules still in force, with counts reduced by what has been used. */
  list(): FaultRule[] {
    return this.#rules.map(({ rule, remaining }) =>
      Number.isFinite(remaining) ? { ...rule, count: remaining } : { ...rule },
    );
  }

  /** Consumes and returns the first rule in force for this target, if any. */
  take(target: FaultTarget): FaultRule | undefined {
    const active = this.#rules.find((entry) => entry.rule.target === target && entry.remaining > 0);
    if (active === undefined) return undefined;
    active.remaining -= 1;
    if (active.remaining <= 0) this.#rules = this.#rules.filter((entry) => entry !== active);
    return active.rule;
  }
}

/** `target:kind[:count]` as given to `titledesk sandbox --fault`. */
export function parseFaultFlag(flag: string): FaultRule | undefined {
  const [target, kind, count, ...rest] = flag.split(':');
  if (rest.length > 0) return undefined;
  if (count !== undefined && !/^[0-9]+$/.test(count)) return undefined;
  const parsed = faultRuleSchema.safeParse({ target, kind, count: count === undefined ? undefined : Number(count) });
  return parsed.success ? parsed.data : undefined;
}
