import { describe, expect, it } from 'vitest';
import { judgePolling, workloadDigest, type JudgedEntry, type PurchaseTiming } from '../../../../bench/lib/polling/sandbox-judge.ts';
import { workloadBuys } from '../../../../bench/lib/polling/polling-analysis.ts';
import { medianAndWorst } from '../../../../bench/lib/figures/stats.ts';

const post = (purchaseId: string, time: number, status = 303, adviceSeconds = 1): JudgedEntry => ({
  time, arrivedAt: time - 2, method: 'POST', status, class: 'purchase', path: '/titles/DN1/purchases', purchaseId, ...(status === 303 ? { adviceSeconds } : {}),
});
const get = (purchaseId: string, arrivedAt: number, status: number, adviceSeconds?: number): JudgedEntry => ({
  time: arrivedAt + 1, arrivedAt, method: 'GET', status, class: 'result', path: `/results/${purchaseId}`, purchaseId, ...(adviceSeconds === undefined ? {} : { adviceSeconds }),
});

// Purchase a: ready at 2,500; perfect GETs at 1,000 (202, 2 s) and 3,000 (200).
// Purchase b: ready at 1,200; perfect GETs at 1,000 (202, 1 s) and 2,000 (200).
const timings: PurchaseTiming[] = [
  { id: 'a', sequence: 1, createdAt: 0, readyAt: 2500, checkpoints: [1000, 3000] },
  { id: 'b', sequence: 2, createdAt: 0, readyAt: 1200, checkpoints: [1000, 2000] },
];

describe('judging polling from the sandbox log', () => {
  it('counts early GETs, lateness and the time from readiness to the 200 against the sandbox advice', () => {
    const log: JudgedEntry[] = [
      post('a', 0),
      // Arrives 10 ms after the 303 left plus its 1 s.
      get('a', 1010, 202, 2),
      // The 202 left at 1,011 and advised 2 s: this GET is 30 ms late.
      get('a', 3041, 200),
      post('b', 0),
      // Early: 500 ms after the 303 that advised 1 s.
      get('b', 500, 202, 1),
      get('b', 1501, 200),
      // An unrelated request is ignored.
      { time: 5, arrivedAt: 4, method: 'GET', status: 200, class: 'catalog', path: '/titles/DN1/catalog' },
    ];
    const judged = judgePolling(log, timings);
    expect(judged).toMatchObject({ purchases: 2, posts: 2, gets: 4, minimalGets: 4, getsToMinimal: 1, earlyGets: 1, withoutResult: 0 });
    // The first POST arrived at -2; the last POST's answer left at 0.
    expect(judged.postsSpanMs).toBe(2);
    expect(judged.latenessP50Ms).toBe(10);
    expect(judged.latenessMaxMs).toBe(30);
    // Every GET came after the last POST's answer.
    expect(judged.latenessWhilePostingP99Ms).toBeNull();
    expect(judged.latenessAfterPostsP99Ms).toBe(30);
    // a: 200 left at 3,042, ready at 2,500 → 542; b: 200 left at 1,502, ready at 1,200 → 302.
    expect(judged.readyToResultP50Ms).toBe(302);
    expect(judged.readyToResultMaxMs).toBe(542);
    expect(judged.perfectReadyToResultP50Ms).toBe(500);
    expect(judged.perfectReadyToResultP99Ms).toBe(800);
  });

  it('splits lateness at the last POST answer: GETs while purchases are still being sent, and after', () => {
    const log: JudgedEntry[] = [
      post('a', 0),
      // 40 ms late, while b's POST is still out (its answer leaves at 1,500).
      get('a', 1040, 202, 2),
      post('b', 1500),
      // 3 ms late, after the last POST's answer.
      get('a', 3044, 200),
      get('b', 2503, 200),
    ];
    const judged = judgePolling(log, timings);
    expect(judged.latenessWhilePostingP99Ms).toBe(40);
    expect(judged.latenessAfterPostsP99Ms).toBe(3);
    expect(judged.latenessP99Ms).toBe(40);
    expect(judged.postsSpanMs).toBe(1502);
    // a's first GET was answered (1,041) within the span (-2 to 1,500); the two others after it.
    expect(judged.getsWhilePosting).toBe(1);
    // 2 POSTs and 1 GET in 1.502 s.
    expect(judged.requestsPerSecondWhilePosting).toBe(2);
  });

  it('counts only result GETs answered within the POSTs\' span, and has no rate without POSTs', () => {
    const log: JudgedEntry[] = [
      post('a', 0),
      get('a', 400, 202, 1),
      { time: 450, arrivedAt: 449, method: 'GET', status: 200, class: 'catalog', path: '/titles/DN1/catalog' },
      get('b', 900, 202, 1),
      post('b', 1000),
      get('a', 1401, 200),
    ];
    const judged = judgePolling(log, timings);
    expect(judged.getsWhilePosting).toBe(2);
    // 2 POSTs and 2 GETs in 1.002 s.
    expect(judged.requestsPerSecondWhilePosting).toBe(4);
    const none = judgePolling([get('a', 400, 202, 1)], timings);
    expect(none.getsWhilePosting).toBeNull();
    expect(none.requestsPerSecondWhilePosting).toBeNull();
  });

  it('counts a purchase that never got its 200, and needs no GET for a purchase answered at once', () => {
    const judged = judgePolling([post('a', 0), get('a', 1000, 202, 2), post('b', 0, 200)], timings);
    expect(judged).toMatchObject({ gets: 1, minimalGets: 2, withoutResult: 1, earlyGets: 0 });
  });

  it('tells workloads apart by readiness and plan relative to creation, not by absolute time', () => {
    const shifted = timings.map((timing) => ({ ...timing, createdAt: timing.createdAt + 50, readyAt: timing.readyAt + 50, checkpoints: timing.checkpoints.map((at) => at + 50) }));
    expect(workloadDigest(shifted)).toBe(workloadDigest(timings));
    expect(workloadDigest([...timings].reverse())).toBe(workloadDigest(timings));
    const other = timings.map((timing) => (timing.id === 'b' ? { ...timing, readyAt: 1300 } : timing));
    expect(workloadDigest(other)).not.toBe(workloadDigest(timings));
  });
});

describe('median and worst of repeated runs', () => {
  it('takes the middle value (mean of the two middle ones for an even count) and the highest, skipping missing runs', () => {
    expect(medianAndWorst([30, 10, 20])).toEqual({ median: 20, worst: 30 });
    expect(medianAndWorst([4, 1, null, 2, 3])).toEqual({ median: 2.5, worst: 4 });
    expect(medianAndWorst([null])).toEqual({ median: null, worst: null });
  });

  it('takes the lowest as the worst of a rate', () => {
    expect(medianAndWorst([3000, 3400, 2900], 'lower')).toEqual({ median: 3000, worst: 2900 });
  });
});

describe('the purchases of a polling workload', () => {
  it('pairs every title with the first variable, then with the next, so no pair is bought twice', () => {
    const buys = workloadBuys({ titles: ['DN1', 'DN2'], variables: ['v1', 'v2', 'v3'], purchases: 5 });
    expect(buys).toEqual([
      { title: 'DN1', variable: 'v1' }, { title: 'DN2', variable: 'v1' },
      { title: 'DN1', variable: 'v2' }, { title: 'DN2', variable: 'v2' },
      { title: 'DN1', variable: 'v3' },
    ]);
    expect(() => workloadBuys({ titles: ['DN1', 'DN2'], variables: ['v1', 'v2', 'v3'], purchases: 7 })).toThrow('7 purchases need more than 2 titles × 3 variables.');
  });
});
