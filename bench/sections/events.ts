import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { startCore } from '../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../electron/core/settings/conf-settings-store.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';
import { goalMark, issuePacing, type Section, type SectionOutcome } from '../lib/figures/section.ts';
import { maxInWindow, mean, round, show } from '../lib/figures/stats.ts';

const batchSchema = z.object({ purchases: z.array(z.object({ id: z.string() })) });
const createdSchema = z.object({ ok: z.literal(true), data: z.object({ id: z.string() }) });
const goalPerSecond = 10;

/**
 * The real wiring (startCore: embedded sandbox, registry, PurchaseService, update batcher,
 * event hub, router): purchases are made through the router as the UI makes them, and every
 * purchase:updated message a window would receive is counted.
 */
export const eventsSection: Section = {
  name: 'events',
  title: 'Events to the renderer while purchases change state',
  async run(context): Promise<SectionOutcome> {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bench-events-'));
    const started = await startCore({
      dataDir,
      secrets: new MemorySecretStore(),
      settings: new ConfSettingsStore(dataDir),
      sandbox: { pacing: issuePacing },
      resume: false,
    });
    try {
      const { core } = started;
      const config = core.sandbox;
      const variable = config?.sampleVariables[0];
      if (config === undefined || variable === undefined) throw new Error('The core started without its sandbox.');
      const testTitles = new Set(config.testTitles);
      const titles = [...buildWorld(defaultWorldSeed).titles.keys()].filter((title) => !testTitles.has(title)).sort().slice(0, context.purchases);
      const messages: { at: number; size: number }[] = [];
      let changes = 0;
      const stopCounting = core.purchases.onUpdate(() => {
        changes += 1;
      });
      const unsubscribe = core.events.subscribe((channel, payload) => {
        if (channel === 'purchase:updated') messages.push({ at: performance.now(), size: batchSchema.parse(payload).purchases.length });
      });
      context.log(`events: ${titles.length} purchases through the router`);
      const startedAt = performance.now();
      const created = await Promise.all(titles.map(async (titleNumber) => createdSchema.parse(await core.router.dispatch('purchase:create', { titleNumber, variables: [variable] }))));
      const settled = await Promise.all(created.map((result) => core.purchases.waitForSettled(result.data.id)));
      // The batcher's trailing message comes at most one interval after the last change.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const seconds = (performance.now() - startedAt) / 1000;
      unsubscribe();
      stopCounting();
      const sizes = messages.map((message) => message.size);
      const times = messages.map((message) => message.at);
      const gaps = times.slice(1).map((at, index) => at - (times[index] ?? at));
      const perCalendarSecond = new Map<number, number>();
      for (const at of times) perCalendarSecond.set(Math.floor(at / 1000), (perCalendarSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
      const delivered = sizes.reduce((sum, size) => sum + size, 0);
      const figures = {
        purchases: titles.length,
        available: settled.filter((record) => record.state === 'available').length,
        runSeconds: round(seconds, 1),
        stateChanges: changes,
        messages: messages.length,
        messagesPerSecondMean: round(messages.length / seconds, 1),
        maxMessagesInAnySecond: maxInWindow(times, 1000),
        maxMessagesInOneClockSecond: Math.max(0, ...perCalendarSecond.values()),
        minGapMs: gaps.length === 0 ? null : round(Math.min(...gaps), 1),
        meanBatchSize: round(mean(sizes), 1),
        maxBatchSize: sizes.length === 0 ? null : Math.max(...sizes),
        purchasesDelivered: delivered,
      };
      return {
        figures,
        tables: [{
          columns: ['', 'measured', 'goal', ''],
          rows: [
            ['purchases (available)', `${figures.purchases} (${figures.available})`, '', ''],
            ['record changes in core', String(changes), '', ''],
            ['purchase:updated messages', String(figures.messages), '', ''],
            ['max messages in any 1 s', String(figures.maxMessagesInAnySecond), `<= ${goalPerSecond}`, goalMark(figures.maxMessagesInAnySecond <= goalPerSecond)],
            ['  max in one clock second', String(figures.maxMessagesInOneClockSecond), '', ''],
            ['  shortest gap between messages', show(figures.minGapMs, ' ms'), '', ''],
            ['mean messages per second', show(figures.messagesPerSecondMean), '', ''],
            ['mean / max batch (purchases)', `${show(figures.meanBatchSize)} / ${show(figures.maxBatchSize)}`, '', ''],
            ['run', show(figures.runSeconds, ' s'), '', ''],
          ],
        }],
        notes: ['The sandbox is embedded in the bench process here, as in the app; only the messages are measured. "Any 1 s" slides a 1,000 ms window over every message, so it is never lower than the count in one clock second.'],
      };
    } finally {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
