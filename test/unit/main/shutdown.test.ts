import { describe, expect, it } from 'vitest';
import { createShutdown } from '../../../electron/main/lifecycle/shutdown.ts';

describe('createShutdown', () => {
  it('runs every step once, in order, however often it is asked', async () => {
    const calls: string[] = [];
    const shutdown = createShutdown({
      steps: () => [
        { name: 'ipc', run: () => void calls.push('ipc') },
        { name: 'core', run: async () => { await new Promise((resolve) => setTimeout(resolve, 10)); calls.push('core'); } },
        { name: 'sandbox', run: () => void calls.push('sandbox') },
      ],
      onError: () => undefined,
    });
    expect(shutdown.state).toBe('idle');
    const first = shutdown.run();
    expect(shutdown.state).toBe('closing');
    const second = shutdown.run();
    expect(second).toBe(first);
    await Promise.all([first, second, shutdown.run()]);
    expect(shutdown.state).toBe('closed');
    expect(calls).toEqual(['ipc', 'core', 'sandbox']);
    await shutdown.run();
    expect(calls).toHaveLength(3);
  });

  it('goes on after a failing step and reports it', async () => {
    const calls: string[] = [];
    const errors: string[] = [];
    const shutdown = createShutdown({
      steps: () => [
        { name: 'core', run: () => Promise.reject(new Error('journal busy')) },
        { name: 'throws', run: () => { throw new Error('sync failure'); } },
        { name: 'sandbox', run: () => void calls.push('sandbox') },
      ],
      onError: (step, error) => void errors.push(`${step}: ${error instanceof Error ? error.message : String(error)}`),
    });
    await expect(shutdown.run()).resolves.toBeUndefined();
    expect(errors).toEqual(['core: journal busy', 'throws: sync failure']);
    expect(calls).toEqual(['sandbox']);
  });

  it('does not let a hanging step keep the app open', async () => {
    const errors: string[] = [];
    const shutdown = createShutdown({
      steps: () => [{ name: 'hangs', run: () => new Promise<void>(() => undefined) }, { name: 'next', run: () => undefined }],
      onError: (step) => void errors.push(step),
      stepTimeoutMs: 20,
    });
    await shutdown.run();
    expect(errors).toEqual(['hangs']);
    expect(shutdown.state).toBe('closed');
  });

  it('reads the steps when it runs, so objects created later are closed', async () => {
    const started: { core?: { closed: boolean } } = {};
    const shutdown = createShutdown({
      steps: () => [{ name: 'core', run: () => { if (started.core !== undefined) started.core.closed = true; } }],
      onError: () => undefined,
    });
    started.core = { closed: false };
    await shutdown.run();
    expect(started.core.closed).toBe(true);
  });
});
