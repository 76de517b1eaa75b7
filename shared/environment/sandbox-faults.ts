import { z } from 'zod';
import { catalogShapeSchema } from './sandbox-behaviour.ts';

/**
 * What the built-in Sandbox is told to simulate, for demos (Settings → Sandbox, the CLI's
 * sandbox and web commands): an outage, slow answers, timeouts, a rate limit. Each applies to the purchase
 * and result requests of the Data Purchase Service, never to sign-in, until it is turned off;
 * where several are on, a request meets the strongest (timeouts, then the outage, then delay).
 */
export const sandboxFaultsSchema = z.strictObject({
  /** 503 Service Unavailable with Retry-After, as the service answers while closed for maintenance. */
  outage: z.strictObject({ retryAfterSeconds: z.int().min(1).max(600) }).nullable(),
  /** Every answer this late. */
  slow: z.strictObject({ delayMs: z.int().min(100).max(20_000) }).nullable(),
  /** Answers later than TitleDesk waits for one (its limit is 30 s a request). */
  timeouts: z.boolean(),
  /** Each client may make this many requests a second; the rest answer 429 with Retry-After 1. Absent: off. */
  rateLimit: z.strictObject({ perSecond: z.int().min(1).max(100) }).nullable().optional(),
  /** Catalogs in the reference pages' shape (`variables[]`, older identifiers) instead of the guide's `member[]`. Absent: `member`. */
  catalogShape: catalogShapeSchema.optional(),
});
export type SandboxFaults = z.infer<typeof sandboxFaultsSchema>;

export const noSandboxFaults: SandboxFaults = { outage: null, slow: null, timeouts: false };

/** How long a simulated timeout holds an answer back: beyond TitleDesk's 30 s request limit. */
export const simulatedTimeoutMs = 35_000;

export function anySandboxFault(faults: SandboxFaults): boolean {
  return faults.outage !== null || faults.slow !== null || faults.timeouts || (faults.rateLimit ?? null) !== null || faults.catalogShape === 'variables';
}

/** The faults in words, for the banner and the CLI: "an outage (503, Retry-After 5 s), slow answers (2,000 ms)". */
export function describeSandboxFaults(faults: SandboxFaults): string {
  const parts = [
    ...(faults.timeouts ? ['timeouts (answers after 35 s)'] : []),
    ...(faults.outage === null ? [] : [`an outage (503, Retry-After ${String(faults.outage.retryAfterSeconds)} s)`]),
    ...(faults.slow === null ? [] : [`slow answers (${faults.slow.delayMs.toLocaleString('en-GB')} ms)`]),
    ...(faults.rateLimit === null || faults.rateLimit === undefined ? [] : [`a rate limit (${String(faults.rateLimit.perSecond)} requests a second, then 429)`]),
    ...(faults.catalogShape === 'variables' ? ['catalogs in the older variables[] shape'] : []),
  ];
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}
