import type { CDPSession, Page, Request } from '@playwright/test';
import { z } from 'zod';
import { round } from '../figures/stats.ts';

const metricsSchema = z.object({ metrics: z.array(z.object({ name: z.string(), value: z.number() })) });

/** What the page's main thread did over a stretch, in seconds, from Chromium's own counters. */
export interface PageWork {
  readonly taskSeconds: number | null;
  readonly scriptSeconds: number | null;
  readonly layoutSeconds: number | null;
  readonly styleSeconds: number | null;
  /** The contract calls the page itself made (pushed events are not calls). */
  readonly contractRequests: number;
  /** The same, by channel, most first. */
  readonly contractRequestsByChannel: Record<string, number>;
}

const counters = { taskSeconds: 'TaskDuration', scriptSeconds: 'ScriptDuration', layoutSeconds: 'LayoutDuration', styleSeconds: 'RecalcStyleDuration' } as const;

async function readCounters(cdp: CDPSession): Promise<Map<string, number>> {
  const { metrics } = metricsSchema.parse(await cdp.send('Performance.getMetrics'));
  return new Map(metrics.map((metric) => [metric.name, metric.value]));
}

/**
 * Starts counting the page's main-thread time (Chromium's Performance domain: what its tasks,
 * scripts, layouts and style recalculations took) and the contract calls it makes. `stop` gives
 * what happened since. No profiler runs, so the page is as fast as without it.
 */
export async function watchPageWork(page: Page): Promise<{ stop: () => Promise<PageWork> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await readCounters(cdp);
  const byChannel = new Map<string, number>();
  const onRequest = (request: Request): void => {
    const path = decodeURIComponent(new URL(request.url()).pathname);
    if (!path.startsWith('/api/invoke/')) return;
    const channel = path.slice('/api/invoke/'.length);
    byChannel.set(channel, (byChannel.get(channel) ?? 0) + 1);
  };
  page.on('request', onRequest);
  return {
    async stop() {
      page.off('request', onRequest);
      const after = await readCounters(cdp);
      await cdp.detach();
      const spent = (name: string): number | null => {
        const start = before.get(name);
        const end = after.get(name);
        return start === undefined || end === undefined ? null : round(end - start, 2);
      };
      const sorted = [...byChannel].sort((a, b) => b[1] - a[1]);
      return {
        taskSeconds: spent(counters.taskSeconds),
        scriptSeconds: spent(counters.scriptSeconds),
        layoutSeconds: spent(counters.layoutSeconds),
        styleSeconds: spent(counters.styleSeconds),
        contractRequests: sorted.reduce((sum, [, count]) => sum + count, 0),
        contractRequestsByChannel: Object.fromEntries(sorted),
      };
    },
  };
}
