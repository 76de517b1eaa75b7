/**
 * The sandbox in a process of its own, so that the client under test is measured alone. Prints
 * {baseUrl, config, titles} once listening; the bench reads counts over the control API.
 */
import { z } from 'zod';
import { recordCpuTimeline } from '../lib/machine/cpu-timeline.ts';
import { startSandbox } from '../../electron/sandbox/index.ts';
import { buildWorld, defaultWorldSeed } from '../../electron/sandbox/world/build-world.ts';

const rangeSchema = z.tuple([z.number(), z.number()]);
const optionsSchema = z.object({
  tokenTtlSeconds: z.number().optional(),
  pacing: z.object({ retryAfterSeconds: rangeSchema.optional(), maxAgeSeconds: rangeSchema.optional(), readySeconds: rangeSchema.optional() }).optional(),
});

const options = optionsSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
// The sandbox's own CPU over the run, printed when the bench asks (SIGUSR2): beside the client's,
// it tells which of the two ran out of CPU while the POSTs were answered.
const cpu = recordCpuTimeline();
process.on('SIGUSR2', () => {
  process.stdout.write(`${JSON.stringify({ cpuTimeline: cpu.stop() })}\n`);
});
const sandbox = await startSandbox({ port: 0, control: true, logLimit: 200_000, ...options });
const testTitles = new Set(sandbox.config.testTitles);
// Titles where service.min-wait would apply are left out: every purchase follows the same pacing.
const titles = [...buildWorld(defaultWorldSeed).titles.keys()].filter((title) => !testTitles.has(title)).sort();
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, config: sandbox.config, titles })}\n`);

const stop = (): void => {
  sandbox.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
