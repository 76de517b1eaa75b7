import { describe, expect, it } from 'vitest';
import { createAppLife } from '../../../electron/main/lifecycle/app-life.ts';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  const settle: { resolve?: () => void; reject?: (error: Error) => void } = {};
  const promise = new Promise<void>((resolve, reject) => { Object.assign(settle, { resolve, reject }); });
  return { promise, resolve: () => { settle.resolve?.(); }, reject: (error) => { settle.reject?.(error); } };
}

describe("the desktop app's life", () => {
  it('goes from starting to running to quitting to closed, shutting down once', async () => {
    const calls: string[] = [];
    const life = createAppLife({ start: () => Promise.resolve(), shutdown: { run: () => { calls.push('shutdown'); return Promise.resolve(); } } });
    expect(life.phase).toBe('idle');
    const started = life.start();
    expect(life.phase).toBe('starting');
    await started;
    expect(life.phase).toBe('running');
    const quit = life.quit();
    expect(life.phase).toBe('quitting');
    expect(life.quit()).toBe(quit);
    await quit;
    expect(life.phase).toBe('closed');
    expect(calls).toEqual(['shutdown']);
  });

  it('a quit during the start waits for it, so the core it opened is closed, and the start opens nothing more', async () => {
    const opening = deferred();
    const calls: string[] = [];
    const life = createAppLife({
      start: async () => {
        await opening.promise;
        calls.push('core opened');
        if (life.quitRequested()) return;
        calls.push('window created');
      },
      shutdown: { run: () => { calls.push('core closed'); return Promise.resolve(); } },
    });
    const started = life.start();
    const quit = life.quit();
    await Promise.resolve();
    expect(calls).toEqual([]);
    opening.resolve();
    await Promise.all([started, quit]);
    expect(calls).toEqual(['core opened', 'core closed']);
    expect(life.phase).toBe('closed');
  });

  it('a start that fails still shuts down when asked, and the failure stays the start\'s', async () => {
    const opening = deferred();
    const calls: string[] = [];
    const life = createAppLife({ start: () => opening.promise, shutdown: { run: () => { calls.push('shutdown'); return Promise.resolve(); } } });
    const started = life.start();
    opening.reject(new Error('journal locked'));
    await expect(started).rejects.toThrow('journal locked');
    await life.quit();
    expect(calls).toEqual(['shutdown']);
    expect(life.phase).toBe('closed');
  });
});
