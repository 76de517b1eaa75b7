import { describe, expect, it } from 'vitest';
import { evenPostingDemand } from '../../../../bench/lib/polling/post-demand.ts';
import { resultGetsPhase, type JudgedEntry, type PurchaseTiming } from '../../../../bench/lib/polling/sandbox-judge.ts';

// Created at different absolute times by whichever client ran: the plan counts from each POST.
const timings: PurchaseTiming[] = [
  { id: 'c', sequence: 3, createdAt: 50_000, readyAt: 51_000, checkpoints: [51_000] },
  { id: 'a', sequence: 1, createdAt: 10_000, readyAt: 12_500, checkpoints: [11_000, 13_000] },
  { id: 'b', sequence: 2, createdAt: 20_000, readyAt: 20_100, checkpoints: [21_000, 22_000, 23_000] },
];

describe('what a POST-span goal asks of a perfect client', () => {
  it('moves each purchase\'s plan to its POST spread evenly over the span, in sequence order, and counts the GETs due within it', () => {
    // POSTs at 0 (a), 1,000 (b) and 2,000 (c). GETs due at 1,000 and 3,000 (a); 2,000, 3,000 and 4,000 (b); 3,000 (c).
    const demand = evenPostingDemand(timings, 3000);
    expect(demand.getsDue).toBe(2);
    expect(demand.requestsPerSecond).toBe(Math.round((3 + 2) * 1000 / 3000));
    // Second 3 holds three GETs; seconds 1 and 2 hold a POST and a GET each.
    expect(demand.busiestSecond).toBe(3);
  });

  it('has nothing due for an empty workload', () => {
    expect(evenPostingDemand([], 3000)).toEqual({ getsDue: 0, requestsPerSecond: 0, busiestSecond: 0 });
  });

  it('spans the result GETs from the first arriving to the last answer, ignoring every other request', () => {
    const entry = (method: string, requestClass: string, arrivedAt: number, time: number): JudgedEntry => ({ method, class: requestClass, arrivedAt, time, status: 200, path: '/x' });
    const log = [entry('POST', 'purchase', 0, 5), entry('GET', 'result', 10, 12), entry('GET', 'result', 11, 30), entry('GET', 'catalog', 40, 50)];
    expect(resultGetsPhase(log)).toEqual({ first: 10, last: 30, requests: 2 });
    expect(resultGetsPhase(log.slice(0, 1))).toBeUndefined();
  });
});
